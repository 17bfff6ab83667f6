import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

type SearchPickerProps<T> = Omit<ComponentProps<'input'>, 'onSelect'> & {
  options: T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onPick: (option: T) => void;
  /** Shown under the options, e.g. how many more match. */
  footer?: ReactNode;
};

/**
 * A text input with suggestions (the ARIA combobox pattern): typing keeps the text, arrow keys and Enter or a
 * click pick a suggestion.
 */
export function SearchPicker<T>({
  options,
  optionKey,
  renderOption,
  onPick,
  footer,
  className,
  onKeyDown,
  onFocus,
  onBlur,
  ...input
}: SearchPickerProps<T>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = open && options.length > 0;

  const pick = (option: T) => {
    onPick(option);
    setOpen(false);
  };

  return (
    <div className="relative">
      <Input
        {...input}
        role="combobox"
        autoComplete="off"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        className={className}
        onFocus={(e) => {
          setOpen(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          setOpen(false);
          onBlur?.(e);
        }}
        onChange={(e) => {
          setOpen(true);
          setActive(0);
          input.onChange?.(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && options.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % options.length);
          } else if (e.key === 'ArrowUp' && options.length) {
            e.preventDefault();
            setActive((i) => (i - 1 + options.length) % options.length);
          } else if (e.key === 'Enter' && shown && options[active]) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
          onKeyDown?.(e);
        }}
      />
      {shown && (
        <div className="bg-popover text-popover-foreground absolute z-50 mt-1 w-full overflow-hidden rounded-md border shadow-md">
          <ul id={listId} role="listbox" className="max-h-64 overflow-y-auto p-1">
            {options.map((option, i) => (
              <li
                key={optionKey(option)}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn(
                  'cursor-pointer rounded-sm px-2 py-1.5 text-sm',
                  i === active && 'bg-accent text-accent-foreground',
                )}
                onMouseEnter={() => setActive(i)}
                // Picking on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(option);
                }}
              >
                {renderOption(option)}
              </li>
            ))}
          </ul>
          {footer}
        </div>
      )}
    </div>
  );
}
