import { describe, expect, it } from 'vitest';
import {
  addMonths,
  annualPercentageRate,
  daysBetween,
  financeTerms,
  paymentDates,
  roundCents,
  unitPeriodsBetween,
  type ScheduledPayment,
} from '../../src/shared/desking/finance.js';

/**
 * The published examples of Regulation Z, 12 CFR 1026 Appendix J, paragraph (c) "Examples for the actuarial method"
 * (https://www.consumerfinance.gov/rules-policy/regulations/1026/J/; the same text at
 * http://www.fdic.gov/regulations/laws/rules/6500-3550.html). The expected APR of each is the one the appendix
 * prints. Dates are the appendix's own (1978–1980).
 */
describe('annualPercentageRate: Appendix J (c) single-advance examples', () => {
  it('(c)(1)(i) monthly payments, regular first period: $5,000, 24 × $230.00 from 2-10-78, advance 1-10-78 → 9.69 %', () => {
    const apr = annualPercentageRate({
      amount_financed_cents: 500_000,
      contract_date: '1978-01-10',
      unit_period: 'monthly',
      payments: { amount_cents: 23_000, count: 24, first_payment_date: '1978-02-10' },
    });
    expect(apr).toBe(9.69);
  });

  it('(c)(1)(ii) monthly payments, long first period: $6,000, 36 × $200.00 from 4-1-78, advance 2-10-78 → 11.82 %', () => {
    // 4-1-78 back one month is 3-1-78; 2-10-78 to 3-1-78 is 19 days: t = 1, f = 19/30.
    expect(unitPeriodsBetween('1978-02-10', '1978-04-01', 'monthly')).toEqual({ t: 1, f: 19 / 30 });
    const apr = annualPercentageRate({
      amount_financed_cents: 600_000,
      contract_date: '1978-02-10',
      unit_period: 'monthly',
      payments: { amount_cents: 20_000, count: 36, first_payment_date: '1978-04-01' },
    });
    expect(apr).toBe(11.82);
  });

  it('(c)(1)(iii) semimonthly payments, short first period: $5,000, 24 × $219.17 on the 1st and 16th from 3-1-78, advance 2-23-78 → 10.34 %', () => {
    // 2-23-78 to 3-1-78 is 6 days, less than a semimonth: t = 0, f = 6/15.
    expect(unitPeriodsBetween('1978-02-23', '1978-03-01', 'semimonthly')).toEqual({ t: 0, f: 6 / 15 });
    expect(paymentDates('1978-03-01', 4, 'semimonthly')).toEqual(['1978-03-01', '1978-03-16', '1978-04-01', '1978-04-16']);
    const apr = annualPercentageRate({
      amount_financed_cents: 500_000,
      contract_date: '1978-02-23',
      unit_period: 'semimonthly',
      payments: { amount_cents: 21_917, count: 24, first_payment_date: '1978-03-01' },
    });
    expect(apr).toBe(10.34);
  });

  it('(c)(1)(iv) quarterly payments, long first period: $10,000, 40 × $385.00 from 10-1-78, advance 5-23-78 → 8.97 %', () => {
    // 10-1-78 back one quarter is 7-1-78; then one more month to 6-1-78 and 9 days to 5-23-78: f = (30 + 9)/90.
    expect(unitPeriodsBetween('1978-05-23', '1978-10-01', 'quarterly')).toEqual({ t: 1, f: 39 / 90 });
    const apr = annualPercentageRate({
      amount_financed_cents: 1_000_000,
      contract_date: '1978-05-23',
      unit_period: 'quarterly',
      payments: { amount_cents: 38_500, count: 40, first_payment_date: '1978-10-01' },
    });
    expect(apr).toBe(8.97);
  });

  it('(c)(1)(v) weekly payments, long first period: $500, 30 × $17.60 from 4-21-78, advance 3-20-78 → 14.96 %', () => {
    // 4-21-78 back four weeks is 3-24-78, 4 days after the advance: t = 4, f = 4/7.
    expect(unitPeriodsBetween('1978-03-20', '1978-04-21', 'weekly')).toEqual({ t: 4, f: 4 / 7 });
    const apr = annualPercentageRate({
      amount_financed_cents: 50_000,
      contract_date: '1978-03-20',
      unit_period: 'weekly',
      payments: { amount_cents: 1_760, count: 30, first_payment_date: '1978-04-21' },
    });
    expect(apr).toBe(14.96);
  });

  const monthly = (first: string, count: number, amount_cents: number): ScheduledPayment[] =>
    paymentDates(first, count, 'monthly').map((date) => ({ amount_cents, date }));

  it('(c)(2)(i) monthly, irregular first payment: $5,000, $250 on 2-10-78 then 23 × $230 from 3-10-78 → 10.08 %', () => {
    const apr = annualPercentageRate({
      amount_financed_cents: 500_000,
      contract_date: '1978-01-10',
      unit_period: 'monthly',
      payments: [{ amount_cents: 25_000, date: '1978-02-10' }, ...monthly('1978-03-10', 23, 23_000)],
    });
    expect(apr).toBe(10.08);
  });

  it('(c)(3)(i) monthly, irregular final payment: $5,000, 23 × $230 from 2-10-78 then $280 on 1-10-80 → 10.50 %', () => {
    const apr = annualPercentageRate({
      amount_financed_cents: 500_000,
      contract_date: '1978-01-10',
      unit_period: 'monthly',
      payments: [...monthly('1978-02-10', 23, 23_000), { amount_cents: 28_000, date: '1980-01-10' }],
    });
    expect(apr).toBe(10.5);
  });

  it('(c)(3)(ii) every 2 weeks, short first period and irregular final payment: $200, 19 × $9.50 from 4-11-78 then $30 → 12.22 %', () => {
    const dates = paymentDates('1978-04-11', 20, 'biweekly');
    // The 20th date, 19 fortnights (266 days) after the first: 1-2-79.
    expect(dates[19]).toBe('1979-01-02');
    // 4-3-78 to 4-11-78 is 8 days: the final payment is 19 whole fortnights and 8/14 after the advance.
    expect(unitPeriodsBetween('1978-04-03', '1979-01-02', 'biweekly')).toEqual({ t: 19, f: 8 / 14 });
    const apr = annualPercentageRate({
      amount_financed_cents: 20_000,
      contract_date: '1978-04-03',
      unit_period: 'biweekly',
      payments: dates.map((date, index) => ({ amount_cents: index === 19 ? 3_000 : 950, date })),
    });
    expect(apr).toBe(12.22);
  });

  it('(c)(4)(i) monthly, irregular first and final payments: $5,000, $250, 22 × $230 from 3-10-78, $280 on 1-10-80 → 10.90 %', () => {
    const apr = annualPercentageRate({
      amount_financed_cents: 500_000,
      contract_date: '1978-01-10',
      unit_period: 'monthly',
      payments: [
        { amount_cents: 25_000, date: '1978-02-10' },
        ...monthly('1978-03-10', 22, 23_000),
        { amount_cents: 28_000, date: '1980-01-10' },
      ],
    });
    expect(apr).toBe(10.9);
  });

  // Not used: (c)(2)(ii) (payments every 4 weeks) and (c)(4)(ii) (every 2 months) need unit-periods the API does not
  // offer, and (c)(5) (single advance, single payment) takes the term itself as the unit-period, (b)(4)(ii).

  it('asks no rate of payments that add up to no more than the amount financed', () => {
    const payments = { amount_cents: 50_000, count: 10, first_payment_date: '2024-05-01' };
    expect(
      annualPercentageRate({ amount_financed_cents: 500_000, contract_date: '2024-04-01', unit_period: 'monthly', payments }),
    ).toBe(0);
    expect(
      annualPercentageRate({ amount_financed_cents: 500_000, contract_date: '2024-04-01', unit_period: 'monthly', payments: [] }),
    ).toBe(0);
  });
});

describe('unit-periods between two dates, Appendix J (b)(3)(iv) and (b)(5)', () => {
  it('counts whole months back from the later date and the days left over 30', () => {
    expect(unitPeriodsBetween('2024-04-01', '2024-05-16', 'monthly')).toEqual({ t: 1, f: 15 / 30 });
    expect(unitPeriodsBetween('2024-03-15', '2024-04-15', 'monthly')).toEqual({ t: 1, f: 0 });
    expect(unitPeriodsBetween('2024-03-15', '2029-03-15', 'monthly')).toEqual({ t: 60, f: 0 });
    expect(daysBetween('2024-04-01', '2024-05-16')).toBe(45);
  });

  it('measures a series on the last day of each month from last day to last day', () => {
    // 31 December to 29 February is two whole months when the payments fall on the last day of each month …
    expect(unitPeriodsBetween('2023-12-31', '2024-02-29', 'monthly', 31)).toEqual({ t: 2, f: 0 });
    expect(unitPeriodsBetween('2023-12-31', '2024-04-30', 'monthly', 31)).toEqual({ t: 4, f: 0 });
    // … and a series on the 30th uses the last day of February.
    expect(unitPeriodsBetween('2024-01-30', '2024-02-29', 'monthly', 30)).toEqual({ t: 1, f: 0 });
    expect(unitPeriodsBetween('2024-01-30', '2025-02-28', 'monthly', 30)).toEqual({ t: 13, f: 0 });
    // A payment on its own is measured from its own day: 31 January to 29 February is 29 days.
    expect(unitPeriodsBetween('2024-01-31', '2024-02-29', 'monthly')).toEqual({ t: 0, f: 29 / 30 });
  });

  it("counts a quarter's leftover months back from the later date, so a month end does not drift", () => {
    // 31 May back one quarter is 29 February, and four months is 31 January: 30 + 16 days over 90.
    expect(unitPeriodsBetween('2024-01-15', '2024-05-31', 'quarterly')).toEqual({ t: 1, f: 46 / 90 });
  });

  it('keeps due dates on the same day, or the last day of a shorter month', () => {
    expect(paymentDates('2024-01-31', 4, 'monthly')).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
    expect(paymentDates('2024-11-15', 3, 'quarterly')).toEqual(['2024-11-15', '2025-02-15', '2025-05-15']);
    expect(paymentDates('2024-04-01', 3, 'weekly')).toEqual(['2024-04-01', '2024-04-08', '2024-04-15']);
    // A semimonth's second payment stays in its month: February's is its last day.
    expect(paymentDates('2025-01-15', 4, 'semimonthly')).toEqual(['2025-01-15', '2025-01-30', '2025-02-15', '2025-02-28']);
    expect(paymentDates('2024-02-14', 2, 'semimonthly')).toEqual(['2024-02-14', '2024-02-29']);
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
  });
});

describe('roundCents', () => {
  it('rounds half a cent away from zero and never gives −0', () => {
    expect(roundCents(2.5)).toBe(3);
    expect(roundCents(-2.5)).toBe(-3);
    expect(roundCents(2.4999)).toBe(2);
    expect(Object.is(roundCents(-0.4), 0)).toBe(true);
  });
});

/** An amortisation worked month by month, independent of financeTerms' discount factors. */
function amortise(amount_cents: number, apr_percent: number, payment_cents: number, count: number) {
  const i = apr_percent / 100 / 12;
  let balance = amount_cents;
  for (let month = 1; month < count; month += 1) balance = balance * (1 + i) - payment_cents;
  // What the final month's payment must be to clear the balance and its month of interest.
  return balance * (1 + i);
}

describe('financeTerms', () => {
  const loan = {
    amount_financed_cents: 2_000_000,
    apr_percent: 6,
    term_months: 60,
    contract_date: '2024-03-15',
    first_payment_date: '2024-04-15',
  };

  it('pays $386.66 a month on $20,000 at 6 % for 60 months, first payment a month out', () => {
    // P = A·i / (1 − (1 + i)^−n) with i = 0.005, n = 60: (1.005)^60 = 1.3488502, so
    // P = 100 / (1 − 0.7413722) = 100 / 0.2586278 = 386.6560 → $386.66.
    const exact = (20_000 * 0.005) / (1 - 1.005 ** -60);
    expect(exact).toBeCloseTo(386.656, 3);
    expect(financeTerms(loan).payment_cents).toBe(38_666);
  });

  it('settles the rounding in the last payment, and the charges add up', () => {
    const terms = financeTerms(loan);
    // 59 payments of $386.66 overpay the exact $386.6560 by $0.0040 each; with interest that is $0.27 by month 60,
    // so the balance left for it, worked month by month, is $386.3831 → $386.38.
    const last = amortise(2_000_000, 6, 38_666, 60);
    expect(last).toBeCloseTo(38_638.31, 1);
    expect(terms.last_payment_cents).toBe(38_638);
    // 59 × 386.66 + 386.38 = 23,199.32, of which 3,199.32 is the finance charge.
    expect(terms.total_of_payments_cents).toBe(2_319_932);
    expect(terms.finance_charge_cents).toBe(319_932);
    expect(terms.total_of_payments_cents).toBe(59 * terms.payment_cents + terms.last_payment_cents);
    expect(terms.finance_charge_cents).toBe(terms.total_of_payments_cents - terms.amount_financed_cents);
    expect(terms.amount_financed_cents).toBe(2_000_000);
  });

  it('divides the amount evenly at 0 %, the last payment taking the cents left over', () => {
    // 20,000 / 60 = 333.333… → $333.33; 59 × 333.33 = 19,666.47, so the last is $333.53 and nothing is charged.
    expect(financeTerms({ ...loan, apr_percent: 0 })).toEqual({
      payment_cents: 33_333,
      last_payment_cents: 33_353,
      finance_charge_cents: 0,
      total_of_payments_cents: 2_000_000,
      amount_financed_cents: 2_000_000,
    });
  });

  it('charges the extra days of a long first period: 45 days out raises the payment', () => {
    // 1 April to 16 May is 45 days: one month and 15 days. The 15 days' simple interest (Appendix J (b)(8)) scales
    // every payment's discount by 1 + ½·0.005, so P = 386.6560 × 1.0025 = 387.6226 → $387.62.
    const long = financeTerms({ ...loan, contract_date: '2024-04-01', first_payment_date: '2024-05-16' });
    expect(long.payment_cents).toBe(38_762);
    expect(long.payment_cents).toBeGreaterThan(financeTerms(loan).payment_cents);
    expect(long.finance_charge_cents).toBeGreaterThan(financeTerms(loan).finance_charge_cents);
  });

  it('treats a series on the last day of each month as regular: the textbook payment again', () => {
    // Contract 31 December, payments on 31 January, 29 February, 31 March, 30 April …: every one a whole number of
    // months after the contract by Appendix J (b)(3)(iv), so the terms are the mid-month loan's to the cent.
    const monthEnd = financeTerms({ ...loan, contract_date: '2023-12-31', first_payment_date: '2024-01-31' });
    expect(monthEnd).toEqual(financeTerms(loan));
  });

  it('charges one month of interest on a one-month term', () => {
    // 12,000 × (1 + 0.005) = 12,060.00.
    expect(financeTerms({ ...loan, amount_financed_cents: 1_200_000, term_months: 1 })).toMatchObject({
      payment_cents: 1_206_000,
      last_payment_cents: 1_206_000,
      finance_charge_cents: 6_000,
    });
  });

  const schedule = (input: typeof loan) => {
    const terms = financeTerms(input);
    return paymentDates(input.first_payment_date, input.term_months, 'monthly').map((date, index) => ({
      date,
      amount_cents: index === input.term_months - 1 ? terms.last_payment_cents : terms.payment_cents,
    }));
  };

  it.each([
    { apr_percent: 3.9, term_months: 36, contract_date: '2024-03-15', first_payment_date: '2024-04-15' },
    { apr_percent: 6, term_months: 60, contract_date: '2024-03-15', first_payment_date: '2024-04-15' },
    { apr_percent: 7.49, term_months: 72, contract_date: '2024-04-01', first_payment_date: '2024-05-16' },
    { apr_percent: 12.99, term_months: 48, contract_date: '2023-12-31', first_payment_date: '2024-01-31' },
    { apr_percent: 24.99, term_months: 84, contract_date: '2024-06-10', first_payment_date: '2024-07-01' },
  ])('gives back its APR from its own schedule: $apr_percent % over $term_months months', (terms) => {
    const input = { ...loan, ...terms };
    const apr = annualPercentageRate({
      amount_financed_cents: input.amount_financed_cents,
      contract_date: input.contract_date,
      unit_period: 'monthly',
      payments: schedule(input),
    });
    expect(apr).toBe(terms.apr_percent);
  });
});
