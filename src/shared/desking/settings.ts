/**
 * Settings → Desking: the default state, the county and city rates the desk may pick, the fees and products a new
 * worksheet starts with, the payment grid's terms and cash downs, the lease defaults (residuals as the admin types
 * them; no vendor data) and how long a quote holds. Admins change them through the settings, audited like every
 * section. The states' own rules are not settings: they come from the data file (state-taxes.ts).
 */
import { z } from 'zod';
import { requiredText } from '../common/fields.js';
import { DEFAULT_GRID_DOWNS, DEFAULT_GRID_TERMS } from './grid.js';
import { feeKinds, localTaxRatePercent, taxStateCode } from './tax.js';
import {
  feeSchema,
  MONEY_FACTOR_CEILING,
  MONEY_FACTOR_LOOKS_LIKE_APR,
  moneyField,
  productSchema,
  termField,
} from './worksheet.js';

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A fee every new worksheet lists; for one state only when `state` names it. */
const feeDefault = feeSchema.extend({ kind: z.enum(feeKinds), state: taxStateCode.nullable() });

/** The lender's residual for a term, in percent of MSRP, as the admin typed it. */
const residual = z.object({
  term_months: termField,
  percent: z
    .number({ error: 'Residual must be from 1 to 100 %' })
    .min(1, 'Residual must be from 1 to 100 %')
    .max(100, 'Residual must be from 1 to 100 %'),
});

/** A county's or city's rate, added to its state's, that the desk picks by name. */
export const localRateSchema = z.object({
  state: taxStateCode,
  name: requiredText(80, 'Name the county or city'),
  rate_percent: localTaxRatePercent,
});
export type LocalRate = z.infer<typeof localRateSchema>;
export const LOCAL_RATE_TWICE = 'Each county or city once per state';

export const GRID_SIZE_MESSAGE = 'Give three terms and three cash downs';

export const deskingSettingsSchema = z.object({
  default_state: taxStateCode,
  local_rates: z
    .array(localRateSchema)
    .max(500, 'At most 500 local rates')
    .refine((rates) => new Set(rates.map((r) => `${r.state}/${r.name.toLowerCase()}`)).size === rates.length, LOCAL_RATE_TWICE),
  fees: z.array(feeDefault).max(30, 'At most 30 fees'),
  products: z.array(productSchema).max(20, 'At most 20 products'),
  grid_terms: z.array(termField).length(3, GRID_SIZE_MESSAGE),
  grid_downs: z.array(moneyField('Cash down')).length(3, GRID_SIZE_MESSAGE),
  lease: z.object({
    money_factor: z
      .number({ error: 'Money factor must be positive' })
      .min(0, 'Money factor must be positive')
      .refine((factor) => factor < MONEY_FACTOR_CEILING, MONEY_FACTOR_LOOKS_LIKE_APR),
    acquisition_fee_cents: moneyField('Acquisition fee'),
    disposition_fee_cents: moneyField('Disposition fee'),
    miles_per_year: whole(0, 100_000, 'Miles per year must be from 0 to 100,000'),
    residuals: z.array(residual).max(12, 'At most 12 residuals'),
  }),
  quote_valid_days: whole(1, 60, 'A quote must hold for 1 to 60 days'),
});
export type DeskingSettings = z.infer<typeof deskingSettingsSchema>;

/** A new installation's desking: Texas, no local rates, a documentation fee, no products, 36–60 months. */
export const defaultDeskingSettings: DeskingSettings = {
  default_state: 'TX',
  local_rates: [],
  fees: [
    { name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee', state: null },
    { name: 'Title and registration', amount_cents: 0, taxable: false, kind: 'other', state: null },
  ],
  products: [],
  grid_terms: DEFAULT_GRID_TERMS,
  grid_downs: DEFAULT_GRID_DOWNS,
  lease: { money_factor: 0.00125, acquisition_fee_cents: 0, disposition_fee_cents: 0, miles_per_year: 12_000, residuals: [] },
  quote_valid_days: 3,
};

/** The county and city rates the admins listed for a state. */
export const localRatesOf = (desking: Pick<DeskingSettings, 'local_rates'>, state: string) =>
  desking.local_rates.filter((rate) => rate.state === state);
