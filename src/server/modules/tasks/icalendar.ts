/*
 * The few lines of iCalendar (RFC 5545) Torque writes: the customer's invitation, its changes and cancellation, and
 * each user's feed. Every value is written by its type's rule here, so no name, title or place can end a line early:
 * TEXT escaped (§3.3.11), parameter values quoted or cleaned (§3.2), every other value without control characters,
 * and each line folded at 75 octets of UTF-8 (§3.1).
 */

/** One content line (§3.1): `name *(";" param) ":" value`, before folding. */
export type ContentLine = { name: string; params?: [name: string, value: string][]; value: string };

/** RFC 5545's CONTROL (§3.1): US-ASCII controls but HTAB, which TEXT and parameter values allow as WSP. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/g;
/** A line break however it was typed: CRLF, a lone CR or a lone LF, and Unicode's line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

/**
 * A TEXT value (§3.3.11): a backslash, semicolon and comma escaped with a backslash, a line break (CRLF, CR or LF)
 * as `\n`; the other controls, which TEXT does not allow, left out.
 */
export function escapeText(value: string): string {
  return value
    .replace(LINE_BREAK, '\n')
    .replace(CONTROL, (char) => (char === '\n' ? char : ''))
    .replace(/[\\;,\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`));
}

/**
 * A parameter value (§3.2): it may hold no control character and no DQUOTE, and is quoted when it holds a COLON,
 * SEMICOLON or COMMA. A line break becomes a space, other controls are left out, and a DQUOTE becomes an apostrophe
 * (`CN=Robert 'Bob' Smith`), so the name still reads as it was written.
 */
export function paramValue(value: string): string {
  const clean = value.replace(LINE_BREAK, ' ').replace(CONTROL, '').replaceAll('"', "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** A value of another type (a date, a number, a URI, an enumeration): written as it is, without control characters. */
const plainValue = (value: string) => value.replace(LINE_BREAK, '').replace(CONTROL, '');

/** A property name (§3.1: iana-token or x-name, letters, digits and '-'). */
const NAME = /^[A-Za-z0-9-]+$/;

/**
 * A content line folded as §3.1 asks: no line longer than 75 octets without its CRLF, each continuation a CRLF and
 * one space. It counts UTF-8 octets, not characters, and breaks only between characters, so a multi-octet character
 * is never split across lines.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > 75) {
      lines.push(current);
      // The continuation's leading space is one of its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

/** A content line written and folded, with its CRLF. The value must already be in its type's form (see `text`). */
export function contentLine({ name, params = [], value }: ContentLine): string {
  if (!NAME.test(name) || params.some(([param]) => !NAME.test(param))) throw new Error(`Not an iCalendar name: ${name}`);
  const parameters = params.map(([param, paramText]) => `;${param}=${paramValue(paramText)}`).join('');
  return `${foldLine(`${name}${parameters}:${plainValue(value)}`)}\r\n`;
}

/** A property whose value is TEXT (SUMMARY, DESCRIPTION, LOCATION, X-WR-CALNAME …), escaped by §3.3.11. */
export const text = (name: string, value: string, params?: ContentLine['params']): ContentLine => ({
  name,
  params,
  value: escapeText(value),
});

/** A moment as a UTC DATE-TIME (§3.3.5, form #2): 20270315T170000Z. */
export const utcDateTime = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A day (YYYY-MM-DD) as a DATE value (§3.3.4): 20270315. */
export const dateValue = (day: string) => day.replaceAll('-', '');

/** A length in minutes as a DURATION (§3.3.6): PT45M. */
export const minutesDuration = (minutes: number) => `PT${minutes}M`;

/** One calendar: VCALENDAR's own properties, then each VEVENT's, every line folded and ended with CRLF (§3.4, §3.6.1). */
export function writeCalendar(properties: ContentLine[], events: ContentLine[][]): string {
  const line = (name: string, value: string) => contentLine({ name, value });
  return [
    line('BEGIN', 'VCALENDAR'),
    line('VERSION', '2.0'),
    line('CALSCALE', 'GREGORIAN'),
    ...properties.map(contentLine),
    ...events.flatMap((event) => [line('BEGIN', 'VEVENT'), ...event.map(contentLine), line('END', 'VEVENT')]),
    line('END', 'VCALENDAR'),
  ].join('');
}
