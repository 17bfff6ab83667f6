import { describe, expect, it } from 'vitest';
import { contentLine, escapeText, foldLine, paramValue, text, writeCalendar } from '../../src/server/modules/tasks/icalendar.js';

/**
 * The iCalendar writer by RFC 5545's own words and examples: TEXT escaping (§3.3.11), parameter values (§3.2) and
 * folding at 75 octets (§3.1). Unfolding here is written from §3.1 ("removing the CRLF character and the immediately
 * following single linear white-space character"), not taken from the writer.
 */
const unfold = (calendar: string) => calendar.replace(/\r\n[ \t]/g, '');

/** The lines of a calendar as the octets a calendar program reads, each without its CRLF. */
function octetLines(calendar: string) {
  const bytes = Buffer.from(calendar, 'utf8');
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
    }
  }
  // Every line, the last too, ends with CRLF.
  expect(start).toBe(bytes.length);
  return lines;
}

describe('TEXT values (RFC 5545 §3.3.11)', () => {
  it('writes the RFC’s multiple-line example as it prints it', () => {
    // §3.3.11: "A multiple line value of: Project XYZ Final Review / Conference Room - 3B / Come Prepared. would be
    // represented as: Project XYZ Final Review\nConference Room - 3B\nCome Prepared."
    expect(escapeText('Project XYZ Final Review\nConference Room - 3B\nCome Prepared.')).toBe(
      'Project XYZ Final Review\\nConference Room - 3B\\nCome Prepared.',
    );
  });

  it('escapes a backslash, a semicolon and a comma, and leaves a colon and a double quote as they are', () => {
    // §3.8.1.7's example: LOCATION:Conference Room - F123\, Bldg. 002
    expect(escapeText('Conference Room - F123, Bldg. 002')).toBe('Conference Room - F123\\, Bldg. 002');
    expect(escapeText('C:\\Deals; "final", done')).toBe('C:\\\\Deals\\; "final"\\, done');
  });

  it('writes every line break as \\n — CRLF, a lone CR and a lone LF — and leaves out the other controls', () => {
    expect(escapeText('Lot B\r\nRow 3\rSpace 7\nGate')).toBe('Lot B\\nRow 3\\nSpace 7\\nGate');
    // TAB is WSP, which TEXT allows; BEL, ESC and DEL are CONTROL, which it does not.
    expect(escapeText('a\tb\u0007c\u001bd\u007fe')).toBe('a\tbcde');
  });

  it('keeps a hostile title on its one line', () => {
    const line = contentLine(text('SUMMARY', 'Test drive\r\nEND:VEVENT\r\nBEGIN:VEVENT\rSUMMARY:Free car'));
    expect(line).toBe('SUMMARY:Test drive\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Free car\r\n');
  });
});

describe('parameter values (RFC 5545 §3.2)', () => {
  it('quotes a value holding a COLON, SEMICOLON or COMMA, and only then', () => {
    expect(paramValue('John Smith')).toBe('John Smith');
    expect(paramValue('Smith, John')).toBe('"Smith, John"');
    expect(paramValue('Sales; East')).toBe('"Sales; East"');
    expect(paramValue('mailto:a@b.example')).toBe('"mailto:a@b.example"');
    expect(paramValue('José Peñasco')).toBe('José Peñasco');
  });

  it('writes the RFC’s own example: a quoted ALTREP and an escaped TEXT value, folded at 75 octets', () => {
    // §3.2: DESCRIPTION;ALTREP="cid:part1.0001@example.org":The Fall'98 Wild Wizards Conference - - Las Vegas\, NV\, USA
    const line = contentLine(
      text('DESCRIPTION', "The Fall'98 Wild Wizards Conference - - Las Vegas, NV, USA", [
        ['ALTREP', 'cid:part1.0001@example.org'],
      ]),
    );
    expect(line).toBe(
      'DESCRIPTION;ALTREP="cid:part1.0001@example.org":The Fall\'98 Wild Wizards Co\r\n' +
        ' nference - - Las Vegas\\, NV\\, USA\r\n',
    );
  });

  it('holds no control character and no DQUOTE: a line break is a space, a DQUOTE an apostrophe', () => {
    // "Property parameter values MUST NOT contain the DQUOTE character."
    expect(paramValue('Robert "Bob" Smith')).toBe("Robert 'Bob' Smith");
    expect(paramValue('Sam\r\nEND:VEVENT\r\nBEGIN:VEVENT')).toBe('"Sam END:VEVENT BEGIN:VEVENT"');
    expect(paramValue('Sam\rSeller\n')).toBe('Sam Seller ');
    expect(paramValue('a\u0000b\u001fc\u007fd')).toBe('abcd');
    const organizer = contentLine({
      name: 'ORGANIZER',
      params: [['CN', 'Sam"\r\nBEGIN:VEVENT\r\nSUMMARY:x"']],
      value: 'mailto:sam@dealer.example',
    });
    expect(organizer).toBe(`ORGANIZER;CN="Sam' BEGIN:VEVENT SUMMARY:x'":mailto:sam@dealer.example\r\n`);
  });
});

describe('folding (RFC 5545 §3.1)', () => {
  it('leaves the RFC’s example line, under 75 octets, whole, and unfolds the RFC’s folded form to it', () => {
    const line = 'DESCRIPTION:This is a long description that exists on a long line.';
    expect(foldLine(line)).toBe(line);
    // §3.1's folded form of the same line, the second continuation keeping the space of the text after its own.
    expect(unfold('DESCRIPTION:This is a lo\r\n ng description\r\n  that exists on a long line.')).toBe(line);
  });

  it('counts octets, not characters: a two-octet ñ that would make the 76th octet opens the next line', () => {
    // 4 + 70 = 74 octets, and ñ is two: the first line stops before it.
    expect(foldLine(`X-T:${'a'.repeat(70)}ñb`)).toBe(`X-T:${'a'.repeat(70)}\r\n ñb`);
    // The same line in ASCII fits 75 octets to the letter and folds after them.
    expect(foldLine(`X-T:${'a'.repeat(71)}b`)).toBe(`X-T:${'a'.repeat(71)}\r\n b`);
    // A four-octet character (one code point, two UTF-16 units) is never split either.
    expect(foldLine(`X-T:${'a'.repeat(69)}🚗z`)).toBe(`X-T:${'a'.repeat(69)}\r\n 🚗z`);
  });

  it('folds a long multi-byte place into lines of at most 75 octets that unfold to it', () => {
    const place = 'Concesionario Peñasco · Sala 2 — Avenida de la Constitución 1234, Edificio Ñandú, Jerez 🚗 Fin';
    const calendar = writeCalendar([], [[text('LOCATION', place), text('SUMMARY', `${place} · ${place}`)]]);
    const lines = octetLines(calendar);
    for (const line of lines) {
      expect(line.length, line.toString()).toBeLessThanOrEqual(75);
      // Each line is whole UTF-8: no character is split between two lines.
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(line)).not.toThrow();
    }
    expect(lines.some((line) => line[0] === 0x20)).toBe(true);
    const unfolded = unfold(calendar);
    expect(unfolded).toContain(
      '\r\nLOCATION:Concesionario Peñasco · Sala 2 — Avenida de la Constitución 1234\\, Edificio Ñandú\\, Jerez 🚗 Fin\r\n',
    );
    expect(unfolded.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);
  });
});
