/**
 * The lines the desk shows a worksheet's figures in, in order, so the screen says each figure once: the trade-in as its
 * allowance, its payoff and one net line (a credit, or the negative equity carried in), and a lease's taxes as the
 * state's rule collects them beside the sales tax the same vehicle would carry if bought.
 */
import { formatDollars } from '../money.js';
import type { StateTaxRule } from './tax.js';
import type { WorksheetFigures } from './types.js';
import type { Worksheet } from './worksheet.js';

export type FigureLine = {
  label: string;
  cents: number;
  /** A credit that lowers what is paid, shown with a minus. */
  credit?: boolean;
  strong?: boolean;
  tone?: 'warning';
};

type Totals = WorksheetFigures['totals'];
type Lease = NonNullable<WorksheetFigures['lease']>;
type Kind = Worksheet['structure']['kind'];

const money = (cents: number) => formatDollars(cents, { exact: true });

/** The trades' allowance and payoff, then their net: a credit, or the negative equity carried into the deal. */
export function tradeInLines(totals: Totals): FigureLine[] {
  if (totals.trade_allowance_cents === 0 && totals.trade_payoff_cents === 0) return [];
  const net: FigureLine =
    totals.negative_equity_cents > 0
      ? { label: 'Negative equity carried in', cents: totals.negative_equity_cents, tone: 'warning' }
      : { label: 'Net trade-in credit', cents: totals.trade_equity_cents, credit: true };
  return [
    { label: 'Trade-in allowance', cents: totals.trade_allowance_cents },
    { label: 'Trade-in payoff', cents: totals.trade_payoff_cents },
    net,
  ];
}

const salesTaxLabel = (totals: Totals, prefix: string) =>
  `${prefix} (${totals.tax_rate_percent} % of ${money(totals.taxable_cents)})`;

/**
 * The worksheet's own lines: the price, fees, products, then for a sale its sales tax and cash price (a lease states
 * its taxes with its terms), the credits, and what is financed or due.
 */
export function worksheetLines(totals: Totals, kind: Kind): FigureLine[] {
  const sale: FigureLine[] =
    kind === 'lease'
      ? []
      : [
          { label: salesTaxLabel(totals, 'Sales tax'), cents: totals.sales_tax_cents },
          { label: 'Cash price', cents: totals.cash_price_cents, strong: true },
        ];
  return [
    { label: 'Selling price', cents: totals.selling_price_cents },
    { label: 'Fees', cents: totals.fees_cents },
    { label: 'Products', cents: totals.products_cents },
    ...sale,
    { label: 'Rebates', cents: totals.rebates_cents, credit: true },
    { label: 'Cash down', cents: totals.cash_down_cents, credit: true },
    ...tradeInLines(totals),
    ...(kind === 'lease'
      ? []
      : [{ label: kind === 'cash' ? 'Balance due' : 'Amount financed', cents: totals.amount_financed_cents, strong: true }]),
    ...(totals.overpayment_cents > 0 ? [{ label: 'Owed to the customer', cents: totals.overpayment_cents }] : []),
  ];
}

/**
 * A lease's taxes as the state's rule collects them — on each payment, or at signing on the payments or on the price —
 * and beside them the sales tax the vehicle would carry if bought, on the purchase's taxable amount.
 */
export function leaseTaxLines(lease: Lease, totals: Totals, rule: Pick<StateTaxRule, 'lease_method'>): FigureLine[] {
  const leaseTax: FigureLine =
    rule.lease_method === 'monthly'
      ? { label: 'Sales tax on each monthly payment', cents: lease.monthly_sales_tax_cents }
      : {
          label:
            rule.lease_method === 'upfront_price'
              ? 'Sales tax on the price, due at signing'
              : 'Sales tax on the payments, due at signing',
          cents: lease.upfront_sales_tax_cents,
        };
  return [leaseTax, { label: salesTaxLabel(totals, 'Sales tax if bought'), cents: totals.sales_tax_cents }];
}
