/**
 * What a brokerage's client pays in all, in one place: the worksheet's cash price (the vehicle, every fee, the
 * products and the sales tax the state's rule puts on them) and the broker's fee, before the cash down, trade-in and
 * rebates that pay part of it and before any finance charge. The desk shows it for the worksheet, and the dealer
 * offers are compared by it, each as the worksheet would be with that dealer's price and fees — so the chosen
 * dealer's total is the deal's.
 */
import type { StateTaxRule } from './tax.js';
import { worksheetTotals, type Worksheet, type WorksheetTotals } from './worksheet.js';

/** The cash price and the broker's fee. */
export const clientTotalCents = (totals: Pick<WorksheetTotals, 'cash_price_cents'>, broker_fee_cents: number) =>
  totals.cash_price_cents + broker_fee_cents;

/** How the worksheet lists a dealer offer's fees. */
export const DEALER_FEES = 'Dealer fees';

/**
 * The worksheet as the client takes a dealer's offer: the offer's price as the selling price, and the dealer's fees in
 * place of the worksheet's documentation fees — one line, taxed as the state taxes a documentation fee. The worksheet's
 * other fees (title, registration), products, trade-ins and broker fee stay as they are.
 */
export function withOffer(worksheet: Worksheet, offer: { price_cents: number; fees_cents: number }): Worksheet {
  const others = worksheet.fees.filter((fee) => fee.kind !== 'doc_fee');
  const dealer = { name: DEALER_FEES, amount_cents: offer.fees_cents, taxable: true, kind: 'doc_fee' as const };
  return {
    ...worksheet,
    selling_price_cents: offer.price_cents,
    fees: offer.fees_cents > 0 ? [dealer, ...others] : others,
  };
}

/**
 * What the client pays in all for a dealer's offer, and the sales tax in it, by the rule of the worksheet's state. With
 * no rule in force (the state was taken out of the settings) no tax is worked out, and the total is without it.
 */
export function offerCost(worksheet: Worksheet, rule: StateTaxRule | null, offer: { price_cents: number; fees_cents: number }) {
  const taken = withOffer(worksheet, offer);
  if (!rule) {
    const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
    const cash_price_cents =
      taken.selling_price_cents + sum(taken.fees.map((f) => f.amount_cents)) + sum(taken.products.map((p) => p.price_cents));
    return { sales_tax_cents: 0, total_cents: clientTotalCents({ cash_price_cents }, taken.broker_fee_cents) };
  }
  const totals = worksheetTotals(taken, rule);
  return { sales_tax_cents: totals.sales_tax_cents, total_cents: clientTotalCents(totals, taken.broker_fee_cents) };
}
