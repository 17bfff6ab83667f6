import { describe, expect, it } from 'vitest';
import {
  amountDueAtSigning,
  aprFromMoneyFactor,
  baseMonthlyPayment,
  capitalizedCostReduction,
  grossCapitalizedCost,
  leaseTerms,
  leaseTotalOfPayments,
  moneyFactorFromApr,
  residualFromPercent,
  type LeaseInput,
} from '../../src/shared/desking/lease.js';

/** A lease with nothing but what each test sets. */
const none: LeaseInput = {
  agreed_price_cents: 0,
  capitalized_items_cents: 0,
  prior_balance_cents: 0,
  acquisition_fee_cents: 0,
  acquisition_fee_capitalized: true,
  cash_down_cents: 0,
  net_trade_in_cents: 0,
  rebates_cents: 0,
  residual_value_cents: 0,
  money_factor: 0,
  term_months: 36,
  tax_rate_percent: 0,
  tax_method: 'monthly',
  upfront_fees_cents: 0,
  security_deposit_cents: 0,
  disposition_fee_cents: 0,
  miles_per_year: 12_000,
};

/**
 * The Federal Reserve's "Keys to Vehicle Leasing" sample closed-end lease form, as its narrative description prints it
 * (https://www.federalreserve.gov/pubs/leasing/formce/description.htm): agreed-upon value $21,500.00, gross
 * capitalized cost $22,300.00, capitalized cost reduction $3,500.00, 48 monthly payments of $256.94 (total
 * $12,333.12), amount due at signing $4,241.94 (cap cost reduction $3,500.00 + first payment $256.94 + refundable
 * security deposit $350.00 + title $75.00 + registration $60.00), paid by a $2,500.00 net trade-in and $1,741.94 in
 * cash, disposition fee $400.00, total of payments $16,368.12. The stored copy of the page ends before the residual,
 * rent charge and tax lines, so those are not asserted here; the base-payment arithmetic is checked against the
 * Colorado example below, which prints every step.
 */
describe("the Federal Reserve's Keys to Vehicle Leasing sample form", () => {
  const form: LeaseInput = {
    ...none,
    agreed_price_cents: 2_150_000,
    // Items paid over the term: the gross capitalized cost less the agreed-upon value, 22,300 − 21,500.
    capitalized_items_cents: 80_000,
    // The $3,500.00 reduction is the $2,500.00 trade-in and $1,000.00 of the cash.
    cash_down_cents: 100_000,
    net_trade_in_cents: 250_000,
    term_months: 48,
    upfront_fees_cents: 7_500 + 6_000,
    security_deposit_cents: 35_000,
    disposition_fee_cents: 40_000,
  };

  it('reproduces line 8, the gross capitalized cost ($22,300.00), and line 9, the reduction ($3,500.00)', () => {
    expect(grossCapitalizedCost(form)).toBe(2_230_000);
    expect(capitalizedCostReduction(form)).toBe(350_000);
    // Adjusted capitalized cost: 22,300 − 3,500 = 18,800.
    expect(grossCapitalizedCost(form) - capitalizedCostReduction(form)).toBe(1_880_000);
  });

  it('itemizes the amount due at signing to $4,241.94 (box 6a)', () => {
    const due = amountDueAtSigning({
      capitalized_cost_reduction_cents: 350_000,
      first_monthly_payment_cents: 25_694,
      security_deposit_cents: 35_000,
      upfront_fees_cents: 13_500,
      upfront_sales_tax_cents: 0,
    });
    expect(due).toBe(424_194);
    // Box 6b: the trade-in and the cash pay the same amount.
    expect(250_000 + 174_194).toBe(due);
  });

  it('adds the total of payments to $16,368.12 (box 5 = 2 + 3 + 4 − first payment − security deposit)', () => {
    expect(48 * 25_694).toBe(1_233_312);
    const total = leaseTotalOfPayments({
      amount_due_at_signing_cents: 424_194,
      total_of_monthly_payments_cents: 1_233_312,
      other_charges_cents: 40_000,
      first_monthly_payment_cents: 25_694,
      security_deposit_cents: 35_000,
    });
    expect(total).toBe(1_636_812);
  });

  it("keeps the form's identities in leaseTerms, whatever the residual and money factor", () => {
    // Residual and money factor here are not the form's (its stored copy does not show them): any will do to check
    // that the boxes are assembled as the form assembles them.
    const terms = leaseTerms({ ...form, residual_value_cents: 1_075_000, money_factor: 0.0025 });
    expect(terms.gross_capitalized_cost_cents).toBe(2_230_000);
    expect(terms.capitalized_cost_reduction_cents).toBe(350_000);
    expect(terms.adjusted_capitalized_cost_cents).toBe(1_880_000);
    expect(terms.amount_due_at_signing_cents).toBe(350_000 + terms.total_monthly_payment_cents + 35_000 + 13_500);
    // 6b: what the trade-in does not pay is paid in cash.
    expect(terms.cash_due_at_signing_cents).toBe(terms.amount_due_at_signing_cents - 250_000);
    expect(terms.total_of_monthly_payments_cents).toBe(48 * terms.total_monthly_payment_cents);
    expect(terms.total_of_payments_cents).toBe(
      terms.amount_due_at_signing_cents +
        terms.total_of_monthly_payments_cents +
        40_000 -
        terms.total_monthly_payment_cents -
        35_000,
    );
    expect(terms.disposition_fee_cents).toBe(40_000);
  });
});

/**
 * The Colorado Department of Revenue's lease payment example
 * (http://www.colorado.gov/cs/Satellite/Rev-Enforcement/RE/1214992373576): gross capitalized cost $22,700, reduction
 * $2,700, adjusted capitalized cost $20,000, residual $8,000, depreciation $12,000 over 48 months = $250, rent
 * ($20,000 + $8,000) × 0.004 = $112, base monthly payment $250 + $112 = $362 ("monthly sales/use taxes will be
 * added"), and "0.004 × 24 = .096 = 9.6 %".
 */
describe('leaseTerms: the Colorado Department of Revenue example', () => {
  const colorado: LeaseInput = {
    ...none,
    agreed_price_cents: 2_270_000,
    cash_down_cents: 270_000,
    residual_value_cents: 800_000,
    money_factor: 0.004,
    term_months: 48,
  };

  it('reproduces every line: $22,700 − $2,700 = $20,000; − $8,000 = $12,000; ÷ 48 + $112 = $362', () => {
    const terms = leaseTerms(colorado);
    expect(terms).toMatchObject({
      gross_capitalized_cost_cents: 2_270_000,
      capitalized_cost_reduction_cents: 270_000,
      adjusted_capitalized_cost_cents: 2_000_000,
      residual_value_cents: 800_000,
      depreciation_cents: 1_200_000,
      term_months: 48,
      base_monthly_payment_cents: 36_200,
      monthly_sales_tax_cents: 0,
      total_monthly_payment_cents: 36_200,
    });
    // The page gives the rent by the month ($112); over the term it is 48 × 112 = $5,376, and the total of base
    // payments is 12,000 + 5,376 = 48 × 362 = $17,376.
    expect(terms.rent_charge_cents).toBe(537_600);
    expect(terms.total_of_base_monthly_payments_cents).toBe(1_737_600);
    expect(terms.depreciation_cents + terms.rent_charge_cents).toBe(terms.total_of_base_monthly_payments_cents);
  });

  it('gives back the money factor from the published rent: $112 ÷ ($20,000 + $8,000) = 0.004, about 9.6 %', () => {
    const money_factor = 112 / (20_000 + 8_000);
    expect(money_factor).toBeCloseTo(0.004, 12);
    expect(aprFromMoneyFactor(money_factor)).toBe(9.6);
    expect(moneyFactorFromApr(9.6)).toBe(0.004);
  });

  it('taxes each payment where the state taxes monthly: 8.875 % of $362 is $32.13', () => {
    // 362 × 0.08875 = 32.1275 → $32.13; total $394.13; due at signing the $2,700 reduction and the first payment.
    const terms = leaseTerms({ ...colorado, tax_rate_percent: 8.875, tax_method: 'monthly' });
    expect(terms.monthly_sales_tax_cents).toBe(3_213);
    expect(terms.total_monthly_payment_cents).toBe(39_413);
    expect(terms.upfront_sales_tax_cents).toBe(0);
    expect(terms.amount_due_at_signing_cents).toBe(270_000 + 39_413);
    expect(terms.total_of_monthly_payments_cents).toBe(48 * 39_413);
  });

  it('taxes the sum of the base payments at signing where the state says so: 8.875 % of $17,376 is $1,542.12', () => {
    // 17,376 × 0.08875 = 1,542.12 exactly.
    const terms = leaseTerms({ ...colorado, tax_rate_percent: 8.875, tax_method: 'upfront_payments' });
    expect(terms.monthly_sales_tax_cents).toBe(0);
    expect(terms.total_monthly_payment_cents).toBe(36_200);
    expect(terms.upfront_sales_tax_cents).toBe(154_212);
    expect(terms.amount_due_at_signing_cents).toBe(270_000 + 36_200 + 154_212);
  });

  it('taxes the agreed price at signing where the state taxes a lease as a sale: 8.875 % of $22,700 is $2,014.63', () => {
    // 22,700 × 0.08875 = 2,014.625: half a cent, rounded up.
    const terms = leaseTerms({ ...colorado, tax_rate_percent: 8.875, tax_method: 'upfront_price' });
    expect(terms.monthly_sales_tax_cents).toBe(0);
    expect(terms.upfront_sales_tax_cents).toBe(201_463);
    expect(terms.amount_due_at_signing_cents).toBe(270_000 + 36_200 + 201_463);
  });

  it('carries negative equity in the gross capitalized cost, raising the payment', () => {
    // $3,000 owed beyond the trade: 3,000 / 48 = 62.50 more depreciation and 3,000 × 0.004 = 12.00 more rent a month,
    // so (23,000 − 8,000) / 48 + 31,000 × 0.004 = 312.50 + 124.00 = $436.50.
    const terms = leaseTerms({ ...colorado, prior_balance_cents: 300_000 });
    expect(terms.gross_capitalized_cost_cents).toBe(2_570_000);
    expect(terms.base_monthly_payment_cents).toBe(43_650);
    expect(terms.base_monthly_payment_cents - leaseTerms(colorado).base_monthly_payment_cents).toBe(7_450);
  });

  it('capitalizes the acquisition fee or asks it at signing', () => {
    // $895 capitalized: (20,895 − 8,000) / 48 + 28,895 × 0.004 = 268.6458 + 115.58 = 384.2258 → $384.23.
    const capitalized = leaseTerms({ ...colorado, acquisition_fee_cents: 89_500, acquisition_fee_capitalized: true });
    expect(capitalized.gross_capitalized_cost_cents).toBe(2_359_500);
    expect(capitalized.base_monthly_payment_cents).toBe(38_423);
    expect(capitalized.amount_due_at_signing_cents).toBe(270_000 + 38_423);
    const atSigning = leaseTerms({ ...colorado, acquisition_fee_cents: 89_500, acquisition_fee_capitalized: false });
    expect(atSigning.base_monthly_payment_cents).toBe(36_200);
    expect(atSigning.amount_due_at_signing_cents).toBe(270_000 + 36_200 + 89_500);
  });

  it('asks the security deposit at signing but leaves it out of the total of payments', () => {
    const terms = leaseTerms({ ...colorado, security_deposit_cents: 40_000, disposition_fee_cents: 39_500 });
    expect(terms.amount_due_at_signing_cents).toBe(270_000 + 36_200 + 40_000);
    // (306,200 + 40,000) + 48 × 36,200 + 39,500 − 36,200 − 40,000 = 2,047,100.
    expect(terms.total_of_payments_cents).toBe(2_047_100);
  });
});

/**
 * Edmunds' sample lease (https://www.edmunds.com/car-leasing/calculate-your-own-lease-payment.html): MSRP $23,000,
 * residual 57 % = $13,110, money factor 0.00125, sale price $21,000 and $1,200 of fees = gross capitalized cost
 * $22,200, $1,700 down and a $500 rebate = reduction $2,200, adjusted capitalized cost $20,000, depreciation $6,890,
 * 36 months.
 */
describe('leaseTerms: the Edmunds example', () => {
  it('reproduces the residual, the capitalized costs and the depreciation', () => {
    expect(residualFromPercent(2_300_000, 57)).toBe(1_311_000);
    const terms = leaseTerms({
      ...none,
      agreed_price_cents: 2_100_000,
      capitalized_items_cents: 120_000,
      cash_down_cents: 170_000,
      rebates_cents: 50_000,
      residual_value_cents: residualFromPercent(2_300_000, 57),
      money_factor: 0.00125,
      term_months: 36,
    });
    expect(terms.gross_capitalized_cost_cents).toBe(2_220_000);
    expect(terms.capitalized_cost_reduction_cents).toBe(220_000);
    expect(terms.adjusted_capitalized_cost_cents).toBe(2_000_000);
    expect(terms.depreciation_cents).toBe(689_000);
    // By hand: 6,890 / 36 = 191.3889 and (20,000 + 13,110) × 0.00125 = 41.3875, so 232.7764 → $232.78.
    expect(terms.base_monthly_payment_cents).toBe(23_278);
    // The rebate is not cash: it is part of the amount due but not of the cash paid at signing.
    expect(terms.cash_due_at_signing_cents).toBe(terms.amount_due_at_signing_cents - 50_000);
  });
});

describe('money factor, APR and residual', () => {
  it('converts 3 % to 0.00125 and back', () => {
    expect(moneyFactorFromApr(3)).toBe(0.00125);
    expect(aprFromMoneyFactor(0.00125)).toBe(3);
    // Kept to six decimals: 7 / 2400 = 0.0029166… → 0.002917.
    expect(moneyFactorFromApr(7)).toBe(0.002917);
    expect(aprFromMoneyFactor(0.002917)).toBe(7);
    expect(moneyFactorFromApr(0)).toBe(0);
  });

  it('takes a residual as a percentage of MSRP to the cent', () => {
    // 55.5 % of $31,999.99 is 17,759.99445 → $17,759.99.
    expect(residualFromPercent(3_199_999, 55.5)).toBe(1_775_999);
    expect(residualFromPercent(4_000_000, 60)).toBe(2_400_000);
  });

  it('rounds the base payment once, to the cent, not its two parts each', () => {
    // (20,000.45 − 12,000) / 36 = 222.234722 and (20,000.45 + 12,000) × 0.00125 = 40.000563: together 262.2353
    // → $262.24, where the parts rounded apart would give 222.23 + 40.00 = $262.23.
    expect(baseMonthlyPayment(2_000_045, 1_200_000, 0.00125, 36)).toBe(26_224);
    // Half a cent goes up: $1,001.00 / 8 = 125.125 → $125.13, and $1,000.04 / 8 = 125.005 → $125.01.
    expect(baseMonthlyPayment(100_100, 0, 0, 8)).toBe(12_513);
    expect(baseMonthlyPayment(100_004, 0, 0, 8)).toBe(12_501);
  });
});
