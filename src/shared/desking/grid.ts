/**
 * The payment grid the desk shows the customer: terms down the side, cash down across the top, every cell worked
 * out by the same arithmetic as the deal itself, so a different down changes the amount financed or the
 * capitalized cost reduction, and the tax wherever the tax depends on it.
 */
import { addMonths, financeTerms } from './finance.js';
import { leaseTerms, residualFromPercent } from './lease.js';
import type { StateTaxRule } from './tax.js';
import { leaseInputFromWorksheet, worksheetTotals, type GridOption, type LeaseStructure, type Worksheet } from './worksheet.js';

export const DEFAULT_GRID_TERMS = [36, 48, 60];
export const DEFAULT_GRID_DOWNS = [0, 100_000, 200_000];

export type GridAxes = { terms: number[]; downs: number[] };

/** Three terms down the side and three cash downs across. */
export const GRID_SIZE = 3;

const firstOf = (own: number | null, defaults: readonly number[]) =>
  [...new Set([...(own === null ? [] : [own]), ...defaults])].slice(0, GRID_SIZE);

/**
 * The grid's axes: the worksheet's own term and cash down first, so the customer's own figures are always a cell, then
 * the admins' defaults (Settings → Desking) that differ from them.
 */
export function gridAxes(
  worksheet: Worksheet,
  defaults: { grid_terms: readonly number[]; grid_downs: readonly number[] },
): GridAxes {
  const ownTerm = worksheet.structure.kind === 'cash' ? null : worksheet.structure.term_months;
  return { terms: firstOf(ownTerm, defaults.grid_terms), downs: firstOf(worksheet.cash_down_cents, defaults.grid_downs) };
}

export type FinanceGridCell = {
  term_months: number;
  cash_down_cents: number;
  amount_financed_cents: number;
  payment_cents: number;
};
export type LeaseGridCell = {
  term_months: number;
  cash_down_cents: number;
  total_monthly_payment_cents: number;
  amount_due_at_signing_cents: number;
};
/** One row per term, one cell per cash down, in the order the axes list them. */
export type PaymentGrid<Cell> = GridAxes & { rows: Cell[][] };

const gridOf = <Cell>(axes: GridAxes, cell: (term_months: number, cash_down_cents: number) => Cell): PaymentGrid<Cell> => ({
  ...axes,
  rows: axes.terms.map((term_months) => axes.downs.map((cash_down_cents) => cell(term_months, cash_down_cents))),
});

export type FinanceGridOptions = GridAxes & {
  apr_percent: number;
  contract_date: string;
  /** One month after the contract date unless given. */
  first_payment_date?: string;
};

/** Monthly payments of the worksheet financed at one APR, for each term and cash down. */
export function financeGrid(worksheet: Worksheet, rule: StateTaxRule, options: FinanceGridOptions) {
  const first_payment_date = options.first_payment_date ?? addMonths(options.contract_date, 1);
  return gridOf<FinanceGridCell>(options, (term_months, cash_down_cents) => {
    const { amount_financed_cents } = worksheetTotals({ ...worksheet, cash_down_cents }, rule);
    const terms = financeTerms({
      amount_financed_cents,
      apr_percent: options.apr_percent,
      term_months,
      contract_date: options.contract_date,
      first_payment_date,
    });
    return { term_months, cash_down_cents, amount_financed_cents, payment_cents: terms.payment_cents };
  });
}

export type LeaseGridOptions = GridAxes & {
  /** The residual changes with the term: the lender's residual for each term, in cents. */
  residualCents: (term_months: number) => number;
};

/** Total monthly lease payments (tax included where the state taxes each payment) for each term and cash down. */
export function leaseGrid(worksheet: Worksheet, lease: LeaseStructure, rule: StateTaxRule, options: LeaseGridOptions) {
  return gridOf<LeaseGridCell>(options, (term_months, cash_down_cents) => {
    const structure = { ...lease, term_months, residual_value_cents: options.residualCents(term_months) };
    const terms = leaseTerms(leaseInputFromWorksheet({ ...worksheet, cash_down_cents }, structure, rule));
    return {
      term_months,
      cash_down_cents,
      total_monthly_payment_cents: terms.total_monthly_payment_cents,
      amount_due_at_signing_cents: terms.amount_due_at_signing_cents,
    };
  });
}

/** The lender's residuals the admin typed (Settings → Desking), in percent of MSRP by term. */
export type Residuals = readonly { term_months: number; percent: number }[];

/**
 * The residual of a lease of each term: the admin's percentage for that term of the MSRP (the selling price when no
 * MSRP is given), else the residual the desk typed.
 */
export function residualCentsFor(worksheet: Worksheet, lease: LeaseStructure, residuals: Residuals) {
  const base = worksheet.msrp_cents ?? worksheet.selling_price_cents;
  return (term_months: number) => {
    const listed = residuals.find((r) => r.term_months === term_months);
    return listed ? residualFromPercent(base, listed.percent) : lease.residual_value_cents;
  };
}

/** The worksheet as the customer takes one option of the grid: its term and cash down, and a lease's residual for it. */
export function withOption(worksheet: Worksheet, option: GridOption, residuals: Residuals): Worksheet {
  const { structure } = worksheet;
  if (structure.kind === 'cash') return worksheet;
  const cash_down_cents = option.cash_down_cents;
  if (structure.kind === 'finance')
    return { ...worksheet, cash_down_cents, structure: { ...structure, term_months: option.term_months } };
  const residual_value_cents = residualCentsFor(worksheet, structure, residuals)(option.term_months);
  return { ...worksheet, cash_down_cents, structure: { ...structure, term_months: option.term_months, residual_value_cents } };
}
