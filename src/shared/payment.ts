/** What the payment calculator is given: money in cents, APR in percent (5 = 5 %), term in months. */
export type PaymentInput = {
  priceCents: number;
  downPaymentCents: number;
  tradeInValueCents: number;
  tradeInPayoffCents: number;
  aprPercent: number;
  termMonths: number;
};

export type PaymentResult = { amountFinancedCents: number; monthlyPaymentCents: number };

/** Price less down payment and trade-in equity; equity is negative when more is owed on the trade than it is worth. */
export function amountFinancedCents(input: Omit<PaymentInput, 'aprPercent' | 'termMonths'>): number {
  const equity = input.tradeInValueCents - input.tradeInPayoffCents;
  return input.priceCents - input.downPaymentCents - equity;
}

/**
 * The level monthly payment of a fully amortised loan, M = P·r / (1 − (1 + r)^−n) with r = APR / 12, or P / n at 0 %.
 * Intermediate values stay unrounded; the payment is rounded to the cent once, at the end.
 */
export function monthlyPayment(input: PaymentInput): PaymentResult {
  const financed = amountFinancedCents(input);
  const n = Math.trunc(input.termMonths);
  if (!Number.isFinite(financed) || financed <= 0 || !(n >= 1) || !(input.aprPercent >= 0)) {
    return { amountFinancedCents: Math.max(0, Math.round(financed) || 0), monthlyPaymentCents: 0 };
  }
  const r = input.aprPercent / 100 / 12;
  const payment = r === 0 ? financed / n : (financed * r) / (1 - (1 + r) ** -n);
  return { amountFinancedCents: financed, monthlyPaymentCents: Math.round(payment) };
}
