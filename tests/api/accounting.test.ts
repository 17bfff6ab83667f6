import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentCommission, CommissionAgents, CommissionDeal, CommissionSummary } from '../../src/shared/accounting/types.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { getSetting } from '../../src/server/platform/settings.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

/**
 * A hand-computed book of business. Commission = round half away from zero of basis_cents × rate / 100, the basis
 * and rate frozen when the deal completed.
 *
 *   Ava (agent, 3 %)     A1 fee $1,234.50 completed → 123450 × 3 / 100 = 3703.5 → 3704 ¢ (a half cent, rounded up)
 *                        then her rate becomes 3.5 %: A1 keeps 3704; A2 fee $2,000.00 completes → 7000 ¢
 *                        A3 pending → none;  A4 fee $1,000.00 completed, then cancelled → none
 *   Ben (agent, default) B1 fee $1,000.20 at 2.5 % → 2500.5 → 2501 ¢;  B2 fee $1,000.19 → 2500.475 → 2500 ¢
 *                        then the settings say 2 % of the sale price: B3 price $30,000.00 → 60000 ¢
 *   Cara (editor, 4.25 %) C1 fee $999.99 → 4249.9575 → 4250 ¢
 *   Dan (agent) no deals: listed with zeros.
 */

let t: TestContext;
let admin: TestUser;
let ava: TestUser;
let ben: TestUser;
let cara: TestUser;
let dan: TestUser;
let idleEditor: TestUser;

const thisYear = new Date().getUTCFullYear();
const ids: Record<string, string> = {};

type DealJson = {
  id: string;
  updated_at: string;
  status: string;
  commission_rate: number | null;
  commission_cents: number | null;
};

const dealBody = (overrides: Record<string, unknown> = {}) => ({
  date: `${thisYear}-03-14`,
  manufacturer: 'BMW',
  model: 'X5',
  year: thisYear,
  customer_name: 'Olivia Smith',
  agent_name: 'Anyone',
  contract_price_cents: 5_000_000,
  broker_fee_cents: 100_000,
  status: 'completed',
  ...overrides,
});

async function createDeal(as: TestUser, overrides: Record<string, unknown> = {}): Promise<DealJson> {
  const response = await t.call({ method: 'POST', url: '/api/deals', payload: dealBody(overrides), as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function updateDeal(as: TestUser, id: string, changes: Record<string, unknown>): Promise<DealJson> {
  const current = (await t.call({ method: 'GET', url: `/api/deals/${id}`, as })).json();
  const response = await t.call({
    method: 'PUT',
    url: `/api/deals/${id}`,
    payload: { ...dealBody(), ...pick(current), ...changes, updated_at: current.updated_at },
    as,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const pick = (deal: Record<string, unknown>) =>
  Object.fromEntries(
    ['date', 'manufacturer', 'model', 'year', 'customer_name', 'contract_price_cents', 'broker_fee_cents', 'status'].map((k) => [
      k,
      deal[k],
    ]),
  );

async function get<T>(url: string, as: TestUser): Promise<T> {
  const response = await t.call({ method: 'GET', url, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const setRate = (userId: string, rate: unknown, as: TestUser = admin) =>
  t.call({ method: 'PUT', url: `/api/accounting/rates/${userId}`, payload: { rate }, as });

const frozen = async (id: string) =>
  t.database.db
    .selectFrom('deals')
    .select(['status', 'commission_rate', 'commission_basis', 'commission_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function saveCrmSettings(crm: Partial<typeof defaultSettings.crm>) {
  const value = JSON.stringify({ ...defaultSettings.crm, ...crm });
  await sql`INSERT INTO settings (key, value) VALUES ('crm', ${value}::jsonb)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(t.database.db);
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Adam Admin');
  ava = await t.createUser('agent', 'Ava Agent');
  ben = await t.createUser('agent', 'Ben Broker');
  cara = await t.createUser('editor', 'Cara Editor');
  dan = await t.createUser('agent', 'Dan Newcomer');
  idleEditor = await t.createUser('editor', 'Ian Idle');

  expect((await setRate(ava.id, 3)).statusCode).toBe(200);
  expect((await setRate(cara.id, 4.25)).statusCode).toBe(200);

  ids.a1 = (await createDeal(ava, { date: `${thisYear}-01-10`, broker_fee_cents: 123_450, customer_name: 'Alice' })).id;
  ids.b1 = (await createDeal(ben, { date: `${thisYear}-01-20`, broker_fee_cents: 100_020, customer_name: 'Bob' })).id;
  ids.b2 = (await createDeal(ben, { date: `${thisYear}-02-03`, broker_fee_cents: 100_019, customer_name: 'Bea' })).id;
  ids.c1 = (await createDeal(cara, { date: `${thisYear}-02-14`, broker_fee_cents: 99_999, customer_name: 'Cleo' })).id;
  ids.a3 = (await createDeal(ava, { date: `${thisYear}-03-01`, status: 'pending', customer_name: 'Pending Pat' })).id;
  ids.a4 = (await createDeal(ava, { date: `${thisYear}-03-02`, customer_name: 'Refund Rita' })).id;

  // After these completed: Ava's rate changes, a deal is cancelled, the settings change the default and the basis.
  expect((await setRate(ava.id, 3.5)).statusCode).toBe(200);
  await updateDeal(ava, ids.a4, { status: 'cancelled' });
  ids.a2 = (await createDeal(ava, { date: `${thisYear}-04-05`, broker_fee_cents: 200_000, customer_name: 'Arlo' })).id;
  await saveCrmSettings({ default_commission_rate: 2, commission_basis: 'sale_price' });
  ids.b3 = (
    await createDeal(ben, {
      date: `${thisYear}-04-09`,
      contract_price_cents: 3_000_000,
      broker_fee_cents: 0,
      customer_name: 'Bo',
    })
  ).id;
});
afterAll(() => t.close());

describe('deal commission', () => {
  it('freezes the rate and basis of each deal when it completes, and rounds half cents away from zero', async () => {
    expect(await frozen(ids.a1!)).toEqual({
      status: 'completed',
      commission_rate: 3,
      commission_basis: 'broker_fee',
      commission_cents: 3704,
    });
    expect(await frozen(ids.b1!)).toMatchObject({ commission_rate: 2.5, commission_cents: 2501 });
    expect(await frozen(ids.b2!)).toMatchObject({ commission_rate: 2.5, commission_cents: 2500 });
    expect(await frozen(ids.c1!)).toMatchObject({ commission_rate: 4.25, commission_cents: 4250 });
  });

  it('keeps a completed deal at its old rate after the rate changes, and pays the next completion at the new one', async () => {
    expect(await frozen(ids.a1!)).toMatchObject({ commission_rate: 3, commission_cents: 3704 });
    expect(await frozen(ids.a2!)).toEqual({
      status: 'completed',
      commission_rate: 3.5,
      commission_basis: 'broker_fee',
      commission_cents: 7000,
    });
  });

  it('pays on the sale price at the new default once the settings say so, without touching earlier deals', async () => {
    expect(await frozen(ids.b3!)).toEqual({
      status: 'completed',
      commission_rate: 2,
      commission_basis: 'sale_price',
      commission_cents: 60_000,
    });
    expect(await frozen(ids.b1!)).toMatchObject({ commission_basis: 'broker_fee', commission_cents: 2501 });
  });

  it('has no commission on a pending deal, and takes it away when a completed deal is cancelled', async () => {
    expect(await frozen(ids.a3!)).toEqual({
      status: 'pending',
      commission_rate: null,
      commission_basis: null,
      commission_cents: null,
    });
    expect(await frozen(ids.a4!)).toEqual({
      status: 'cancelled',
      commission_rate: null,
      commission_basis: null,
      commission_cents: null,
    });
  });

  it('pays a corrected price at the frozen terms, and no writer can change them', async () => {
    // The settings now say 2 % of the sale price; Ava's own 3.5 % still applies to her.
    const deal = await createDeal(ava, { date: `${thisYear}-05-01`, contract_price_cents: 10_000, customer_name: 'Fixed Price' });
    expect(deal).toMatchObject({ commission_rate: 3.5, commission_basis: 'sale_price', commission_cents: 350 });
    await sql`UPDATE commission_rates SET rate = 10 WHERE user_id = ${ava.id}`.execute(t.database.db);
    const corrected = await updateDeal(ava, deal.id, { contract_price_cents: 20_001 });
    // 20001 × 3.5 / 100 = 700.035 → 700
    expect(corrected).toMatchObject({ commission_rate: 3.5, commission_basis: 'sale_price', commission_cents: 700 });
    await sql`UPDATE deals SET commission_rate = 50, commission_cents = 1 WHERE id = ${deal.id}`.execute(t.database.db);
    expect(await frozen(deal.id)).toMatchObject({ commission_rate: 3.5, commission_cents: 700 });
    // Reopened and completed again, it takes the terms of that moment.
    await updateDeal(ava, deal.id, { status: 'in-progress' });
    expect(await frozen(deal.id)).toMatchObject({ commission_rate: null, commission_cents: null });
    await updateDeal(ava, deal.id, { status: 'completed' });
    expect(await frozen(deal.id)).toMatchObject({ commission_rate: 10, commission_cents: 2000 });
    await t.database.db.deleteFrom('deals').where('id', '=', deal.id).execute();
    await sql`UPDATE commission_rates SET rate = 3.5 WHERE user_id = ${ava.id}`.execute(t.database.db);
  });

  it('lists every completed deal for an admin, newest first and a page at a time', async () => {
    const first = await get<{ items: CommissionDeal[]; nextCursor: string | null }>('/api/accounting/deals?limit=4', admin);
    expect(first.items.map((d) => d.id)).toEqual([ids.b3, ids.a2, ids.c1, ids.b2]);
    expect(first.items[0]).toEqual({
      id: ids.b3,
      date: `${thisYear}-04-09`,
      manufacturer: 'BMW',
      model: 'X5',
      customer_name: 'Bo',
      contract_price_cents: 3_000_000,
      broker_fee_cents: 0,
      // Not desked: no F&I products.
      products_cents: 0,
      products_cost_cents: 0,
      user_id: ben.id,
      agent_name: 'Ben Broker',
      commission_rate: 2,
      commission_basis: 'sale_price',
      commission_cents: 60_000,
    });
    const second = await get<{ items: CommissionDeal[]; nextCursor: string | null }>(
      `/api/accounting/deals?limit=4&cursor=${first.nextCursor}`,
      admin,
    );
    expect(second.items.map((d) => d.id)).toEqual([ids.b1, ids.a1]);
    expect(second.nextCursor).toBeNull();
  });

  it('shows an agent only their own deals, in the list, the cards and the report', async () => {
    const own = await get<{ items: CommissionDeal[] }>('/api/accounting/deals', ava);
    expect(own.items.map((d) => d.id)).toEqual([ids.a2, ids.a1]);
    expect(await get<CommissionSummary>('/api/accounting/summary', ava)).toEqual({
      total_commission_cents: 3704 + 7000,
      total_sales_cents: 10_000_000,
      completed_deals: 2,
      average_rate: 3.25,
      products_cents: 0,
      back_end_gross_cents: 0,
    });
    const report = await get<{ rows: { user_id: string }[] }>('/api/accounting/report', ava);
    expect(new Set(report.rows.map((r) => r.user_id))).toEqual(new Set([ava.id]));
    expect((await get<{ items: unknown[] }>('/api/accounting/deals', dan)).items).toEqual([]);
  });

  it('adds up every completed deal for an admin', async () => {
    expect(await get<CommissionSummary>('/api/accounting/summary', admin)).toEqual({
      total_commission_cents: 3704 + 7000 + 2501 + 2500 + 60_000 + 4250,
      total_sales_cents: 5_000_000 * 5 + 3_000_000,
      completed_deals: 6,
      // (3 + 3.5 + 2.5 + 2.5 + 2 + 4.25) / 6 = 2.958…
      average_rate: 2.96,
      products_cents: 0,
      back_end_gross_cents: 0,
    });
  });

  it('reports each agent by month', async () => {
    const report = await get<{ year: number; years: number[]; rows: unknown[] }>(
      `/api/accounting/report?year=${thisYear}`,
      admin,
    );
    expect(report.year).toBe(thisYear);
    expect(report.years).toContain(thisYear);
    const m = (n: number) => `${thisYear}-${String(n).padStart(2, '0')}`;
    const row = (month: number, user: TestUser, deals: number, sales: number, fees: number, commission: number) => ({
      month: m(month),
      user_id: user.id,
      agent_name: user.name,
      deals,
      sales_cents: sales,
      broker_fees_cents: fees,
      commission_cents: commission,
      products_cents: 0,
      back_end_gross_cents: 0,
    });
    expect(report.rows).toEqual([
      row(1, ava, 1, 5_000_000, 123_450, 3704),
      row(1, ben, 1, 5_000_000, 100_020, 2501),
      row(2, ben, 1, 5_000_000, 100_019, 2500),
      row(2, cara, 1, 5_000_000, 99_999, 4250),
      row(4, ava, 1, 5_000_000, 200_000, 7000),
      row(4, ben, 1, 3_000_000, 0, 60_000),
    ]);
    const empty = await get<{ rows: unknown[] }>(`/api/accounting/report?year=${thisYear - 5}`, admin);
    expect(empty.rows).toEqual([]);
  });
});

describe('commission management', () => {
  it('lists every agent, and editors who sell, with rate and completed totals', async () => {
    const { default_rate, basis, agents } = await get<CommissionAgents>('/api/accounting/agents', admin);
    expect({ default_rate, basis }).toEqual({ default_rate: 2, basis: 'sale_price' });
    // The settings service reads the same default the database freezes deals with.
    const crm = await getSetting(t.database.db, 'crm');
    expect({ default_rate: crm.default_commission_rate, basis: crm.commission_basis }).toEqual({ default_rate, basis });
    const byName = Object.fromEntries(agents.map((a) => [a.agent_name, a]));
    expect(Object.keys(byName)).toEqual(['Ava Agent', 'Ben Broker', 'Cara Editor', 'Dan Newcomer']);
    expect(byName['Ava Agent']).toEqual({
      user_id: ava.id,
      agent_email: ava.email,
      agent_name: 'Ava Agent',
      role: 'agent',
      commission_rate: 3.5,
      own_rate: true,
      total_deals: 2,
      total_sales_cents: 10_000_000,
      total_commission_cents: 10_704,
    });
    expect(byName['Ben Broker']).toMatchObject({
      commission_rate: 2,
      own_rate: false,
      total_deals: 3,
      total_commission_cents: 65_001,
    });
    expect(byName['Cara Editor']).toMatchObject({ role: 'editor', commission_rate: 4.25, total_commission_cents: 4250 });
    expect(byName['Dan Newcomer']).toMatchObject({ commission_rate: 2, own_rate: false, total_deals: 0, total_sales_cents: 0 });
    expect(agents.some((a) => a.user_id === idleEditor.id || a.user_id === admin.id)).toBe(false);
  });

  it('sets a rate and audits the change with the rate it replaced', async () => {
    const response = await setRate(dan.id, 33.33);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AgentCommission>()).toMatchObject({ user_id: dan.id, commission_rate: 33.33, own_rate: true });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'changes'])
      .where('entity_type', '=', 'commission_rate')
      .where('entity_id', '=', dan.id)
      .execute();
    expect(audit).toEqual([
      {
        actor_id: admin.id,
        action: 'updated',
        changes: { agent: 'Dan Newcomer', rate: { from: 2, to: 33.33 }, was_default: true },
      },
    ]);
    expect((await setRate(dan.id, 0)).json<AgentCommission>().commission_rate).toBe(0);
    expect((await setRate(dan.id, 100)).json<AgentCommission>().commission_rate).toBe(100);
  });

  it('refuses everyone but admins', async () => {
    for (const caller of [ava, cara]) {
      expect((await setRate(ben.id, 50, caller)).statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: '/api/accounting/agents', as: caller })).statusCode).toBe(403);
    }
    const own = await t.database.db
      .selectFrom('commission_rates')
      .select('rate')
      .where('user_id', '=', ben.id)
      .executeTakeFirst();
    expect(own).toBeUndefined();
  });

  it('refuses a rate outside 0 to 100 or with more than two decimals, storing nothing', async () => {
    const stored = () =>
      sql<{ rates: string; audits: string }>`
        SELECT (SELECT json_agg(r ORDER BY user_id)::text FROM commission_rates r) AS rates,
               (SELECT count(*)::text FROM audit_log) AS audits`.execute(t.database.db);
    const before = (await stored()).rows[0];
    for (const [rate, message] of [
      [-1, 'Commission rate must be between 0 and 100'],
      [101, 'Commission rate must be between 0 and 100'],
      ['abc', 'Commission rate must be between 0 and 100'],
      [null, 'Commission rate must be between 0 and 100'],
      [2.555, 'At most two decimals'],
    ] as const) {
      const response = await setRate(ava.id, rate);
      expect({ rate, status: response.statusCode, body: response.json() }).toEqual({
        rate,
        status: 400,
        body: { error: { code: 'VALIDATION', message, fields: { rate: message } } },
      });
    }
    expect((await stored()).rows[0]).toEqual(before);
  });

  it('answers 404 for a user that does not exist', async () => {
    expect((await setRate('00000000-0000-4000-8000-000000000000', 3)).statusCode).toBe(404);
  });
});

describe('the commission report CSV', () => {
  it('has exactly the specification’s header and a row per completed deal of the year, money in dollars', async () => {
    const response = await t.call({ method: 'GET', url: `/api/accounting/export.csv?year=${thisYear}`, as: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="commissions-${thisYear}.csv"`);
    const [header, ...rows] = response.body.split('\r\n');
    expect(Buffer.from(`${header}\r\n`)).toEqual(
      Buffer.from('Deal ID,Date,Manufacturer,Model,Customer,Sale Price,Broker Fee,Commission Rate,Commission Amount\r\n'),
    );
    expect(rows).toEqual([
      `${ids.b3},${thisYear}-04-09,BMW,X5,Bo,30000.00,0.00,2.00,600.00`,
      `${ids.a2},${thisYear}-04-05,BMW,X5,Arlo,50000.00,2000.00,3.50,70.00`,
      `${ids.c1},${thisYear}-02-14,BMW,X5,Cleo,50000.00,999.99,4.25,42.50`,
      `${ids.b2},${thisYear}-02-03,BMW,X5,Bea,50000.00,1000.19,2.50,25.00`,
      `${ids.b1},${thisYear}-01-20,BMW,X5,Bob,50000.00,1000.20,2.50,25.01`,
      `${ids.a1},${thisYear}-01-10,BMW,X5,Alice,50000.00,1234.50,3.00,37.04`,
      '',
    ]);
  });

  it('holds only the agent’s own deals for an agent, and only the header for a year without any', async () => {
    const own = await t.call({ method: 'GET', url: `/api/accounting/export.csv?year=${thisYear}`, as: ben });
    expect(
      own.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual([ids.b3, ids.b2, ids.b1]);
    const none = await t.call({ method: 'GET', url: `/api/accounting/export.csv?year=${thisYear - 5}`, as: admin });
    expect(none.body).toBe(
      'Deal ID,Date,Manufacturer,Model,Customer,Sale Price,Broker Fee,Commission Rate,Commission Amount\r\n',
    );
  });
});

describe('the commissions migration', () => {
  it('pays the deals completed before it at the default 2.5 % of the broker fee, and no others', async () => {
    const dir = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const database = await openDatabase({ kind: 'embedded-memory' });
    try {
      const apply = (file: string) => sql.raw(fs.readFileSync(path.join(dir, file), 'utf8')).execute(database.db);
      for (const file of files.filter((f) => f < '012_commissions.sql')) await apply(file);
      const { rows } = await sql<{ id: string }>`
        INSERT INTO users (name, email) VALUES ('Old Agent', 'old@example.com') RETURNING id`.execute(database.db);
      await sql`
        INSERT INTO deals (user_id, date, manufacturer, model, year, customer_name, agent_name, contract_price_cents,
                           broker_fee_cents, status)
        VALUES (${rows[0]!.id}, '2024-05-01', 'Audi', 'A4', 2024, 'Done', 'Old Agent', 4000000, 123450, 'completed'),
               (${rows[0]!.id}, '2024-05-02', 'Audi', 'A6', 2024, 'Open', 'Old Agent', 4000000, 123450, 'pending')`.execute(
        database.db,
      );
      await apply('012_commissions.sql');
      const deals = await sql`
        SELECT customer_name, commission_rate, commission_basis, commission_cents FROM deals ORDER BY date`.execute(database.db);
      expect(deals.rows).toEqual([
        // 123450 × 2.5 / 100 = 3086.25 → 3086
        { customer_name: 'Done', commission_rate: 2.5, commission_basis: 'broker_fee', commission_cents: 3086 },
        { customer_name: 'Open', commission_rate: null, commission_basis: null, commission_cents: null },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
