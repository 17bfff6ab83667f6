import { useEffect, useRef, useState } from 'react';

/**
 * The text of a field that applies itself, trimmed, once typing pauses for `delayMs`, so each keystroke is not a
 * request. A new `value` from outside (a reload, Back, Clear filters) replaces the text; the field's own commit coming
 * back as `value` does not, so what was typed meanwhile is kept (a slow list once put the old search back over it).
 */
export function useDebouncedText(value: string, onCommit: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  // What was last sent, so a value the list cannot use (a year of 5 digits) is not sent again and again.
  const sent = useRef(value);
  useEffect(() => {
    if (value === sent.current) return;
    setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => {
    const typed = text.trim();
    if (typed === value || typed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = typed;
      onCommit(typed);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, value, onCommit, delayMs]);
  return [text, setText] as const;
}
