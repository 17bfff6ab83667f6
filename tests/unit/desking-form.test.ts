import { describe, expect, it } from 'vitest';
import { worksheetFiguringSchema, worksheetFormSchema, worksheetToForm } from '../../src/shared/desking/form.js';
import { PAYOFF_NEEDS_LENDER, worksheetSchema } from '../../src/shared/desking/worksheet.js';

const worksheet = worksheetSchema.parse({
  selling_price_cents: 2_530_050,
  fees: [{ name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' }],
  trade_ins: [{ allowance_cents: 800_000, actual_cash_value_cents: 750_000, payoff_cents: 0, lender: null, year: 2019 }],
  cash_down_cents: 100_000,
  structure: {
    kind: 'finance',
    apr_percent: 6.9,
    term_months: 60,
    contract_date: '2026-12-03',
    first_payment_date: '2027-01-03',
  },
});

describe("the desk's form", () => {
  it('shows cents as dollars and numbers as text, and reads them back to the same worksheet', () => {
    const form = worksheetToForm(worksheet);
    expect(form.selling_price_cents).toBe('25300.50');
    expect(form.msrp_cents).toBe('');
    expect(form.trade_ins[0]!.year).toBe('2019');
    expect(form.structure).toMatchObject({ apr_percent: '6.9', term_months: '60', contract_date: '2026-12-03' });
    expect(worksheetFormSchema.parse(form)).toEqual(worksheet);
  });

  it('reads amounts as typed: commas and spaces dropped, blanks as none, and words refused with the field message', () => {
    const form = worksheetToForm(worksheet);
    const typed = worksheetFormSchema.parse({ ...form, selling_price_cents: ' 25,300.5 ', cash_down_cents: '', msrp_cents: '' });
    expect(typed).toMatchObject({ selling_price_cents: 2_530_050, cash_down_cents: 0, msrp_cents: null });
    const refused = worksheetFormSchema.safeParse({ ...form, selling_price_cents: 'twenty grand' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['selling_price_cents'], message: 'Selling price must be positive' });
  });

  it('figures a worksheet whose save is still refused: a payoff without its lender', () => {
    const form = worksheetToForm(worksheet);
    const owing = { ...form, trade_ins: [{ ...form.trade_ins[0]!, payoff_cents: '11000' }] };
    expect(worksheetFormSchema.safeParse(owing).error?.issues[0]?.message).toBe(PAYOFF_NEEDS_LENDER);
    expect(worksheetFiguringSchema.parse(owing).trade_ins[0]!.payoff_cents).toBe(1_100_000);
  });
});
