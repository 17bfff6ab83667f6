/**
 * A closed-end vehicle lease as the Consumer Leasing Act disclosures (Regulation M, 12 CFR 1013, model form A-2;
 * the Federal Reserve's "Keys to Vehicle Leasing" sample form) build its monthly payment: gross capitalized cost,
 * less the capitalized cost reduction, is the adjusted capitalized cost; less the residual value it is the
 * depreciation and any amortized amounts; the rent charge is added, and the total is spread over the term.
 */
import { roundCents } from './finance.js';
import { salesTaxOn, type LeaseTaxMethod } from './tax.js';

/**
 * The money factor is the rent charge's rate per month on the sum of adjusted capitalized cost and residual, which
 * averages twice the balance, so APR ≈ money factor × 2400 (12 months × 100 % × 2). Kept to six decimals, as
 * money factors are quoted (3 % → 0.00125).
 */
export const moneyFactorFromApr = (apr_percent: number) => Number((apr_percent / 2400).toFixed(6));
/** The APR a money factor is about, to two decimals as an APR is shown (0.00125 → 3). */
export const aprFromMoneyFactor = (money_factor: number) => Number((money_factor * 2400).toFixed(2));

/** A residual set as a percentage of MSRP (57 % of $23,000 is $13,110), rounded to the cent. */
export const residualFromPercent = (msrp_cents: number, residualPercent: number) =>
  roundCents(msrp_cents * (residualPercent / 100));

export type LeaseInput = {
  /** The agreed-upon value of the vehicle. */
  agreed_price_cents: number;
  /** Items paid over the term: service contracts, GAP, capitalized dealer fees. */
  capitalized_items_cents: number;
  /** An outstanding prior credit or lease balance: the trade-in's negative equity. */
  prior_balance_cents: number;
  acquisition_fee_cents: number;
  /** True when the acquisition fee is paid over the term, false when it is paid at signing. */
  acquisition_fee_capitalized: boolean;
  cash_down_cents: number;
  /** The trade-in's allowance less its payoff, when positive. */
  net_trade_in_cents: number;
  rebates_cents: number;
  residual_value_cents: number;
  money_factor: number;
  term_months: number;
  /** State and local rate together, in percent. */
  tax_rate_percent: number;
  tax_method: LeaseTaxMethod;
  /** Title, registration and other fees paid at signing. */
  upfront_fees_cents: number;
  /** Refundable, so part of the amount due at signing but not of the total of payments. */
  security_deposit_cents: number;
  /** Due at the end if the vehicle is returned: disclosed, never part of the monthly payment. */
  disposition_fee_cents: number;
  miles_per_year: number;
};

export type LeaseTerms = {
  gross_capitalized_cost_cents: number;
  capitalized_cost_reduction_cents: number;
  adjusted_capitalized_cost_cents: number;
  residual_value_cents: number;
  depreciation_cents: number;
  rent_charge_cents: number;
  total_of_base_monthly_payments_cents: number;
  term_months: number;
  base_monthly_payment_cents: number;
  monthly_sales_tax_cents: number;
  total_monthly_payment_cents: number;
  /** Tax the state collects at signing ('upfront_payments', 'upfront_price'); 0 for 'monthly'. */
  upfront_sales_tax_cents: number;
  amount_due_at_signing_cents: number;
  /** The part of the amount due at signing not paid by the trade-in and rebates. */
  cash_due_at_signing_cents: number;
  total_of_monthly_payments_cents: number;
  disposition_fee_cents: number;
  total_of_payments_cents: number;
  miles_per_year: number;
};

/** Line 8 of the form: the agreed value and everything paid over the term. */
export const grossCapitalizedCost = (lease: LeaseInput) =>
  lease.agreed_price_cents +
  lease.capitalized_items_cents +
  lease.prior_balance_cents +
  (lease.acquisition_fee_capitalized ? lease.acquisition_fee_cents : 0);

/** Line 9: the net trade-in allowance, rebates and cash that reduce the gross capitalized cost. */
export const capitalizedCostReduction = (lease: LeaseInput) =>
  lease.cash_down_cents + lease.net_trade_in_cents + lease.rebates_cents;

/**
 * The base monthly payment: the depreciation spread evenly over the term plus the month's rent charge,
 * (adjusted capitalized cost + residual) × money factor, rounded once to the cent.
 */
export function baseMonthlyPayment(adjustedCents: number, residualCents: number, money_factor: number, term_months: number) {
  return roundCents((adjustedCents - residualCents) / term_months + (adjustedCents + residualCents) * money_factor);
}

/** The amount due at lease signing or delivery, as the form itemizes it (6a). */
export type SigningItems = {
  capitalized_cost_reduction_cents: number;
  first_monthly_payment_cents: number;
  security_deposit_cents: number;
  upfront_fees_cents: number;
  upfront_sales_tax_cents: number;
};
export const amountDueAtSigning = (items: SigningItems) =>
  items.capitalized_cost_reduction_cents +
  items.first_monthly_payment_cents +
  items.security_deposit_cents +
  items.upfront_fees_cents +
  items.upfront_sales_tax_cents;

/**
 * Regulation M's total of payments (12 CFR 1013.4(e)): the amount due at signing, the monthly payments and the other
 * charges, less the first monthly payment (already in the amount due) and the refundable security deposit.
 */
export const leaseTotalOfPayments = (totals: {
  amount_due_at_signing_cents: number;
  total_of_monthly_payments_cents: number;
  other_charges_cents: number;
  first_monthly_payment_cents: number;
  security_deposit_cents: number;
}) =>
  totals.amount_due_at_signing_cents +
  totals.total_of_monthly_payments_cents +
  totals.other_charges_cents -
  totals.first_monthly_payment_cents -
  totals.security_deposit_cents;

function leaseTax(lease: LeaseInput, baseMonthlyCents: number) {
  const { tax_rate_percent, tax_method, term_months } = lease;
  if (tax_method === 'monthly') return { monthly: salesTaxOn(baseMonthlyCents, tax_rate_percent), upfront: 0 };
  if (tax_method === 'upfront_payments')
    return { monthly: 0, upfront: salesTaxOn(baseMonthlyCents * term_months, tax_rate_percent) };
  return { monthly: 0, upfront: salesTaxOn(lease.agreed_price_cents, tax_rate_percent) };
}

/** Every figure of the lease disclosure, from the worksheet's inputs. */
export function leaseTerms(lease: LeaseInput): LeaseTerms {
  const gross = grossCapitalizedCost(lease);
  const reduction = capitalizedCostReduction(lease);
  const adjusted = gross - reduction;
  const depreciation_cents = adjusted - lease.residual_value_cents;
  const base = baseMonthlyPayment(adjusted, lease.residual_value_cents, lease.money_factor, lease.term_months);
  const totalOfBase = base * lease.term_months;
  const tax = leaseTax(lease, base);
  const totalMonthly = base + tax.monthly;
  const upfront_fees_cents = lease.upfront_fees_cents + (lease.acquisition_fee_capitalized ? 0 : lease.acquisition_fee_cents);
  const amountDue = amountDueAtSigning({
    capitalized_cost_reduction_cents: reduction,
    first_monthly_payment_cents: totalMonthly,
    security_deposit_cents: lease.security_deposit_cents,
    upfront_fees_cents,
    upfront_sales_tax_cents: tax.upfront,
  });
  const totalOfMonthly = totalMonthly * lease.term_months;
  return {
    gross_capitalized_cost_cents: gross,
    capitalized_cost_reduction_cents: reduction,
    adjusted_capitalized_cost_cents: adjusted,
    residual_value_cents: lease.residual_value_cents,
    depreciation_cents,
    // What the base payments collect beyond the depreciation, so the form's lines add up to the cent.
    rent_charge_cents: totalOfBase - depreciation_cents,
    total_of_base_monthly_payments_cents: totalOfBase,
    term_months: lease.term_months,
    base_monthly_payment_cents: base,
    monthly_sales_tax_cents: tax.monthly,
    total_monthly_payment_cents: totalMonthly,
    upfront_sales_tax_cents: tax.upfront,
    amount_due_at_signing_cents: amountDue,
    cash_due_at_signing_cents: amountDue - lease.net_trade_in_cents - lease.rebates_cents,
    total_of_monthly_payments_cents: totalOfMonthly,
    disposition_fee_cents: lease.disposition_fee_cents,
    total_of_payments_cents: leaseTotalOfPayments({
      amount_due_at_signing_cents: amountDue,
      total_of_monthly_payments_cents: totalOfMonthly,
      other_charges_cents: lease.disposition_fee_cents,
      first_monthly_payment_cents: totalMonthly,
      security_deposit_cents: lease.security_deposit_cents,
    }),
    miles_per_year: lease.miles_per_year,
  };
}
