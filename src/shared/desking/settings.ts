/**
 * Settings → Desking: the states and their tax rules, the fees and products a new worksheet starts with, the payment
 * grid's terms and cash downs, the lease defaults (residuals as the admin types them; no vendor data) and how long a
 * quote holds. Admins change them through the settings, audited like every section.
 */
import { z } from 'zod';
import { DEFAULT_GRID_DOWNS, DEFAULT_GRID_TERMS } from './grid.js';
import { feeKinds, STATE_TAX_SEED, stateCode, taxRuleSchema } from './tax.js';
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
const feeDefault = feeSchema.extend({ kind: z.enum(feeKinds), state: stateCode.nullable() });

/** The lender's residual for a term, in percent of MSRP, as the admin typed it. */
const residual = z.object({
  term_months: termField,
  percent: z
    .number({ error: 'Residual must be from 1 to 100 %' })
    .min(1, 'Residual must be from 1 to 100 %')
    .max(100, 'Residual must be from 1 to 100 %'),
});

export const GRID_SIZE_MESSAGE = 'Give three terms and three cash downs';

export const deskingSettingsSchema = z
  .object({
    states: z
      .array(taxRuleSchema)
      .min(1, 'Keep at least one state')
      .max(60, 'At most 60 states')
      .refine((states) => new Set(states.map((s) => s.state)).size === states.length, 'Each state only once'),
    default_state: stateCode,
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
  })
  .refine((desking) => desking.states.some((s) => s.state === desking.default_state), {
    path: ['default_state'],
    message: 'Choose a state from the list',
  });
export type DeskingSettings = z.infer<typeof deskingSettingsSchema>;

/** A new installation's desking: the seeded states, a documentation fee, no products, 36–60 months. */
export const defaultDeskingSettings: DeskingSettings = {
  states: Object.values(STATE_TAX_SEED),
  default_state: 'TX',
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

/** The rule of `state` in the settings, or null when the admin has not listed it. */
export const ruleOf = (desking: DeskingSettings, state: string) => desking.states.find((s) => s.state === state) ?? null;
