import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_NOT_LISTED } from '../../src/server/modules/desking/service.js';
import { worksheetFigures } from '../../src/shared/desking/figures.js';
import { STATE_TAX_SEED } from '../../src/shared/desking/tax.js';
import {
  FROM_WORKSHEET,
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
    expect(read.json().figures).toEqual(worksheetFigures(worksheet, STATE_TAX_SEED.TX));
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

  it('refuses a state the settings do not list', async () => {
    const dealId = await createDeal(agent);
    const response = await save(agent, dealId, { state: 'WY', worksheet: FINANCED, updated_at: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.state).toBe(STATE_NOT_LISTED);
  });

  it("is figured with the state's rule in force: an admin's change to the rule shows on the next read", async () => {
    const dealId = await createDeal(agent);
    await save(agent, dealId, { state: 'TX', worksheet: FINANCED, updated_at: null });
    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    const states = settings.desking.states.map((rule: { state: string }) =>
      rule.state === 'TX' ? { ...rule, trade_in_reduces_taxable: false } : rule,
    );
    const refused = await t.call({
      method: 'PUT',
      url: '/api/settings',
      as: agent,
      payload: { ...settings, desking: { ...settings.desking, states } },
    });
    expect(refused.statusCode).toBe(403);
    const changed = await t.call({
      method: 'PUT',
      url: '/api/settings',
      as: admin,
      payload: { ...settings, desking: { ...settings.desking, states } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const read = (await t.call({ method: 'GET', url: `/api/deals/${dealId}/worksheet`, as: agent })).json();
    expect(read.figures.totals.taxable_cents).toBe(3_200_000 + 15_000);
    await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: settings });
  });
});
