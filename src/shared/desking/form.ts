/**
 * The desk's form: the worksheet as it is typed, every amount in dollars ('25,300.50') and every number as text,
 * under the API's own field names, so a message the server sends for `trade_ins.0.lender` lands on that field.
 */
import { z } from 'zod';
import { typedAmount } from '../common/fields.js';
import { dollarsText, toCents } from '../money.js';
import { worksheetFields, worksheetSchema, type Worksheet } from './worksheet.js';

/** A value with each number written as the desk types it. */
type Typed<T> = T extends number
  ? string
  : T extends (infer U)[]
    ? Typed<U>[]
    : T extends object
      ? { [K in keyof T]: Typed<T[K]> }
      : T;
export type WorksheetForm = Typed<Worksheet>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields whose blank means "none" and stays null; every other blank number is refused by the schema's message. */
const nullable = new Set(['msrp_cents', 'year']);

function fromForm(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => fromForm(item));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromForm(v, k)]));
  if (typeof value !== 'string' || !/(_cents|_percent|_months|money_factor|miles_per_year|^year)$/.test(key)) return value;
  const number = typedAmount(value);
  if (number === undefined) return nullable.has(key) ? null : undefined;
  return key.endsWith('_cents') && typeof number === 'number' ? toCents(number) : number;
}

function toForm(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => toForm(item));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toForm(v, k)]));
  if (value === null && nullable.has(key)) return '';
  if (typeof value !== 'number') return value;
  return key.endsWith('_cents') ? dollarsText(value) : String(value);
}

/** The form's values read as the API's worksheet, checked by the API's own schema and messages. */
export const worksheetFormSchema = z.preprocess((form) => fromForm(form), worksheetSchema);

/**
 * The form's values read for figuring only: every number checked, but not what a save also asks (a payoff's lender, a
 * residual within the price), so the figures follow the desk while those are still being filled in.
 */
export const worksheetFiguringSchema = z.preprocess((form) => fromForm(form), worksheetFields);

/** A saved worksheet as the form shows it: cents as dollars, numbers as text. */
export const worksheetToForm = (worksheet: Worksheet) => toForm(worksheet) as WorksheetForm;
