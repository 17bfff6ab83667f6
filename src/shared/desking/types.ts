/**
 * A deal's worksheet as the API returns it: what the desk typed, the state's tax rule it is figured with, and the
 * figures, each worked out by the shared arithmetic so the screen and the server never disagree.
 */
import { z } from 'zod';
import { taxRuleSchema } from './tax.js';
import { worksheetFields } from './worksheet.js';

const cents = z.number();

export const worksheetTotalsSchema = z.object({
  selling_price_cents: cents,
  rebates_cents: cents,
  fees_cents: cents,
  products_cents: cents,
  products_profit_cents: cents,
  trade_allowance_cents: cents,
  trade_payoff_cents: cents,
  trade_equity_cents: cents,
  negative_equity_cents: cents,
  tax_rate_percent: z.number(),
  taxable_cents: cents,
  sales_tax_cents: cents,
  cash_price_cents: cents,
  cash_down_cents: cents,
  amount_financed_cents: cents,
  overpayment_cents: cents,
});

export const financeFiguresSchema = z.object({
  amount_financed_cents: cents,
  apr_percent: z.number(),
  term_months: z.number(),
  payment_cents: cents,
  last_payment_cents: cents,
  finance_charge_cents: cents,
  total_of_payments_cents: cents,
  first_payment_date: z.string(),
});

export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

export const leaseFiguresSchema = z.object({
  gross_capitalized_cost_cents: cents,
  capitalized_cost_reduction_cents: cents,
  adjusted_capitalized_cost_cents: cents,
  residual_value_cents: cents,
  depreciation_cents: cents,
  rent_charge_cents: cents,
  total_of_base_monthly_payments_cents: cents,
  term_months: z.number(),
  base_monthly_payment_cents: cents,
  monthly_sales_tax_cents: cents,
  total_monthly_payment_cents: cents,
  upfront_sales_tax_cents: cents,
  amount_due_at_signing_cents: cents,
  cash_due_at_signing_cents: cents,
  total_of_monthly_payments_cents: cents,
  disposition_fee_cents: cents,
  total_of_payments_cents: cents,
  miles_per_year: z.number(),
  /** The money factor's APR equivalent, shown beside it. */
  apr_equivalent_percent: z.number(),
});

export const worksheetFiguresSchema = z.object({
  totals: worksheetTotalsSchema,
  finance: financeFiguresSchema.nullable(),
  lease: leaseFiguresSchema.nullable(),
});
export type WorksheetFigures = z.infer<typeof worksheetFiguresSchema>;

export const dealWorksheetSchema = z.object({
  deal_id: z.string(),
  state: z.string(),
  worksheet: worksheetFields,
  /** The state's rule in force, or null when the state is no longer in the settings (then no figures). */
  rule: taxRuleSchema.nullable(),
  figures: worksheetFiguresSchema.nullable(),
  /** The saved worksheet's version; null for the draft a deal starts with, never saved. */
  updated_at: z.string().nullable(),
});
export type DealWorksheet = z.infer<typeof dealWorksheetSchema>;
