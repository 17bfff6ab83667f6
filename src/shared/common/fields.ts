import { z } from 'zod';
import { MAX_MONEY_CENTS, toCents, toDollars } from '../money.js';
// Every schema built from these fields speaks plain words where it gives no message of its own.
import './plain-errors.js';

// NUL cannot be stored by PostgreSQL, and a lone UTF-16 surrogate is no character at all; with the `u` flag a
// well-formed pair is one code point, so only a lone half matches \p{Cs}.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True for text that can be stored as typed: no NUL and no broken encoding. */
export const isStorableText = (value: string) => !UNSTORABLE.test(value);
export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that cannot be saved';

/** A record id as PostgreSQL writes a uuid. Anything else names no record. */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRecordId = (value: unknown): value is string => typeof value === 'string' && RECORD_ID.test(value);
export const recordId = z.string().regex(RECORD_ID, 'Not found');

/** `:id` in a path; a malformed one answers 404, as a missing record does. */
export const idParams = z.object({ id: recordId });
/** `:id/…/:docId` in a path. */
export const documentParams = z.object({ id: recordId, docId: recordId });

/** Every text field and search term: trimmed, storable, at most `max` characters ('Notes must be at most 5000 characters'). */
export const text = (max: number) => z.string().trim().max(max).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/**
 * A required text field with the spec's message ('Name is required') when it is missing, blank or not text; its
 * other checks keep their own words (a schema's `error` would otherwise answer for them too).
 */
export const requiredText = (max: number, required: string) =>
  z
    .string({ error: (issue) => (issue.code === 'invalid_type' ? required : undefined) })
    .trim()
    .min(1, required)
    .max(max)
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/**
 * What no person's name holds: control characters (C0 with CR, LF and TAB, DEL, C1) and Unicode's line and paragraph
 * separators. A name is one line wherever it goes — an invitation's `CN=` (RFC 5545 §3.2), a mail header, a PDF — and a
 * line break in it would start a line of the sender's choosing there.
 */
const NOT_IN_A_NAME = /[\p{Cc}\u2028\u2029]/u;
const NOT_IN_A_NAME_RUNS = /[\p{Cc}\u2028\u2029]+/gu;
export const NAME_CONTROL_MESSAGE = 'A name cannot contain line breaks or control characters';
export const isOneLineName = (value: string) => !NOT_IN_A_NAME.test(value);

/**
 * A name as a sender wrote it, made one line: each run of control characters or line breaks becomes a space. For names
 * that arrive from other programs (ADF leads), where refusing would lose the lead; people typing are refused instead.
 */
export const oneLineName = (value: string) => value.replace(NOT_IN_A_NAME_RUNS, ' ').replace(/ {2,}/g, ' ').trim();

/** A person's name: trimmed, storable, one line, at most `max` characters. */
export const nameText = (max: number) => text(max).refine(isOneLineName, NAME_CONTROL_MESSAGE);

/** A required person's name, with the spec's message when missing ('Name is required'). */
export const requiredName = (max: number, required: string) =>
  requiredText(max, required).refine(isOneLineName, NAME_CONTROL_MESSAGE);

/** An optional person's name: blank, null or missing is stored as null. */
export const optionalName = (max: number) =>
  nameText(max)
    .nullish()
    .transform((v) => v || null);

/** An optional text field: blank, null or missing is stored as null. */
export const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v || null);

/** A list of short texts (features, car preferences): trimmed, no blanks, no repeats. */
export const textList = (itemMax: number, maxItems: number, tooMany = `At most ${maxItems} entries`) =>
  z
    .array(text(itemMax).min(1, 'Required'))
    .max(maxItems, tooMany)
    .optional()
    .transform((list) => [...new Set(list ?? [])]);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day as YYYY-MM-DD that exists, from year 1 to 9999: no 29 February 2023, no 30 February, no year 0
 * (JavaScript rolls the first two over into March and accepts the third; PostgreSQL refuses all three).
 */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const calendarDay = (message = 'Invalid date') => z.string().trim().refine(isCalendarDay, message);

export const optionalCalendarDay = (message = 'Invalid date') =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isCalendarDay(v), message);

/** An optional e-mail address; blank is null. */
export const optionalEmail = (max = 254) =>
  optionalText(max).refine((v) => v === null || z.email().safeParse(v).success, 'Invalid email');

/**
 * The version an edit was loaded at (the record's `updated_at` as the API sent it). A save with an older one is
 * refused as stale.
 */
export const version = z.iso.datetime({ offset: true, error: 'Reload the record and try again' });

/** An amount of money in integer cents, from 0 to the one cap every amount shares ($1,000,000,000). */
export const moneyCents = (message: string, tooLarge = 'Amount is too large') =>
  z.number({ error: message }).int(message).min(0, message).max(MAX_MONEY_CENTS, tooLarge);

/** What an emptied number input gives (NaN, '' or null) means "nothing typed". */
export const blankNumber = (v: unknown) =>
  v === '' || v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v;

/** A typed amount as a number: '25,300.50' → 25300.5; blank → undefined; anything else NaN, which is refused. */
export const typedAmount = (v: unknown) => {
  const value = typeof v === 'string' ? v.replaceAll(',', '').trim() : v;
  // Number('') is 0: a field left blank must stay blank, not become an amount of nothing.
  return value === '' ? undefined : blankNumber(typeof value === 'string' ? Number(value) : value);
};

/**
 * Dollars as typed ('1,500.50') in cents, checked by the API's own cents field so its messages stay: blank is
 * `blank` (nothing typed), anything that is no number NaN, which the field refuses.
 */
export const typedCents = <T extends z.ZodType<number | null, number | null | undefined>>(
  cents: T,
  blank: number | null | undefined = undefined,
) =>
  z
    .string()
    .transform((text) => {
      const typed = typedAmount(text);
      return typed === undefined ? blank : toCents(Number(typed));
    })
    .pipe(cents);

const dollarAmount = (message: string, tooLarge: string, required = message) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? required : message) })
    .min(0, message)
    .max(toDollars(MAX_MONEY_CENTS), tooLarge);

/** A required amount typed in dollars on a form, capped like the cents the API takes. */
export const dollars = (message: string, tooLarge = 'Amount is too large', required = message) =>
  z.preprocess(typedAmount, dollarAmount(message, tooLarge, required));

/** An optional amount typed in dollars: blank is null. */
export const optionalDollars = (message: string, tooLarge = 'Amount is too large') =>
  z.preprocess((v) => typedAmount(v) ?? null, dollarAmount(message, tooLarge).nullable());

/**
 * A filter's range read in order: a start after its end ('Year from' 2025, 'Year to' 2019) is refused on the end
 * field instead of silently matching nothing.
 */
export const orderedRange =
  <K extends string>(from: K, to: K, message: string) =>
  (value: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const start = value[from];
    const end = value[to];
    if (start == null || end == null) return;
    if ((start as number | string) > (end as number | string)) ctx.addIssue({ code: 'custom', path: [to], message, input: end });
  };
