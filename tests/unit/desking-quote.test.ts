import { describe, expect, it } from 'vitest';
import { worksheetFigures } from '../../src/shared/desking/figures.js';
import { financeGrid, leaseGrid, residualCentsFor, withOption } from '../../src/shared/desking/grid.js';
import { paymentSchedule } from '../../src/shared/desking/finance.js';
import { optionDisclosure, quoteDay, quoteOptions, scheduleWords } from '../../src/shared/desking/quote.js';
import { ruleOf } from '../../src/shared/desking/tax.js';
import {
  OPTION_TWICE,
  OPTIONS_NEED_PAYMENTS,
  worksheetSchema,
  type LeaseStructure,
  type WorksheetInput,
} from '../../src/shared/desking/worksheet.js';

const [TX, CA] = [ruleOf('TX')!, ruleOf('CA')!];

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
  acquisition_fee_cents: 0,
};
const sale: WorksheetInput = {
  selling_price_cents: 3_200_000,
  msrp_cents: 3_400_000,
  fees: [{ name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' }],
  cash_down_cents: 100_000,
  broker_fee_cents: 49_500,
  structure: finance,
};
const parse = (input: WorksheetInput) => worksheetSchema.parse(input);
const messages = (input: WorksheetInput) => worksheetSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('options to present', () => {
  it('are cells of a finance or lease grid, each once, at most three', () => {
    expect(messages({ ...sale, structure: { kind: 'cash' }, options: [{ term_months: 36, cash_down_cents: 0 }] })).toEqual([
      OPTIONS_NEED_PAYMENTS,
    ]);
    const twice = { term_months: 48, cash_down_cents: 100_000 };
    expect(messages({ ...sale, options: [twice, twice] })).toEqual([OPTION_TWICE]);
    const four = [36, 48, 60, 72].map((term_months) => ({ term_months, cash_down_cents: 0 }));
    expect(messages({ ...sale, options: four })).toEqual(['Present at most 3 options']);
    expect(messages({ ...sale, options: [{ term_months: 0, cash_down_cents: 0 }] })).toEqual(['Term must be at least 1 month']);
    expect(parse(sale).options).toEqual([]);
  });

  it('take the finance cell of the grid: the same payment as the grid shows for its term and down', () => {
    const worksheet = parse(sale);
    const grid = financeGrid(worksheet, TX, { terms: [36, 48, 60], downs: [0, 100_000, 200_000], ...finance });
    const taken = withOption(worksheet, { term_months: 48, cash_down_cents: 200_000 }, []);
    expect(taken.cash_down_cents).toBe(200_000);
    expect(taken.structure).toEqual({ ...finance, term_months: 48 });
    expect(worksheetFigures(taken, TX).finance!.payment_cents).toBe(grid.rows[1]![2]!.payment_cents);
  });

  it("take a lease cell with the admin's residual for its term, else the residual typed", () => {
    const worksheet = parse({ ...sale, structure: lease });
    const structure = worksheet.structure as LeaseStructure;
    const residuals = [{ term_months: 48, percent: 50 }];
    const residual = residualCentsFor(worksheet, structure, residuals);
    // 50 % of the $34,000 MSRP; a term the table does not list keeps the typed residual.
    expect(residual(48)).toBe(1_700_000);
    expect(residual(36)).toBe(1_920_000);
    const grid = leaseGrid(worksheet, structure, CA, { terms: [36, 48], downs: [0], residualCents: residual });
    const taken = withOption(worksheet, { term_months: 48, cash_down_cents: 0 }, residuals);
    expect(taken.structure).toMatchObject({ term_months: 48, residual_value_cents: 1_700_000 });
    expect(worksheetFigures(taken, CA).lease!.total_monthly_payment_cents).toBe(grid.rows[1]![0]!.total_monthly_payment_cents);
  });
});

describe("a quote's options", () => {
  it("are the marked cells in the order marked, or the worksheet's own terms when none is", () => {
    const own = quoteOptions(parse(sale), TX, []);
    expect(own.map((o) => [o.label, o.grid_option])).toEqual([['Finance, 60 months, $1,000 down', null]]);
    expect(own[0]!.figures).toEqual(worksheetFigures(parse(sale), TX));

    const marked = quoteOptions(
      parse({
        ...sale,
        options: [
          { term_months: 36, cash_down_cents: 0 },
          { term_months: 60, cash_down_cents: 200_000 },
        ],
      }),
      TX,
      [],
    );
    expect(marked.map((o) => o.label)).toEqual(['Finance, 36 months, $0 down', 'Finance, 60 months, $2,000 down']);
    expect(marked[1]!.figures.totals.cash_down_cents).toBe(200_000);
    expect(quoteOptions(parse({ ...sale, structure: { kind: 'cash' } }), TX, [])[0]!.label).toBe('Cash');
  });

  it("state each option's terms in the disclosure's words, with the schedule's unequal final payment", () => {
    const [option] = quoteOptions(parse(sale), TX, []);
    // Worked out by hand: taxable $32,150 × 6.25 % = $2,009.38; A = 32,000 + 150 + 2,009.38 − 1,000 = $33,159.38; at
    // i = 0.069 / 12 the level payment A·i / (1 − (1 + i)^−60) = $655.03, and what 59 of them leave, carried to the 60th
    // month, (A − 655.03 · (1 − (1 + i)^−59) / i) · (1 + i)^60 = $655.18; total 59 × 655.03 + 655.18 = $39,301.95, the
    // finance charge $39,301.95 − $33,159.38 = $6,142.57 (Regulation Z § 1026.18(d), (g), (h)).
    expect(option!.disclosure).toBe(
      'Annual percentage rate 6.90 %; finance charge $6,142.57; amount financed $33,159.38; total of payments $39,301.95; ' +
        '59 monthly payments of $655.03 from May 1, 2024, and 1 final payment of $655.18 on April 1, 2029. ' +
        'Subject to credit approval; the retail installment contract you sign governs.',
    );
    const leased = quoteOptions(parse({ ...sale, structure: lease }), CA, [])[0]!;
    expect(leased.disclosure).toMatch(
      /^36 monthly payments of \$[\d,]+\.\d\d \(\$[\d,]+\.\d\d of it tax\); amount due at signing/,
    );
    expect(leased.disclosure).toContain('12,000 miles a year');
    const cash = worksheetFigures(parse({ ...sale, structure: { kind: 'cash' } }), TX);
    expect(optionDisclosure('cash', cash)).toBe(
      `Cash price $${(cash.totals.cash_price_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}; ` +
        `balance due at delivery $${(cash.totals.amount_financed_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}.`,
    );
  });

  it('write days in words, whatever the zone', () => {
    expect(quoteDay('2027-01-04')).toBe('January 4, 2027');
    expect(quoteDay('2026-12-31')).toBe('December 31, 2026');
  });
});

describe('a payment schedule in words (Regulation Z § 1026.18(g))', () => {
  const terms = { payment_cents: 62_229, last_payment_cents: 62_253, term_months: 60, first_payment_date: '2027-01-31' };

  it('discloses an unequal final payment apart, on its own day, and sums the schedule', () => {
    const schedule = paymentSchedule(terms);
    // 59 × 622.29 + 622.53 = 36,715.11 + 622.53 = $37,337.64; the 60th payment of a series on the 31st falls on
    // 31 December 2031.
    expect(schedule.total_of_payments_cents).toBe(3_733_764);
    expect(scheduleWords(schedule)).toBe(
      '59 monthly payments of $622.29 from January 31, 2027, and 1 final payment of $622.53 on December 31, 2031',
    );
  });

  it('reads as one run when every payment is equal, and as one payment for a single month', () => {
    const level = paymentSchedule({ ...terms, last_payment_cents: 62_229 });
    expect(level.total_of_payments_cents).toBe(3_733_740);
    expect(scheduleWords(level)).toBe('60 monthly payments of $622.29 from January 31, 2027');
    const single = paymentSchedule({ ...terms, term_months: 1, payment_cents: 1_000_000, last_payment_cents: 1_000_050 });
    expect(scheduleWords(single)).toBe('1 payment of $10,000.50 on January 31, 2027');
    expect(single.total_of_payments_cents).toBe(1_000_050);
  });
});
