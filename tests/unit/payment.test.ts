import { describe, expect, it } from 'vitest';
import { amountFinancedCents, monthlyPayment } from '../../src/shared/payment.js';

const loan = { priceCents: 0, downPaymentCents: 0, tradeInValueCents: 0, tradeInPayoffCents: 0, aprPercent: 0, termMonths: 60 };

describe('payment calculator', () => {
  it('pays $477.44 a month on $25,300 at 5 % for 60 months', () => {
    const result = monthlyPayment({ ...loan, priceCents: 2_530_000, aprPercent: 5, termMonths: 60 });
    expect(result).toEqual({ amountFinancedCents: 2_530_000, monthlyPaymentCents: 47_744 });
  });

  it('divides the amount financed evenly at 0 %', () => {
    expect(monthlyPayment({ ...loan, priceCents: 3_000_000, termMonths: 48 }).monthlyPaymentCents).toBe(62_500);
    expect(monthlyPayment({ ...loan, priceCents: 1_000_000, termMonths: 3 }).monthlyPaymentCents).toBe(333_333);
  });

  it('takes the down payment and trade-in equity off the price', () => {
    const input = {
      ...loan,
      priceCents: 3_500_000,
      downPaymentCents: 500_000,
      tradeInValueCents: 800_000,
      tradeInPayoffCents: 300_000,
    };
    expect(amountFinancedCents(input)).toBe(2_500_000);
  });

  it('adds negative trade-in equity to the amount financed', () => {
    const input = {
      ...loan,
      priceCents: 2_000_000,
      downPaymentCents: 0,
      tradeInValueCents: 500_000,
      tradeInPayoffCents: 830_000,
      aprPercent: 5,
      termMonths: 60,
    };
    const result = monthlyPayment(input);
    expect(result.amountFinancedCents).toBe(2_330_000);
    // 23,300 · (0.05/12) / (1 − (1 + 0.05/12)^−60) = 439.6997 → $439.70
    expect(result.monthlyPaymentCents).toBe(43_970);
  });

  it('charges one month of interest on a one-month term', () => {
    expect(monthlyPayment({ ...loan, priceCents: 1_200_000, aprPercent: 6, termMonths: 1 }).monthlyPaymentCents).toBe(1_206_000);
    expect(monthlyPayment({ ...loan, priceCents: 1_200_000, termMonths: 1 }).monthlyPaymentCents).toBe(1_200_000);
  });

  it('matches the amortisation formula at 7.25 % for 72 months', () => {
    // 10,000 at 7.25 % over 72 months is 171.6931 → 171.69
    expect(monthlyPayment({ ...loan, priceCents: 1_000_000, aprPercent: 7.25, termMonths: 72 }).monthlyPaymentCents).toBe(17_169);
  });

  it('asks nothing when nothing is financed', () => {
    expect(monthlyPayment({ ...loan, priceCents: 1_000_000, downPaymentCents: 1_200_000, aprPercent: 5 })).toEqual({
      amountFinancedCents: 0,
      monthlyPaymentCents: 0,
    });
  });
});
