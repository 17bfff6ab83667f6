/**
 * The deal worksheet the desk pencils: the car's price, rebates, fees, F&I products, trade-ins and cash down, and
 * how the customer pays (cash, finance or lease). Its totals show negative equity plainly and carry it into what is
 * financed or leased.
 */
import { z } from 'zod';
import { calendarDay, moneyCents, optionalText, requiredText, version } from '../common/fields.js';
import { optionalVin } from '../vehicles/schemas.js';
import { daysBetween } from './finance.js';
import type { LeaseInput } from './lease.js';
import {
  cappedTax,
  combinedRatePercent,
  feeKinds,
  localTaxRatePercent,
  productKinds,
  salesTaxOn,
  taxableAmount,
  taxStateCode,
  type StateTaxRule,
} from './tax.js';

export const MAX_TERM_MONTHS = 120;
/** A money factor this large is an APR typed in the wrong box: 0.02 is already a 48 % APR. */
export const MONEY_FACTOR_CEILING = 0.02;

export const PAYOFF_NEEDS_LENDER = 'Enter the lender for the payoff';
export const TERM_TOO_SHORT = 'Term must be at least 1 month';
export const RESIDUAL_ABOVE_PRICE = 'Residual cannot be more than the price';
export const MONEY_FACTOR_LOOKS_LIKE_APR = 'That looks like an APR: a money factor is about APR ÷ 2400, e.g. 0.00125';
/** A desked deal's contract price and monthly payment, refused when typed on the deal itself. */
export const FROM_WORKSHEET = 'This comes from the worksheet: change it on the desk';
export const FIRST_PAYMENT_BEFORE_CONTRACT = 'First payment must be after the contract date';
/** A completed deal's worksheet is what was signed. */
export const DESK_CLOSED = 'This deal is completed: its worksheet is read-only and no quote is sent from it';
export const LOCALITY_NOT_LISTED = 'Choose a county or city listed in Settings → Desking for this state';

/** A worksheet amount in cents, named in its messages ('Cash down must be positive', 'Cash down is too large'). */
export const moneyField = (label: string) => moneyCents(`${label} must be positive`, `${label} is too large`);

export const termField = z
  .number({ error: TERM_TOO_SHORT })
  .int('Term must be a whole number of months')
  .min(1, TERM_TOO_SHORT)
  .max(MAX_TERM_MONTHS, `Term must be at most ${MAX_TERM_MONTHS} months`);

const rebate = z.object({ name: requiredText(80, 'Name the rebate'), amount_cents: moneyField('Rebate') });

export const feeSchema = z.object({
  name: requiredText(80, 'Name the fee'),
  amount_cents: moneyField('Fee'),
  taxable: z.boolean(),
  kind: z.enum(feeKinds).default('other'),
});

export const productSchema = z.object({
  kind: z.enum(productKinds),
  name: requiredText(80, 'Name the product'),
  price_cents: moneyField('Product price'),
  cost_cents: moneyField('Product cost'),
  taxable: z.boolean(),
});

/** The vehicle traded in, as the desk identifies it, and what it is worth and owes. */
const tradeIn = z.object({
  vin: optionalVin,
  year: z
    .number({ error: 'Enter the year as a number' })
    .int('Enter the year as a number')
    .min(1900, 'Year is too early')
    .max(new Date().getFullYear() + 2, 'Year is too far ahead')
    .nullable()
    .default(null),
  make: optionalText(60),
  model: optionalText(80),
  allowance_cents: moneyField('Trade allowance'),
  actual_cash_value_cents: moneyField('Actual cash value'),
  payoff_cents: moneyField('Payoff'),
  lender: optionalText(120),
});

const cashDeal = z.object({ kind: z.literal('cash') });

const financeDeal = z.object({
  kind: z.literal('finance'),
  apr_percent: z
    .number({ error: 'APR must be from 0 to 100 %' })
    .min(0, 'APR must be from 0 to 100 %')
    .max(100, 'APR must be from 0 to 100 %'),
  term_months: termField,
  contract_date: calendarDay(),
  first_payment_date: calendarDay(),
});

const leaseDeal = z.object({
  kind: z.literal('lease'),
  residual_value_cents: moneyField('Residual'),
  money_factor: z
    .number({ error: 'Money factor must be positive' })
    .min(0, 'Money factor must be positive')
    .refine((factor) => factor < MONEY_FACTOR_CEILING, MONEY_FACTOR_LOOKS_LIKE_APR),
  term_months: termField,
  acquisition_fee_cents: moneyField('Acquisition fee'),
  acquisition_fee_capitalized: z.boolean().default(true),
  /** Title, registration and other fees paid at signing rather than over the term. */
  upfront_fees_cents: moneyField('Fees at signing').default(0),
  security_deposit_cents: moneyField('Security deposit').default(0),
  disposition_fee_cents: moneyField('Disposition fee').default(0),
  miles_per_year: z.number().int('Miles per year must be a whole number').min(0).max(100_000).default(12_000),
});

/** A cell of the payment grid marked to present to the customer: its term and cash down. */
export const gridOptionSchema = z.object({ term_months: termField, cash_down_cents: moneyField('Cash down') });
export type GridOption = z.output<typeof gridOptionSchema>;
export const MAX_OPTIONS = 3;
export const OPTIONS_NEED_PAYMENTS = 'Options to present come from the finance or lease grid';
export const OPTION_TWICE = 'This option is already marked';

export const worksheetFields = z.object({
  selling_price_cents: moneyField('Selling price'),
  /** The sticker price a lease's residual percentages are of; the selling price when not given. */
  msrp_cents: moneyField('MSRP').nullable().default(null),
  rebates: z.array(rebate).max(20, 'At most 20 rebates').default([]),
  fees: z.array(feeSchema).max(30, 'At most 30 fees').default([]),
  products: z.array(productSchema).max(20, 'At most 20 products').default([]),
  trade_ins: z.array(tradeIn).max(3, 'At most 3 trade-ins').default([]),
  cash_down_cents: moneyField('Cash down').default(0),
  /** The county or city rate added to the state's, in percent. */
  local_tax_rate_percent: localTaxRatePercent.default(0),
  /** The county or city of Settings → Desking whose rate that is; none when the rate is typed. */
  locality: optionalText(80),
  structure: z.discriminatedUnion('kind', [cashDeal, financeDeal, leaseDeal]),
  /** The brokerage's fee, paid by the customer apart from the vehicle's price and shown as a line of its own. */
  broker_fee_cents: moneyField('Broker fee').default(0),
  /** The grid's cells marked to present, in the order marked; none presents the structure as it stands. */
  options: z.array(gridOptionSchema).max(MAX_OPTIONS, `Present at most ${MAX_OPTIONS} options`).default([]),
});

/** Every payoff names its lender; a residual never exceeds the price; the first payment follows the contract. */
function checkDeal(deal: z.output<typeof worksheetFields>, ctx: z.RefinementCtx) {
  deal.trade_ins.forEach((trade, index) => {
    if (trade.payoff_cents > 0 && trade.lender === null) {
      ctx.addIssue({ code: 'custom', path: ['trade_ins', index, 'lender'], message: PAYOFF_NEEDS_LENDER, input: trade.lender });
    }
  });
  const { structure } = deal;
  if (structure.kind === 'lease' && structure.residual_value_cents > deal.selling_price_cents) {
    const path = ['structure', 'residual_value_cents'];
    ctx.addIssue({ code: 'custom', path, message: RESIDUAL_ABOVE_PRICE, input: structure.residual_value_cents });
  }
  if (structure.kind === 'cash' && deal.options.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: OPTIONS_NEED_PAYMENTS, input: deal.options });
  }
  const seen = new Set<string>();
  deal.options.forEach((option, index) => {
    const key = `${option.term_months}/${option.cash_down_cents}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['options', index], message: OPTION_TWICE, input: option });
    seen.add(key);
  });
  if (structure.kind === 'finance' && daysBetween(structure.contract_date, structure.first_payment_date) <= 0) {
    const path = ['structure', 'first_payment_date'];
    ctx.addIssue({ code: 'custom', path, message: FIRST_PAYMENT_BEFORE_CONTRACT, input: structure.first_payment_date });
  }
}

export const worksheetSchema = worksheetFields.superRefine(checkDeal);
export type WorksheetInput = z.input<typeof worksheetSchema>;
export type Worksheet = z.output<typeof worksheetSchema>;

/** What the desk saves: the worksheet, the state it is taxed in, and the version it read (null for the first save). */
export const worksheetSaveSchema = z.object({
  state: taxStateCode,
  worksheet: worksheetSchema,
  updated_at: version.nullable(),
});
export type WorksheetSave = z.output<typeof worksheetSaveSchema>;

export const structureLabels = { cash: 'Cash', finance: 'Finance', lease: 'Lease' } as const;

export type WorksheetTotals = {
  selling_price_cents: number;
  rebates_cents: number;
  fees_cents: number;
  products_cents: number;
  /** What the products earn the store: their price less their cost. */
  products_profit_cents: number;
  trade_allowance_cents: number;
  trade_payoff_cents: number;
  /** Allowances less payoffs over every trade; negative when more is owed than the trades are worth. */
  trade_equity_cents: number;
  /** The amount owed beyond the trades' allowances, carried into the amount financed; 0 when there is none. */
  negative_equity_cents: number;
  tax_rate_percent: number;
  taxable_cents: number;
  sales_tax_cents: number;
  /** The vehicle, products, fees and sales tax: what the customer pays before any credit. */
  cash_price_cents: number;
  cash_down_cents: number;
  /** Cash price less cash down, rebates and positive equity, plus negative equity. */
  amount_financed_cents: number;
  /** Credits beyond the cash price, owed back to the customer; 0 in a usual deal. */
  overpayment_cents: number;
};

const sum = <T>(items: T[], amount: (item: T) => number) => items.reduce((total, item) => total + amount(item), 0);

/** The purchase side of the worksheet, taxed by the rule of the state the buyer registers in. */
export function worksheetTotals(worksheet: Worksheet, rule: StateTaxRule): WorksheetTotals {
  const rebates_cents = sum(worksheet.rebates, (rebate) => rebate.amount_cents);
  const fees_cents = sum(worksheet.fees, (fee) => fee.amount_cents);
  const products_cents = sum(worksheet.products, (product) => product.price_cents);
  const trade_allowance_cents = sum(worksheet.trade_ins, (trade) => trade.allowance_cents);
  const trade_payoff_cents = sum(worksheet.trade_ins, (trade) => trade.payoff_cents);
  const trade_equity_cents = trade_allowance_cents - trade_payoff_cents;
  const tax_rate_percent = combinedRatePercent(rule, worksheet.local_tax_rate_percent);
  const taxable_cents = taxableAmount(
    {
      selling_price_cents: worksheet.selling_price_cents,
      rebates_cents,
      trade_in_allowance_cents: trade_allowance_cents,
      fees: worksheet.fees,
      products: worksheet.products,
    },
    rule,
  );
  const salesTax = cappedTax(salesTaxOn(taxable_cents, tax_rate_percent), rule);
  const cash_price_cents = worksheet.selling_price_cents + fees_cents + products_cents + salesTax;
  const balance = cash_price_cents - worksheet.cash_down_cents - rebates_cents - trade_equity_cents;
  return {
    selling_price_cents: worksheet.selling_price_cents,
    rebates_cents,
    fees_cents,
    products_cents,
    products_profit_cents: products_cents - sum(worksheet.products, (product) => product.cost_cents),
    trade_allowance_cents,
    trade_payoff_cents,
    trade_equity_cents,
    negative_equity_cents: Math.max(0, -trade_equity_cents),
    tax_rate_percent,
    taxable_cents,
    sales_tax_cents: salesTax,
    cash_price_cents,
    cash_down_cents: worksheet.cash_down_cents,
    amount_financed_cents: Math.max(0, balance),
    overpayment_cents: Math.max(0, -balance),
  };
}

/** The lease terms a worksheet carries. */
export type LeaseStructure = z.output<typeof leaseDeal>;

/**
 * The worksheet as a lease: every fee and product on it is paid over the term, negative equity is the prior balance
 * in the gross capitalized cost, and positive equity, rebates and cash down reduce it.
 */
export function leaseInputFromWorksheet(worksheet: Worksheet, lease: LeaseStructure, rule: StateTaxRule): LeaseInput {
  const equity = sum(worksheet.trade_ins, (trade) => trade.allowance_cents - trade.payoff_cents);
  return {
    agreed_price_cents: worksheet.selling_price_cents,
    capitalized_items_cents: sum(worksheet.fees, (fee) => fee.amount_cents) + sum(worksheet.products, (p) => p.price_cents),
    prior_balance_cents: Math.max(0, -equity),
    acquisition_fee_cents: lease.acquisition_fee_cents,
    acquisition_fee_capitalized: lease.acquisition_fee_capitalized,
    cash_down_cents: worksheet.cash_down_cents,
    net_trade_in_cents: Math.max(0, equity),
    rebates_cents: sum(worksheet.rebates, (rebate) => rebate.amount_cents),
    residual_value_cents: lease.residual_value_cents,
    money_factor: lease.money_factor,
    term_months: lease.term_months,
    tax_rate_percent: combinedRatePercent(rule, worksheet.local_tax_rate_percent),
    tax_method: rule.lease_method,
    upfront_fees_cents: lease.upfront_fees_cents,
    security_deposit_cents: lease.security_deposit_cents,
    disposition_fee_cents: lease.disposition_fee_cents,
    miles_per_year: lease.miles_per_year,
  };
}
