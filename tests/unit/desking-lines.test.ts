import { describe, expect, it } from 'vitest';
import { worksheetFigures } from '../../src/shared/desking/figures.js';
import { leaseTaxLines, tradeInLines, worksheetLines } from '../../src/shared/desking/figure-lines.js';
import { gridAxes } from '../../src/shared/desking/grid.js';
import { ruleOf } from '../../src/shared/desking/tax.js';
import { worksheetSchema, type WorksheetInput } from '../../src/shared/desking/worksheet.js';

const admins = { grid_terms: [36, 48, 60], grid_downs: [0, 100_000, 200_000] };
const finance = {
  kind: 'finance' as const,
  apr_percent: 6.9,
  term_months: 60,
  contract_date: '2026-12-03',
  first_payment_date: '2027-01-03',
};
const lease = {
  kind: 'lease' as const,
  residual_value_cents: 1_800_000,
  money_factor: 0.0015,
  term_months: 36,
  acquisition_fee_cents: 0,
};
const sheet = (input: Partial<WorksheetInput>) =>
  worksheetSchema.parse({ selling_price_cents: 3_200_000, structure: finance, ...input });

describe('the payment grid’s columns and rows', () => {
  it('lead with the customer’s own $3,000 down and 72 months, then the admins’ defaults', () => {
    expect(gridAxes(sheet({ cash_down_cents: 300_000, structure: { ...finance, term_months: 72 } }), admins)).toEqual({
      terms: [72, 36, 48],
      downs: [300_000, 0, 100_000],
    });
  });

  it('show a default the worksheet already has once, in the worksheet’s place', () => {
    expect(gridAxes(sheet({ cash_down_cents: 100_000, structure: { ...finance, term_months: 60 } }), admins)).toEqual({
      terms: [60, 36, 48],
      downs: [100_000, 0, 200_000],
    });
  });

  it('follow the admins’ defaults for a lease as for a loan', () => {
    const axes = gridAxes(sheet({ cash_down_cents: 250_000, structure: lease }), {
      grid_terms: [24, 36, 39],
      grid_downs: [0, 50_000, 150_000],
    });
    expect(axes).toEqual({ terms: [36, 24, 39], downs: [250_000, 0, 50_000] });
  });
});

describe('the trade-in lines', () => {
  // An $8,000 allowance with $11,000 still owed: $3,000 of negative equity.
  const upsideDown = {
    allowance_cents: 800_000,
    actual_cash_value_cents: 750_000,
    payoff_cents: 1_100_000,
    lender: 'Ally Financial',
  };

  it('read allowance, payoff and one net line: negative equity is shown once', () => {
    const { totals } = worksheetFigures(sheet({ trade_ins: [upsideDown] }), ruleOf('TX')!);
    const lines = worksheetLines(totals, 'finance');
    expect(tradeInLines(totals)).toEqual([
      { label: 'Trade-in allowance', cents: 800_000 },
      { label: 'Trade-in payoff', cents: 1_100_000 },
      { label: 'Negative equity carried in', cents: 300_000, tone: 'warning' },
    ]);
    // $3,000 appears on no other line of the worksheet.
    expect(lines.filter((line) => line.cents === 300_000 || line.cents === -300_000)).toHaveLength(1);
    expect(lines.filter((line) => /trade|equity/i.test(line.label))).toHaveLength(3);
  });

  it('read a trade worth more than its payoff as a credit', () => {
    const { totals } = worksheetFigures(sheet({ trade_ins: [{ ...upsideDown, payoff_cents: 600_000 }] }), ruleOf('TX')!);
    expect(tradeInLines(totals)).toEqual([
      { label: 'Trade-in allowance', cents: 800_000 },
      { label: 'Trade-in payoff', cents: 600_000 },
      { label: 'Net trade-in credit', cents: 200_000, credit: true },
    ]);
  });

  it('are absent without a trade', () => {
    expect(tradeInLines(worksheetFigures(sheet({}), ruleOf('TX')!).totals)).toEqual([]);
  });
});

describe('a lease’s taxes', () => {
  const leased = sheet({
    structure: lease,
    fees: [{ name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' }],
  });

  it('Texas: tax on the price at signing, 6.25 % of $32,000 = $2,000.00, beside $2,009.38 if bought (price and doc fee)', () => {
    const { lease: terms, totals } = worksheetFigures(leased, ruleOf('TX')!);
    expect(leaseTaxLines(terms!, totals, ruleOf('TX')!)).toEqual([
      { label: 'Sales tax on the price, due at signing', cents: 200_000 },
      { label: 'Sales tax if bought (6.25 % of $32,150.00)', cents: 200_938 },
    ]);
  });

  it('California: tax on each monthly payment at 7.25 %, beside the purchase’s', () => {
    const { lease: terms, totals } = worksheetFigures(leased, ruleOf('CA')!);
    const [monthly, bought] = leaseTaxLines(terms!, totals, ruleOf('CA')!);
    expect(monthly!.label).toBe('Sales tax on each monthly payment');
    expect(monthly!.cents).toBe(Math.round(terms!.base_monthly_payment_cents * 0.0725));
    // 7.25 % of $32,150.00 = $2,330.875 → $2,330.88.
    expect(bought).toEqual({ label: 'Sales tax if bought (7.25 % of $32,150.00)', cents: 233_088 });
  });

  it('New York: tax on the sum of the payments at signing, 4 %', () => {
    const { lease: terms, totals } = worksheetFigures(leased, ruleOf('NY')!);
    const [upfront] = leaseTaxLines(terms!, totals, ruleOf('NY')!);
    expect(upfront).toEqual({
      label: 'Sales tax on the payments, due at signing',
      cents: Math.round(terms!.base_monthly_payment_cents * 36 * 0.04),
    });
  });

  it('leave the purchase’s sales tax and cash price out of a lease’s own lines', () => {
    const { totals } = worksheetFigures(leased, ruleOf('TX')!);
    expect(worksheetLines(totals, 'lease').map((line) => line.label)).toEqual([
      'Selling price',
      'Fees',
      'Products',
      'Rebates',
      'Cash down',
    ]);
  });
});
