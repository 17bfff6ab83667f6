import { describe, expect, it } from 'vitest';
import { addMonths, financeTerms } from '../../src/shared/desking/finance.js';
import { financeGrid, leaseGrid } from '../../src/shared/desking/grid.js';
import { leaseTerms } from '../../src/shared/desking/lease.js';
import { ruleOf } from '../../src/shared/desking/tax.js';
import {
  FIRST_PAYMENT_BEFORE_CONTRACT,
  leaseInputFromWorksheet,
  MONEY_FACTOR_LOOKS_LIKE_APR,
  PAYOFF_NEEDS_LENDER,
  RESIDUAL_ABOVE_PRICE,
  TERM_TOO_SHORT,
  worksheetSchema,
  worksheetTotals,
  type LeaseStructure,
  type WorksheetInput,
} from '../../src/shared/desking/worksheet.js';

const [CA, TX, NY] = [ruleOf('CA')!, ruleOf('TX')!, ruleOf('NY')!];

const finance = {
  kind: 'finance' as const,
  apr_percent: 6.9,
  term_months: 60,
  contract_date: '2024-04-01',
  first_payment_date: '2024-05-01',
};
const lease = {
  kind: 'lease' as const,
  residual_value_cents: 1_920_000,
  money_factor: 0.00125,
  term_months: 36,
  acquisition_fee_cents: 65_000,
};
const deal: WorksheetInput = { selling_price_cents: 3_000_000, structure: finance };
/** An $8,000 trade with $11,000 still owed on it. */
const upsideDownTrade = {
  allowance_cents: 800_000,
  actual_cash_value_cents: 750_000,
  payoff_cents: 1_100_000,
  lender: 'Ally Financial',
};
const docFee = { name: 'Documentation', amount_cents: 8_500, taxable: true, kind: 'doc_fee' as const };

const parse = (input: WorksheetInput) => worksheetSchema.parse(input);
/** The messages the schema gives at one path, in order. */
function messagesAt(input: unknown, path: (string | number)[]) {
  const result = worksheetSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => JSON.stringify(issue.path) === JSON.stringify(path)).map((issue) => issue.message);
}

describe('worksheetSchema messages', () => {
  it('accepts a plain finance deal and fills in its defaults', () => {
    expect(parse(deal)).toEqual({
      selling_price_cents: 3_000_000,
      msrp_cents: null,
      rebates: [],
      fees: [],
      products: [],
      trade_ins: [],
      cash_down_cents: 0,
      local_tax_rate_percent: 0,
      locality: null,
      structure: finance,
      broker_fee_cents: 0,
      options: [],
    });
  });

  it('asks the lender of a trade with a payoff, at trade_ins.0.lender', () => {
    const { lender: _lender, ...noLender } = upsideDownTrade;
    expect(messagesAt({ ...deal, trade_ins: [noLender] }, ['trade_ins', 0, 'lender'])).toEqual([PAYOFF_NEEDS_LENDER]);
    expect(messagesAt({ ...deal, trade_ins: [{ ...upsideDownTrade, lender: '   ' }] }, ['trade_ins', 0, 'lender'])).toEqual([
      PAYOFF_NEEDS_LENDER,
    ]);
    expect(PAYOFF_NEEDS_LENDER).toBe('Enter the lender for the payoff');
    // A named lender, or no payoff at all, needs nothing more.
    expect(worksheetSchema.safeParse({ ...deal, trade_ins: [upsideDownTrade] }).success).toBe(true);
    expect(worksheetSchema.safeParse({ ...deal, trade_ins: [{ ...noLender, payoff_cents: 0 }] }).success).toBe(true);
  });

  it('refuses a term of 0 months', () => {
    expect(messagesAt({ ...deal, structure: { ...finance, term_months: 0 } }, ['structure', 'term_months'])).toEqual([
      TERM_TOO_SHORT,
    ]);
    expect(messagesAt({ ...deal, structure: { ...lease, term_months: 0 } }, ['structure', 'term_months'])).toEqual([
      TERM_TOO_SHORT,
    ]);
    expect(TERM_TOO_SHORT).toBe('Term must be at least 1 month');
    expect(worksheetSchema.safeParse({ ...deal, structure: { ...finance, term_months: 1 } }).success).toBe(true);
  });

  it('refuses a residual above the price', () => {
    const above = { ...deal, structure: { ...lease, residual_value_cents: 3_000_001 } };
    expect(messagesAt(above, ['structure', 'residual_value_cents'])).toEqual([RESIDUAL_ABOVE_PRICE]);
    expect(RESIDUAL_ABOVE_PRICE).toBe('Residual cannot be more than the price');
    expect(worksheetSchema.safeParse({ ...deal, structure: { ...lease, residual_value_cents: 3_000_000 } }).success).toBe(true);
  });

  it.each([4.9, 0.049, 0.02])('takes a money factor of %s for an APR', (money_factor) => {
    expect(messagesAt({ ...deal, structure: { ...lease, money_factor } }, ['structure', 'money_factor'])).toEqual([
      MONEY_FACTOR_LOOKS_LIKE_APR,
    ]);
  });

  it('accepts money factors as they are quoted', () => {
    expect(MONEY_FACTOR_LOOKS_LIKE_APR).toBe('That looks like an APR: a money factor is about APR ÷ 2400, e.g. 0.00125');
    for (const money_factor of [0, 0.00125, 0.0199]) {
      expect(worksheetSchema.safeParse({ ...deal, structure: { ...lease, money_factor } }).success).toBe(true);
    }
  });

  it('refuses a first payment on or before the contract date', () => {
    const path = ['structure', 'first_payment_date'];
    expect(messagesAt({ ...deal, structure: { ...finance, first_payment_date: '2024-03-31' } }, path)).toEqual([
      FIRST_PAYMENT_BEFORE_CONTRACT,
    ]);
    expect(messagesAt({ ...deal, structure: { ...finance, first_payment_date: '2024-04-01' } }, path)).toEqual([
      FIRST_PAYMENT_BEFORE_CONTRACT,
    ]);
    expect(FIRST_PAYMENT_BEFORE_CONTRACT).toBe('First payment must be after the contract date');
    expect(worksheetSchema.safeParse({ ...deal, structure: { ...finance, first_payment_date: '2024-04-02' } }).success).toBe(
      true,
    );
  });

  it('takes a local tax rate of at most three decimals', () => {
    expect(worksheetSchema.safeParse({ ...deal, local_tax_rate_percent: 4.875 }).success).toBe(true);
    expect(messagesAt({ ...deal, local_tax_rate_percent: 4.8755 }, ['local_tax_rate_percent'])).toEqual([
      'Tax rates have at most 3 decimals',
    ]);
  });
});

describe('worksheetTotals', () => {
  it('shows negative equity and carries exactly it into the amount financed, in California', () => {
    // California taxes the full price whatever the trade, so the trade changes the tax not at all:
    // taxable 30,000 + 85 doc fee = 30,085; × 7.25 % = 2,181.1625 → 2,181.16; cash price 32,266.16;
    // less $2,000 down: 30,266.16 without the trade, and 3,000 more, 33,266.16, with the $8,000 trade owing $11,000.
    const base = { ...deal, fees: [docFee], cash_down_cents: 200_000 };
    const without = worksheetTotals(parse(base), CA);
    const withTrade = worksheetTotals(parse({ ...base, trade_ins: [upsideDownTrade] }), CA);
    expect(without).toMatchObject({ taxable_cents: 3_008_500, sales_tax_cents: 218_116, cash_price_cents: 3_226_616 });
    expect(without.amount_financed_cents).toBe(3_026_616);
    expect(withTrade).toMatchObject({
      trade_allowance_cents: 800_000,
      trade_payoff_cents: 1_100_000,
      trade_equity_cents: -300_000,
      negative_equity_cents: 300_000,
      sales_tax_cents: 218_116,
      amount_financed_cents: 3_326_616,
      overpayment_cents: 0,
    });
    expect(withTrade.amount_financed_cents - without.amount_financed_cents).toBe(300_000);
  });

  it('in Texas the same trade also saves tax, so the amount financed rises by less', () => {
    // The $8,000 allowance comes off the taxable price: 8,000 × 6.25 % = $500 less tax, so the rise is $2,500.
    const base = { ...deal, fees: [docFee], cash_down_cents: 200_000 };
    const without = worksheetTotals(parse(base), TX);
    const withTrade = worksheetTotals(parse({ ...base, trade_ins: [upsideDownTrade] }), TX);
    expect(without.sales_tax_cents - withTrade.sales_tax_cents).toBe(50_000);
    expect(withTrade.negative_equity_cents).toBe(300_000);
    expect(withTrade.amount_financed_cents - without.amount_financed_cents).toBe(250_000);
  });

  it('owes the customer the credits beyond the price', () => {
    // Texas, a $10,000 car, a paid-off trade allowed $12,000 and $1,000 down: nothing taxable, and
    // 10,000 − 1,000 − 12,000 = −3,000: $3,000 overpaid, nothing financed.
    const totals = worksheetTotals(
      parse({
        ...deal,
        selling_price_cents: 1_000_000,
        cash_down_cents: 100_000,
        trade_ins: [{ allowance_cents: 1_200_000, actual_cash_value_cents: 1_200_000, payoff_cents: 0 }],
      }),
      TX,
    );
    expect(totals).toMatchObject({
      taxable_cents: 0,
      sales_tax_cents: 0,
      cash_price_cents: 1_000_000,
      trade_equity_cents: 1_200_000,
      negative_equity_cents: 0,
      amount_financed_cents: 0,
      overpayment_cents: 300_000,
    });
  });

  it('adds the local rate, counts rebates as credit and products at their price', () => {
    // New York + 4.875 % local = 8.875 %. Taxable: 30,000 (the rebate is taxed) + 2,000 service contract (taxed in
    // NY) = 32,000 (the doc fee is not taxed in NY); × 8.875 % = 2,840.00. Cash price 30,000 + 85 + 2,000 + 2,840 =
    // 34,925; less the $1,000 rebate: 33,925 financed.
    const totals = worksheetTotals(
      parse({
        ...deal,
        local_tax_rate_percent: 4.875,
        fees: [docFee],
        rebates: [{ name: 'Conquest', amount_cents: 100_000 }],
        products: [{ kind: 'service_contract', name: 'VSC 6/75', price_cents: 200_000, cost_cents: 80_000, taxable: false }],
      }),
      NY,
    );
    expect(totals).toMatchObject({
      tax_rate_percent: 8.875,
      taxable_cents: 3_200_000,
      sales_tax_cents: 284_000,
      products_cents: 200_000,
      products_profit_cents: 120_000,
      rebates_cents: 100_000,
      cash_price_cents: 3_492_500,
      amount_financed_cents: 3_392_500,
    });
  });
});

describe('leaseInputFromWorksheet', () => {
  it('capitalizes fees and products, carries negative equity as a prior balance, takes the state lease tax', () => {
    const worksheet = parse({
      ...deal,
      local_tax_rate_percent: 4.875,
      fees: [docFee],
      products: [{ kind: 'gap', name: 'GAP', price_cents: 79_500, cost_cents: 30_000, taxable: false }],
      trade_ins: [upsideDownTrade],
      cash_down_cents: 150_000,
      structure: lease,
    });
    const structure = worksheet.structure as LeaseStructure;
    expect(leaseInputFromWorksheet(worksheet, structure, NY)).toEqual({
      agreed_price_cents: 3_000_000,
      capitalized_items_cents: 8_500 + 79_500,
      prior_balance_cents: 300_000,
      acquisition_fee_cents: 65_000,
      acquisition_fee_capitalized: true,
      cash_down_cents: 150_000,
      net_trade_in_cents: 0,
      rebates_cents: 0,
      residual_value_cents: 1_920_000,
      money_factor: 0.00125,
      term_months: 36,
      tax_rate_percent: 8.875,
      tax_method: 'upfront_payments',
      upfront_fees_cents: 0,
      security_deposit_cents: 0,
      disposition_fee_cents: 0,
      miles_per_year: 12_000,
    });
  });

  it('takes positive equity as the net trade-in allowance', () => {
    const worksheet = parse({ ...deal, trade_ins: [{ ...upsideDownTrade, allowance_cents: 1_400_000 }], structure: lease });
    const input = leaseInputFromWorksheet(worksheet, worksheet.structure as LeaseStructure, CA);
    expect(input).toMatchObject({
      prior_balance_cents: 0,
      net_trade_in_cents: 300_000,
      tax_method: 'monthly',
      tax_rate_percent: 7.25,
    });
  });
});

describe('payment grids', () => {
  const axes = { terms: [36, 48, 60], downs: [0, 100_000, 200_000] };
  const sale = parse({ ...deal, selling_price_cents: 3_200_000, fees: [{ ...docFee, amount_cents: 15_000 }] });

  it('works every finance cell out as financeTerms does for the same deal', () => {
    const grid = financeGrid(sale, TX, { ...axes, apr_percent: 6.9, contract_date: '2024-04-01' });
    expect(grid.terms).toEqual(axes.terms);
    expect(grid.downs).toEqual(axes.downs);
    expect(grid.rows).toHaveLength(3);
    grid.rows.forEach((row, r) => {
      expect(row).toHaveLength(3);
      row.forEach((cell, c) => {
        const term_months = axes.terms[r]!;
        const cash_down_cents = axes.downs[c]!;
        const { amount_financed_cents } = worksheetTotals({ ...sale, cash_down_cents }, TX);
        const direct = financeTerms({
          amount_financed_cents,
          apr_percent: 6.9,
          term_months,
          contract_date: '2024-04-01',
          first_payment_date: addMonths('2024-04-01', 1),
        });
        expect(cell).toEqual({ term_months, cash_down_cents, amount_financed_cents, payment_cents: direct.payment_cents });
      });
    });
    // By hand, no down: taxable 32,150 × 6.25 % = 2,009.375 → 2,009.38; financed 32,000 + 150 + 2,009.38 = 34,159.38.
    // Cash down does not change Texas tax, so each $1,000 takes exactly $1,000 off.
    expect(grid.rows[0]!.map((cell) => cell.amount_financed_cents)).toEqual([3_415_938, 3_315_938, 3_215_938]);
  });

  it('lowers the finance payment with a larger down and a longer term', () => {
    const { rows } = financeGrid(sale, TX, { ...axes, apr_percent: 6.9, contract_date: '2024-04-01' });
    for (const row of rows) {
      expect(row[0]!.payment_cents).toBeGreaterThan(row[1]!.payment_cents);
      expect(row[1]!.payment_cents).toBeGreaterThan(row[2]!.payment_cents);
    }
    for (let c = 0; c < 3; c += 1) {
      expect(rows[0]![c]!.payment_cents).toBeGreaterThan(rows[1]![c]!.payment_cents);
      expect(rows[1]![c]!.payment_cents).toBeGreaterThan(rows[2]![c]!.payment_cents);
    }
  });

  it('uses the first payment date it is given', () => {
    const grid = financeGrid(sale, TX, {
      terms: [60],
      downs: [0],
      apr_percent: 6.9,
      contract_date: '2024-04-01',
      first_payment_date: '2024-05-16',
    });
    const direct = financeTerms({
      amount_financed_cents: 3_415_938,
      apr_percent: 6.9,
      term_months: 60,
      contract_date: '2024-04-01',
      first_payment_date: '2024-05-16',
    });
    expect(grid.rows[0]![0]!.payment_cents).toBe(direct.payment_cents);
  });

  const residuals: Record<number, number> = { 36: 1_920_000, 48: 1_664_000, 60: 1_408_000 };
  // The lease terms as the schema gives them, defaults filled in.
  const leaseStructure = parse({ ...deal, structure: lease }).structure as LeaseStructure;

  it('works every lease cell out as leaseTerms does, tax included where each payment is taxed', () => {
    const grid = leaseGrid(sale, leaseStructure, CA, { ...axes, residualCents: (term) => residuals[term]! });
    grid.rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        const term_months = axes.terms[r]!;
        const cash_down_cents = axes.downs[c]!;
        const direct = leaseTerms(
          leaseInputFromWorksheet(
            { ...sale, cash_down_cents },
            { ...leaseStructure, term_months, residual_value_cents: residuals[term_months]! },
            CA,
          ),
        );
        expect(cell).toEqual({
          term_months,
          cash_down_cents,
          total_monthly_payment_cents: direct.total_monthly_payment_cents,
          amount_due_at_signing_cents: direct.amount_due_at_signing_cents,
        });
      });
    });
    // By hand, 36 months, no down: gross 32,000 + 150 doc fee + 650 acquisition fee = 32,800; (32,800 − 19,200) / 36
    // = 377.7778 and (32,800 + 19,200) × 0.00125 = 65.00, so $442.78; tax 7.25 % = 32.10155 → $32.10: $474.88.
    expect(grid.rows[0]![0]).toEqual({
      term_months: 36,
      cash_down_cents: 0,
      total_monthly_payment_cents: 47_488,
      amount_due_at_signing_cents: 47_488,
    });
  });

  it('lowers the lease payment with a larger down', () => {
    const { rows } = leaseGrid(sale, leaseStructure, CA, { ...axes, residualCents: (term) => residuals[term]! });
    for (const row of rows) {
      expect(row[0]!.total_monthly_payment_cents).toBeGreaterThan(row[1]!.total_monthly_payment_cents);
      expect(row[1]!.total_monthly_payment_cents).toBeGreaterThan(row[2]!.total_monthly_payment_cents);
      // The down is paid at signing.
      expect(row[1]!.amount_due_at_signing_cents).toBeGreaterThan(row[0]!.amount_due_at_signing_cents);
    }
  });
});
