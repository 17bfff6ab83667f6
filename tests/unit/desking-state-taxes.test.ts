import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateTaxesDoc, stateTaxesDocFile } from '../../src/server/scripts/state-taxes-doc.js';
import { STATE_TAXES } from '../../src/shared/desking/state-taxes.js';
import { ruleOf, taxStates } from '../../src/shared/desking/tax.js';
import { worksheetSchema, worksheetTotals } from '../../src/shared/desking/worksheet.js';

/**
 * Every state and DC as the rule reads in its source: code, name, the state's rate in percent, whether a trade-in
 * lowers the taxable price (and the cap on the credit, in dollars), and whether a documentation fee is taxed.
 */
const RULES = `
AL Alabama              2      trade-in lowers        doc fee taxed
AK Alaska               0      no trade-in credit     doc fee not taxed
AZ Arizona              5.6    trade-in lowers        doc fee taxed
AR Arkansas             6.5    trade-in lowers        doc fee taxed
CA California           7.25   no trade-in credit     doc fee taxed
CO Colorado             2.9    trade-in lowers        doc fee taxed
CT Connecticut          6.35   trade-in lowers        doc fee taxed
DE Delaware             4.25   trade-in lowers        doc fee not taxed
DC District of Columbia 6      no trade-in credit     doc fee taxed
FL Florida              6      trade-in lowers        doc fee taxed
GA Georgia              7      trade-in lowers        doc fee not taxed
HI Hawaii               4      no trade-in credit     doc fee taxed
ID Idaho                6      trade-in lowers        doc fee taxed
IL Illinois             6.25   trade-in lowers 10000  doc fee taxed
IN Indiana              7      trade-in lowers        doc fee taxed
IA Iowa                 5      trade-in lowers        doc fee taxed
KS Kansas               6.5    trade-in lowers        doc fee taxed
KY Kentucky             6      trade-in lowers        doc fee taxed
LA Louisiana            5      trade-in lowers        doc fee taxed
ME Maine                5.5    trade-in lowers        doc fee taxed
MD Maryland             6.5    trade-in lowers        doc fee not taxed
MA Massachusetts        6.25   trade-in lowers        doc fee taxed
MI Michigan             6      trade-in lowers 11000  doc fee taxed
MN Minnesota            6.875  trade-in lowers        doc fee taxed
MS Mississippi          5      trade-in lowers        doc fee taxed
MO Missouri             4.225  trade-in lowers        doc fee taxed
MT Montana              0      no trade-in credit     doc fee not taxed
NE Nebraska             5.5    trade-in lowers        doc fee taxed
NV Nevada               6.85   trade-in lowers        doc fee taxed
NH New Hampshire        0      no trade-in credit     doc fee not taxed
NJ New Jersey           6.625  trade-in lowers        doc fee taxed
NM New Mexico           4      trade-in lowers        doc fee taxed
NY New York             4      trade-in lowers        doc fee not taxed
NC North Carolina       3      trade-in lowers        doc fee taxed
ND North Dakota         5      trade-in lowers        doc fee taxed
OH Ohio                 5.75   trade-in lowers        doc fee taxed
OK Oklahoma             4.5    no trade-in credit     doc fee taxed
OR Oregon               0      no trade-in credit     doc fee not taxed
PA Pennsylvania         6      trade-in lowers        doc fee taxed
RI Rhode Island         7      trade-in lowers        doc fee taxed
SC South Carolina       5      trade-in lowers        doc fee taxed
SD South Dakota         4      trade-in lowers        doc fee taxed
TN Tennessee            7      trade-in lowers        doc fee taxed
TX Texas                6.25   trade-in lowers        doc fee taxed
UT Utah                 4.85   trade-in lowers        doc fee taxed
VT Vermont              6      trade-in lowers        doc fee taxed
VA Virginia             4.15   no trade-in credit     doc fee not taxed
WA Washington           6.8    trade-in lowers        doc fee taxed
WV West Virginia        6      trade-in lowers        doc fee taxed
WI Wisconsin            5      trade-in lowers        doc fee taxed
WY Wyoming              4      trade-in lowers        doc fee taxed
`;

const expected = RULES.trim()
  .split('\n')
  .map((line) => {
    const [, state, name, rate, trade, cap, doc] = line.match(
      /^([A-Z]{2}) (.+?)\s+([\d.]+)\s+(trade-in lowers|no trade-in credit)\s*(\d*)\s+doc fee (taxed|not taxed)$/,
    )!;
    return {
      state,
      name,
      rate_percent: Number(rate),
      trade_in_reduces_taxable: trade === 'trade-in lowers',
      trade_in_credit_cap_cents: cap ? Number(cap) * 100 : null,
      doc_fee_taxable: doc === 'taxed',
    };
  });

describe('the state tax data file', () => {
  it('has every state and DC, 51 jurisdictions, each once', () => {
    expect(expected).toHaveLength(51);
    expect(STATE_TAXES).toHaveLength(51);
    expect(new Set(STATE_TAXES.map((facts) => facts.state)).size).toBe(51);
    expect(taxStates.map((s) => s.state).sort()).toEqual(expected.map((e) => e.state).sort());
  });

  it.each(expected)('$name: $rate_percent %, its trade-in and doc fee rules as written', (rule) => {
    expect(ruleOf(rule.state!)).toMatchObject(rule);
  });

  it('names a source for every figure and the day it took effect where given', () => {
    for (const facts of STATE_TAXES) {
      const figures = [
        facts.rate_percent,
        facts.trade_in,
        facts.doc_fee_taxable,
        facts.rebates_reduce_taxable,
        facts.service_contract_taxable,
        facts.gap_taxable,
        facts.lease_method,
        facts.max_tax_cents,
      ];
      for (const figure of figures) {
        expect(figure.source.length, facts.state).toBeGreaterThan(15);
        expect(typeof figure.confirmed).toBe('boolean');
        if (figure.effective !== null) {
          expect(figure.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(new Date(`${figure.effective}T00:00:00Z`).toISOString().slice(0, 10)).toBe(figure.effective);
        }
      }
    }
  });

  it('marks the rates not confirmed — Delaware, DC, Maryland and Oklahoma — and the desk is told so', () => {
    const unconfirmedRates = STATE_TAXES.filter((facts) => !facts.rate_percent.confirmed).map((facts) => facts.state);
    expect(unconfirmedRates.sort()).toEqual(['DC', 'DE', 'MD', 'OK']);
    expect(ruleOf('MD')!.unconfirmed).toContain('rate_percent');
    expect(ruleOf('TX')!.unconfirmed).not.toContain('rate_percent');
    // Michigan's cap on the trade-in credit rises each year: the figure is marked, not silently guessed.
    expect(ruleOf('MI')!.unconfirmed).toContain('trade_in');
  });

  it('caps South Carolina’s tax at $500 a vehicle: 5 % of $30,000 would be $1,500', () => {
    const worksheet = worksheetSchema.parse({ selling_price_cents: 3_000_000, structure: { kind: 'cash' } });
    expect(worksheetTotals(worksheet, ruleOf('SC')!).sales_tax_cents).toBe(50_000);
    // Below the cap the 5 % stands: $8,000 × 5 % = $400.
    expect(worksheetTotals({ ...worksheet, selling_price_cents: 800_000 }, ruleOf('SC')!).sales_tax_cents).toBe(40_000);
  });

  it('is the table in docs/state-taxes.md (run `npm run docs:state-taxes` after changing it)', async () => {
    const doc = await stateTaxesDoc();
    expect(fs.readFileSync(stateTaxesDocFile, 'utf8')).toBe(doc);
    expect(doc).toMatch(/\| Texas \(TX\) +\| 6\.25 % +\| lowers the price +\| taxed \(unconfirmed\) +\|/);
    expect(doc).toContain('Minn. Stat. § 297B.02');
  });
});
