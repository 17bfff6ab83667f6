import pg from 'pg';

const { builtins } = pg.types;

/** The value of the digits of `text` from `from` to `to`, or NaN when one is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return NaN;
    value = value * 10 + code - 48;
  }
  return value;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

const readTimestamptz = pg.types.getTypeParser(builtins.TIMESTAMPTZ) as (text: string) => Date;
const DASH = 45;
const SPACE = 32;
const COLON = 58;
const DOT = 46;
const PLUS = 43;

/**
 * A `timestamptz` as PostgreSQL writes it (DateStyle ISO): `YYYY-MM-DD HH:MM:SS[.ffffff]±HH[:MM]`, read by position.
 * Every listed row carries two or more; node-postgres's own reader (three regular expressions a value) was a
 * large share of a customer list's CPU in a profile, and this one takes a fraction of its time (bench/README.md). Anything else (infinity, a year before 100 or
 * after 9999, BC, an offset with seconds) goes to node-postgres's reader. Milliseconds are the fraction's first
 * three digits, as a Date keeps them.
 */
function parseTimestamptz(text: string): Date {
  if (
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
  )
    return readTimestamptz(text);
  const year = digits(text, 0, 4);
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === DOT) {
    const start = ++at;
    while (at < text.length && isDigit(text.charCodeAt(at))) at++;
    const shown = Math.min(at - start, 3);
    ms = digits(text, start, start + shown) * 10 ** (3 - shown);
  }
  const sign = text.charCodeAt(at);
  if (sign !== PLUS && sign !== DASH) return readTimestamptz(text);
  let offset = digits(text, at + 1, at + 3) * 60;
  at += 3;
  if (text.charCodeAt(at) === COLON) {
    offset += digits(text, at + 1, at + 3);
    at += 3;
  }
  if (at !== text.length || !(year >= 100)) return readTimestamptz(text);
  const local = Date.UTC(
    year,
    digits(text, 5, 7) - 1,
    digits(text, 8, 10),
    digits(text, 11, 13),
    digits(text, 14, 16),
    digits(text, 17, 19),
    ms,
  );
  const time = local - (sign === PLUS ? offset : -offset) * 60_000;
  return Number.isNaN(time) ? readTimestamptz(text) : new Date(time);
}

/**
 * How values are read from PostgreSQL's text, on a server and in the embedded engine alike. bigint (int8) and
 * count(*) arrive as strings by default; every bigint Torque stores is money in cents or a byte count, far below
 * 2^53. A `date` is a calendar day, not a moment: it stays 'YYYY-MM-DD'.
 */
export function setTypeParsers() {
  pg.types.setTypeParser(builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(builtins.NUMERIC, (v) => Number(v));
  pg.types.setTypeParser(builtins.DATE, (v) => v);
  pg.types.setTypeParser(builtins.TIMESTAMPTZ, parseTimestamptz);
}
