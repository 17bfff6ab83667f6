import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worksheetFigures } from '../../src/shared/desking/figures.js';
import { ruleOf } from '../../src/shared/desking/tax.js';
import {
  DESK_CLOSED,
  FROM_WORKSHEET,
  LOCALITY_NOT_LISTED,
  MONEY_FACTOR_LOOKS_LIKE_APR,
  PAYOFF_NEEDS_LENDER,
  RESIDUAL_ABOVE_PRICE,
  TERM_TOO_SHORT,
  worksheetSchema,
} from '../../src/shared/desking/worksheet.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let editor: TestUser;

const thisYear = new Date().getFullYear();

async function createDeal(as: TestUser) {
  const response = await t.call({
    method: 'POST',
    url: '/api/deals',
    as,
    payload: {
      date: `${thisYear}-03-14`,
      manufacturer: 'Toyota',
      model: 'RAV4',
      year: thisYear,
      customer_name: 'Olivia Smith',
      customer_phone: '(512) 555-0100',
      customer_email: 'olivia@example.com',
      agent_name: 'Anyone',
      contract_price_cents: 3_200_000,
      monthly_payment_cents: null,
      broker_fee_cents: 0,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A finance deal in Texas with a trade worth less than its payoff: $3,000 of negative equity. */
const FINANCED = {
  selling_price_cents: 3_200_000,
  msrp_cents: 3_350_000,
  rebates: [{ name: 'Spring cash', amount_cents: 100_000 }],
  fees: [{ name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' }],
  products: [
    { kind: 'service_contract', name: 'Vehicle service contract', price_cents: 199_500, cost_cents: 110_000, taxable: false },
  ],
  trade_ins: [
    {
      vin: '1HGCM82633A004352',
      year: 2019,
      make: 'Honda',
      model: 'Accord',
      allowance_cents: 800_000,
      actual_cash_value_cents: 750_000,
      payoff_cents: 1_100_000,
      lender: 'Ally Financial',
    },
  ],
  cash_down_cents: 200_000,
  local_tax_rate_percent: 2,
  structure: {
    kind: 'finance',
    apr_percent: 6.9,
    term_months: 60,
    contract_date: '2026-12-03',
    first_payment_date: '2027-01-03',
  },
};

const save = (as: TestUser, dealId: string, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `/api/deals/${dealId}/worksheet`, as, payload });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eve Editor');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
});
afterAll(() => t.close());

describe('a deal worksheet', () => {
  it("starts as a draft of the deal's price, the default state and its fees, paid in cash", async () => {
    const dealId = await createDeal(agent);
    const response = await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: agent });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json();
    expect(draft).toMatchObject({ deal_id: dealId, state: 'TX', updated_at: null, rule: { state: 'TX' } });
    expect(draft.worksheet).toMatchObject({ selling_price_cents: 3_200_000, structure: { kind: 'cash' }, trade_ins: [] });
    expect(draft.worksheet.fees.map((fee: { name: string }) => fee.name)).toEqual([
      'Documentation fee',
      'Title and registration',
    ]);
    // Texas: 6.25 % on the price and the taxable doc fee.
    expect(draft.figures.totals.sales_tax_cents).toBe(Math.round((3_200_000 + 15_000) * 0.0625));
  });

  it('round-trips, with the figures the shared arithmetic gives and negative equity carried into the amount financed', async () => {
    const dealId = await createDeal(agent);
    const saved = await save(agent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: agent });
    expect(read.json()).toEqual(saved.json());
    const worksheet = worksheetSchema.parse(FINANCED);
    expect(read.json().worksheet).toEqual(worksheet);
    expect(read.json().figures).toEqual(worksheetFigures(worksheet, ruleOf('TX')!));
    const { totals, finance } = read.json().figures;
    expect(totals.negative_equity_cents).toBe(300_000);
    // Texas taxes the price less the trade's allowance, plus the doc fee; the service contract is not taxed there.
    expect(totals.taxable_cents).toBe(3_200_000 - 800_000 + 15_000);
    expect(totals.tax_rate_percent).toBe(8.25);
    expect(totals.sales_tax_cents).toBe(Math.round(2_415_000 * 0.0825));
    expect(totals.amount_financed_cents).toBe(
      3_200_000 + 15_000 + 199_500 + totals.sales_tax_cents - 200_000 - 100_000 + 300_000,
    );
    expect(finance.amount_financed_cents).toBe(totals.amount_financed_cents);
    expect(finance.apr_percent).toBe(6.9);
    expect(finance.total_of_payments_cents).toBe(finance.payment_cents * 59 + finance.last_payment_cents);
    expect(finance.finance_charge_cents).toBe(finance.total_of_payments_cents - finance.amount_financed_cents);
  });

  it("gives the deal its contract price, monthly payment and F&I products, read from the worksheet and audited as the deal's edit", async () => {
    const dealId = await createDeal(agent);
    const first = await save(agent, dealId, {
      state: 'TX',
      worksheet: { ...FINANCED, selling_price_cents: 3_150_000 },
      updated_at: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    const financed = (await t.call({ method: 'GET', url: `/api/deals/${dealId}`, as: agent })).json();
    expect(financed).toMatchObject({
      contract_price_cents: 3_150_000,
      monthly_payment_cents: first.json().figures.finance.payment_cents,
    });
    const cash = await save(agent, dealId, {
      state: 'TX',
      worksheet: { ...FINANCED, selling_price_cents: 3_150_000, structure: { kind: 'cash' } },
      updated_at: first.json().updated_at,
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/deals/${dealId}`, as: agent })).json().monthly_payment_cents).toBeNull();
    const edits = await t.database.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity_id', '=', dealId)
      .where('action', '=', 'updated')
      .orderBy('created_at')
      .execute();
    expect(edits.map((edit) => edit.changes)).toEqual([
      {
        contract_price_cents: { from: 3_200_000, to: 3_150_000 },
        monthly_payment_cents: { from: null, to: first.json().figures.finance.payment_cents },
        // The worksheet's service contract: sold for $1,995.00, costing the store $1,100.00.
        products_cents: { from: 0, to: 199_500 },
        products_cost_cents: { from: 0, to: 110_000 },
      },
      { monthly_payment_cents: { from: first.json().figures.finance.payment_cents, to: null } },
    ]);

    // Typed on the deal itself, the desked figures are refused; the deal's other fields still save.
    const deal = (await t.call({ method: 'GET', url: `/api/deals/${dealId}`, as: agent })).json();
    expect(deal.desked).toBe(true);
    const edit = (changes: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/deals/${dealId}`, as: agent, payload: { ...deal, ...changes } });
    const retyped = await edit({ contract_price_cents: 3_000_000 });
    expect(retyped.statusCode, retyped.body).toBe(400);
    expect(retyped.json().error.fields).toEqual({ contract_price_cents: FROM_WORKSHEET });
    const noted = await edit({ notes: 'Customer wants the black one' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json()).toMatchObject({ contract_price_cents: 3_150_000, notes: 'Customer wants the black one' });
  });

  it('is audited on the deal and refuses a stale save with 409', async () => {
    const dealId = await createDeal(agent);
    const first = await save(agent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: null });
    expect(first.statusCode, first.body).toBe(200);
    const again = await save(agent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: null });
    expect(again.statusCode).toBe(409);
    const second = await save(editor, dealId, {
      state: 'CA',
      worksheet: { ...FINANCED, structure: { kind: 'cash' } },
      updated_at: first.json().updated_at,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().updated_at > first.json().updated_at).toBe(true);
    const stale = await save(agent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: first.json().updated_at });
    expect(stale.statusCode).toBe(409);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_id', '=', dealId)
      .where('action', '=', 'worksheet_saved')
      .execute();
    expect(audits.map((a) => (a.changes as { state: string }).state).sort()).toEqual(['CA', 'TX']);
  });

  it("follows the deal's scope: another agent gets 404 and changes nothing; admins and editors see it", async () => {
    const dealId = await createDeal(agent);
    expect((await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: otherAgent })).statusCode).toBe(404);
    expect((await save(otherAgent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: null })).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('deal_worksheets').where('deal_id', '=', dealId).selectAll().execute()).toEqual([]);
    for (const as of [admin, editor])
      expect((await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/deals/${crypto.randomUUID()}/worksheet`, as: admin })).statusCode).toBe(404);
  });

  it.each([
    [
      'a payoff with no lender',
      { trade_ins: [{ ...FINANCED.trade_ins[0], lender: '' }] },
      'worksheet.trade_ins.0.lender',
      PAYOFF_NEEDS_LENDER,
    ],
    ['a term of 0', { structure: { ...FINANCED.structure, term_months: 0 } }, 'worksheet.structure.term_months', TERM_TOO_SHORT],
    [
      'a residual above the price',
      {
        structure: {
          kind: 'lease',
          residual_value_cents: 3_300_000,
          money_factor: 0.0015,
          term_months: 36,
          acquisition_fee_cents: 65_000,
        },
      },
      'worksheet.structure.residual_value_cents',
      RESIDUAL_ABOVE_PRICE,
    ],
    [
      'an APR typed as the money factor',
      {
        structure: {
          kind: 'lease',
          residual_value_cents: 1_800_000,
          money_factor: 4.9,
          term_months: 36,
          acquisition_fee_cents: 65_000,
        },
      },
      'worksheet.structure.money_factor',
      MONEY_FACTOR_LOOKS_LIKE_APR,
    ],
  ])('refuses %s with its message and stores nothing', async (_, change, field, message) => {
    const dealId = await createDeal(agent);
    const response = await save(agent, dealId, { state: 'TX', worksheet: { ...FINANCED, ...change }, updated_at: null });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await t.database.db.selectFrom('deal_worksheets').where('deal_id', '=', dealId).selectAll().execute()).toEqual([]);
  });

  it('refuses a state that is not one of the 50 states or DC, and stores nothing', async () => {
    const dealId = await createDeal(agent);
    const response = await save(agent, dealId, { state: 'PR', worksheet: FINANCED, updated_at: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.state).toBe('Choose one of the 50 states or the District of Columbia');
    expect(await t.database.db.selectFrom('deal_worksheets').where('deal_id', '=', dealId).selectAll().execute()).toEqual([]);
  });

  it.each([
    // Wyoming: 4 %, the trade-in lowers the taxable price, the doc fee is taxed: (32,000 − 8,000 + 150) × 4 % = 966.00.
    ['WY', 4, 2_415_000, 96_600],
    // Virginia: 4.15 %, no trade-in credit, the processing fee not taxed: 32,000 × 4.15 % = 1,328.00.
    ['VA', 4.15, 3_200_000, 132_800],
    // Minnesota: 6.875 % since 1 July 2023, trade-in lowers the price: 24,150 × 6.875 % = 1,660.3125 → 1,660.31.
    ['MN', 6.875, 2_415_000, 166_031],
    // South Carolina: 5 %, at most $500 a vehicle: 24,150 × 5 % = 1,207.50, capped at 500.00.
    ['SC', 5, 2_415_000, 50_000],
    // Montana: no sales tax.
    ['MT', 0, 0, 0],
  ])('taxes a deal desked in %s by its rule: %s %', async (state, rate, taxable, tax) => {
    const dealId = await createDeal(agent);
    const worksheet = { ...FINANCED, local_tax_rate_percent: 0 };
    const saved = await save(agent, dealId, { state, worksheet, updated_at: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule.rate_percent).toBe(rate);
    const { totals } = saved.json().figures;
    expect(totals.tax_rate_percent).toBe(rate);
    if (state !== 'MT') expect(totals.taxable_cents).toBe(taxable);
    expect(totals.sales_tax_cents).toBe(tax);
  });

  it('says which figures of a state are unconfirmed: Delaware’s rate is, Texas’s is not', async () => {
    const dealId = await createDeal(agent);
    const delaware = await save(agent, dealId, { state: 'DE', worksheet: FINANCED, updated_at: null });
    expect(delaware.statusCode, delaware.body).toBe(200);
    expect(delaware.json().rule.unconfirmed).toContain('rate_percent');
    const texas = await save(agent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: delaware.json().updated_at });
    expect(texas.json().rule.unconfirmed).not.toContain('rate_percent');
  });
});

describe("a county's or city's rate", () => {
  it('is listed by admins only, picked on the worksheet by name, and taxed at the listed rate', async () => {
    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    const local_rates = [
      { state: 'TX', name: 'Austin', rate_percent: 2 },
      { state: 'FL', name: 'Miami-Dade County', rate_percent: 1 },
    ];
    const payload = { ...settings, desking: { ...settings.desking, local_rates } };
    expect((await t.call({ method: 'PUT', url: '/api/settings', as: agent, payload })).statusCode).toBe(403);
    const listed = await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload });
    expect(listed.statusCode, listed.body).toBe(200);

    const dealId = await createDeal(agent);
    // Whatever rate comes with the name, the listed one is kept: Texas 6.25 % and Austin 2 %.
    const picked = await save(agent, dealId, {
      state: 'TX',
      worksheet: { ...FINANCED, locality: 'Austin', local_tax_rate_percent: 0 },
      updated_at: null,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().worksheet).toMatchObject({ locality: 'Austin', local_tax_rate_percent: 2 });
    expect(picked.json().figures.totals.tax_rate_percent).toBe(8.25);

    // Miami-Dade is Florida's, not Texas's; a name nobody listed is refused too.
    for (const locality of ['Miami-Dade County', 'Dallas']) {
      const refused = await save(agent, dealId, {
        state: 'TX',
        worksheet: { ...FINANCED, locality },
        updated_at: picked.json().updated_at,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields['worksheet.locality']).toBe(LOCALITY_NOT_LISTED);
    }
    const stored = await t.database.db
      .selectFrom('deal_worksheets')
      .select('worksheet')
      .where('deal_id', '=', dealId)
      .executeTakeFirstOrThrow();
    expect(stored.worksheet).toMatchObject({ locality: 'Austin', local_tax_rate_percent: 2 });
    await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: settings });
  });
});

describe("a completed deal's worksheet", () => {
  it('is read, but neither saved, quoted nor changed by choosing a dealer offer: 409 with the reason', async () => {
    const dealId = await createDeal(agent);
    const first = await save(agent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: null });
    expect(first.statusCode, first.body).toBe(200);
    const offer = await t.call({
      method: 'POST',
      url: `/api/deals/${dealId}/dealer-offers`,
      as: agent,
      payload: {
        dealer: 'Lakeside Toyota',
        vehicle: '2026 Toyota RAV4',
        availability: 'in_stock',
        price_cents: 3_100_000,
        fees_cents: 0,
      },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const deal = (await t.call({ method: 'GET', url: `/api/deals/${dealId}`, as: agent })).json();
    const completed = await t.call({
      method: 'PUT',
      url: `/api/deals/${dealId}`,
      as: agent,
      payload: { ...deal, status: 'completed' },
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const read = await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: agent });
    expect(read.statusCode).toBe(200);
    expect(read.json().worksheet.selling_price_cents).toBe(3_200_000);

    const resaved = await save(agent, dealId, {
      state: 'TX',
      worksheet: { ...FINANCED, selling_price_cents: 2_900_000 },
      updated_at: first.json().updated_at,
    });
    expect(resaved.statusCode).toBe(409);
    expect(resaved.json().error.message).toBe('This deal is completed: its worksheet is read-only and no quote is sent from it');
    expect(resaved.json().error.message).toBe(DESK_CLOSED);

    const quoted = await t.call({
      method: 'POST',
      url: `/api/deals/${dealId}/quotes`,
      as: agent,
      payload: { to: 'olivia@example.com' },
    });
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json().error.message).toBe(DESK_CLOSED);
    expect(await t.database.db.selectFrom('deal_quotes').where('deal_id', '=', dealId).selectAll().execute()).toEqual([]);

    const chosen = await t.call({
      method: 'POST',
      url: `/api/deals/${dealId}/dealer-offers/${offer.json().id}/choose`,
      as: agent,
      payload: { decline_reason: 'Higher total cost' },
    });
    expect(chosen.statusCode).toBe(409);

    const after = await t.database.db
      .selectFrom('deal_worksheets')
      .selectAll()
      .where('deal_id', '=', dealId)
      .executeTakeFirstOrThrow();
    expect(after.updated_at.toISOString()).toBe(first.json().updated_at);
    expect((after.worksheet as { selling_price_cents: number }).selling_price_cents).toBe(3_200_000);
    // An admin is refused alike: the rule is the deal's, not the role's.
    expect(
      (await save(admin, dealId, { state: 'TX', worksheet: FINANCED, updated_at: first.json().updated_at })).statusCode,
    ).toBe(409);
  });
});
