import { describe, expect, it } from 'vitest';
import {
  combinedRatePercent,
  ruleOf,
  salesTaxOn,
  taxableAmount,
  tradeInCredit,
  type StateTaxRule,
  type TaxableSale,
} from '../../src/shared/desking/tax.js';

const rule = (state: string) => ruleOf(state)!;
const [CA, TX, FL, NY, IL, PA] = [rule('CA'), rule('TX'), rule('FL'), rule('NY'), rule('IL'), rule('PA')];

/** A $30,000 car and an $8,000 trade, nothing else. */
const sale: TaxableSale = {
  selling_price_cents: 3_000_000,
  rebates_cents: 0,
  trade_in_allowance_cents: 800_000,
  fees: [],
  products: [],
};
const taxOf = (rule: StateTaxRule, s: TaxableSale = sale) => salesTaxOn(taxableAmount(s, rule), rule.rate_percent);

describe('the six states desked first', () => {
  it('taxes a lease as each state says', () => {
    expect([CA, TX, FL, NY, IL, PA].map((r) => r.lease_method)).toEqual([
      'monthly',
      'upfront_price',
      'monthly',
      'upfront_payments',
      'upfront_payments',
      'monthly',
    ]);
  });
});

describe('the trade-in credit', () => {
  it('California taxes the full price despite the trade: 7.25 % of $30,000 is $2,175.00', () => {
    expect(tradeInCredit(800_000, CA)).toBe(0);
    expect(taxableAmount(sale, CA)).toBe(3_000_000);
    expect(taxOf(CA)).toBe(217_500);
  });

  it('Texas, Florida, New York and Pennsylvania take the trade off: $22,000 taxable', () => {
    for (const rule of [TX, FL, NY, PA]) {
      expect(tradeInCredit(800_000, rule)).toBe(800_000);
      expect(taxableAmount(sale, rule)).toBe(2_200_000);
    }
    // 22,000 × 6.25 % = 1,375.00; × 6 % = 1,320.00; × 4 % = 880.00.
    expect(taxOf(TX)).toBe(137_500);
    expect(taxOf(FL)).toBe(132_000);
    expect(taxOf(NY)).toBe(88_000);
    expect(taxOf(PA)).toBe(132_000);
  });

  it('Illinois caps the credit at $10,000', () => {
    // An $8,000 trade is taken off in full; of a $15,000 trade only $10,000 is: 20,000 × 6.25 % = $1,250.00.
    expect(tradeInCredit(800_000, IL)).toBe(800_000);
    expect(tradeInCredit(1_500_000, IL)).toBe(1_000_000);
    expect(taxableAmount({ ...sale, trade_in_allowance_cents: 1_500_000 }, IL)).toBe(2_000_000);
    expect(taxOf(IL, { ...sale, trade_in_allowance_cents: 1_500_000 })).toBe(125_000);
    // Texas has no cap: the whole $15,000 comes off.
    expect(taxableAmount({ ...sale, trade_in_allowance_cents: 1_500_000 }, TX)).toBe(1_500_000);
  });

  it('leaves nothing taxable when the trade is worth more than the car, and no credit against the fees', () => {
    const upsideDown = { ...sale, selling_price_cents: 1_000_000, trade_in_allowance_cents: 1_200_000 };
    expect(taxableAmount(upsideDown, TX)).toBe(0);
    expect(taxOf(TX, upsideDown)).toBe(0);
    // A taxable $150 doc fee stays taxable: the $2,000 the trade exceeds the car by is not a credit.
    const withFee = { ...upsideDown, fees: [{ kind: 'doc_fee' as const, amount_cents: 15_000, taxable: true }] };
    expect(taxableAmount(withFee, TX)).toBe(15_000);
  });
});

describe('fees, products and rebates', () => {
  const docFee = { kind: 'doc_fee' as const, amount_cents: 8_500, taxable: false };
  const serviceContract = { kind: 'service_contract' as const, price_cents: 200_000, taxable: false };
  const gap = { kind: 'gap' as const, price_cents: 80_000, taxable: true };
  const noTrade = { ...sale, trade_in_allowance_cents: 0 };

  it("taxes a documentation fee by the state's rule, whatever the fee's own flag says", () => {
    // California: the doc fee is taxable ($30,085.00); New York: it is not, even when marked taxable.
    expect(taxableAmount({ ...noTrade, fees: [docFee] }, CA)).toBe(3_008_500);
    expect(taxableAmount({ ...noTrade, fees: [{ ...docFee, taxable: true }] }, NY)).toBe(3_000_000);
    expect(taxableAmount({ ...noTrade, fees: [docFee] }, TX)).toBe(3_008_500);
  });

  it('taxes any other fee as the desk marks it', () => {
    const other = { kind: 'other' as const, amount_cents: 30_000, taxable: true };
    expect(taxableAmount({ ...noTrade, fees: [other] }, NY)).toBe(3_030_000);
    expect(taxableAmount({ ...noTrade, fees: [{ ...other, taxable: false }] }, CA)).toBe(3_000_000);
  });

  it('taxes a service contract in New York only, and GAP nowhere in the seed', () => {
    const products = [serviceContract, gap];
    expect(taxableAmount({ ...noTrade, products }, NY)).toBe(3_200_000);
    for (const rule of [CA, TX, FL, IL, PA]) expect(taxableAmount({ ...noTrade, products }, rule)).toBe(3_000_000);
    // A maintenance plan is taxed as the desk marks it.
    const maintenance = { kind: 'maintenance' as const, price_cents: 50_000, taxable: true };
    expect(taxableAmount({ ...noTrade, products: [maintenance] }, CA)).toBe(3_050_000);
  });

  it('does not let a manufacturer rebate reduce the taxable price in any seed state', () => {
    const rebate = { ...noTrade, rebates_cents: 100_000 };
    for (const r of [CA, TX, FL, NY, IL, PA]) expect(taxableAmount(rebate, r)).toBe(3_000_000);
    // A state whose rule lets it reduce the price takes it off.
    expect(taxableAmount(rebate, { ...TX, rebates_reduce_taxable: true })).toBe(2_900_000);
  });
});

describe('rates and rounding', () => {
  it('adds the local rate to the state rate, to three decimals', () => {
    expect(combinedRatePercent(NY, 4.875)).toBe(8.875);
    expect(combinedRatePercent(CA, 2.5)).toBe(9.75);
    expect(combinedRatePercent(TX, 1.1)).toBe(7.35);
    expect(combinedRatePercent(PA, 0.3333)).toBe(6.333);
    expect(combinedRatePercent(FL)).toBe(6);
  });

  it('taxes at a three-decimal rate exactly: 8.875 % of $10,000 is $887.50', () => {
    expect(salesTaxOn(1_000_000, 8.875)).toBe(88_750);
    // 12,345.67 × 0.08875 = 1,095.6782125 → $1,095.68.
    expect(salesTaxOn(1_234_567, combinedRatePercent(NY, 4.875))).toBe(109_568);
  });

  it('rounds half a cent away from zero', () => {
    // $20,000.08 × 6.25 % = $1,250.005: exactly half a cent, rounded up to $1,250.01; a refund of it rounds down.
    expect(salesTaxOn(2_000_008, 6.25)).toBe(125_001);
    expect(salesTaxOn(-2_000_008, 6.25)).toBe(-125_001);
    // Just under half a cent rounds down: $20,000.07 × 6.25 % = $1,250.004375.
    expect(salesTaxOn(2_000_007, 6.25)).toBe(125_000);
    expect(salesTaxOn(0, 8.875)).toBe(0);
  });
});
