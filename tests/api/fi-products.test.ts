import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { dayIn, monthStart } from '../../src/shared/common/time.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { emptyDatabase } from '../helpers/databases.js';
import { pdfPages } from '../helpers/pdf-tools.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;

// Days are the company's (its time zone as the settings default it).
const today = dayIn(defaultSettings.company.time_zone);
const thisYear = Number(today.slice(0, 4));
// The first day of the month before last: a whole month of the last twelve, never one of the last thirty days.
const wholeMonthDay = monthStart(today, -2);

// The walk-through's deal: a service contract and GAP, $2,690 sold, $1,350 of cost, $1,340 of back-end gross.
const SERVICE_CONTRACT = {
  kind: 'service_contract',
  name: 'Vehicle service contract',
  price_cents: 199_500,
  cost_cents: 110_000,
  taxable: false,
};
const GAP = { kind: 'gap', name: 'GAP waiver', price_cents: 69_500, cost_cents: 25_000, taxable: false };

const get = async <T>(url: string, as: TestUser): Promise<T> => {
  const response = await t.call({ method: 'GET', url, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

async function createDeal(date: string) {
  const response = await t.call({
    method: 'POST',
    url: '/api/deals',
    as: agent,
    payload: {
      date,
      manufacturer: 'Toyota',
      model: 'Highlander',
      year: thisYear,
      customer_name: 'Grace Hopper',
      agent_name: agent.name,
      contract_price_cents: 4_100_000,
      monthly_payment_cents: null,
      broker_fee_cents: 50_000,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function desk(dealId: string, products: object[], updatedAt: string | null) {
  const response = await t.call({
    method: 'PUT',
    url: `/api/deals/${dealId}/worksheet`,
    as: agent,
    payload: {
      state: 'TX',
      updated_at: updatedAt,
      worksheet: {
        selling_price_cents: 4_100_000,
        msrp_cents: null,
        rebates: [],
        fees: [],
        products,
        trade_ins: [],
        cash_down_cents: 0,
        local_tax_rate_percent: 0,
        structure: { kind: 'cash' },
        broker_fee_cents: 50_000,
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().updated_at as string;
}

async function setStatus(dealId: string, status: string) {
  const current = await get<Record<string, unknown>>(`/api/deals/${dealId}`, agent);
  const response = await t.call({ method: 'PUT', url: `/api/deals/${dealId}`, as: agent, payload: { ...current, status } });
  expect(response.statusCode, response.body).toBe(200);
}

type Products = { products_cents: number; products_cost_cents: number; back_end_gross_cents: number };
const products = (sold: number, cost: number, gross: number): Products => ({
  products_cents: sold,
  products_cost_cents: cost,
  back_end_gross_cents: gross,
});

let todayDeal: string;
let worksheetVersion: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Frank Fields');
  todayDeal = await createDeal(today);
  worksheetVersion = await desk(todayDeal, [SERVICE_CONTRACT, GAP], null);
  await setStatus(todayDeal, 'completed');
  // A deal of a whole month: the Analytics page reads it from the monthly figures, not from the deals.
  const earlier = await createDeal(wholeMonthDay);
  await desk(earlier, [GAP], null);
  await setStatus(earlier, 'completed');
});
afterAll(() => t.close());

describe('F&I products sold on a deal', () => {
  it("are Deal Analytics' figures of the year and of the deal's month", async () => {
    const analytics = await get<{ totals: Products; monthly: (Products & { month: string })[] }>(
      `/api/analytics/deals?year=${thisYear}`,
      agent,
    );
    const both = wholeMonthDay.startsWith(String(thisYear));
    expect(analytics.totals).toMatchObject(
      both ? products(269_000 + 69_500, 135_000 + 25_000, 134_000 + 44_500) : products(269_000, 135_000, 134_000),
    );
    expect(analytics.monthly.find((m) => m.month === today.slice(0, 7))).toMatchObject(products(269_000, 135_000, 134_000));
  });

  it("are the Analytics page's figures of a range, from its whole months and from its days alike", async () => {
    const last30 = await get<{ cards: { products: Products } }>('/api/analytics?range=30d', agent);
    expect(last30.cards.products).toEqual(products(269_000, 135_000, 134_000));
    const year = await get<{ cards: { products: Products } }>('/api/analytics?range=12m', admin);
    expect(year.cards.products).toEqual(products(269_000 + 69_500, 135_000 + 25_000, 134_000 + 44_500));
  });

  it('are on the deal statement, with the day it was made', async () => {
    const response = await t.call({ method: 'GET', url: `/api/analytics/deals/statement.pdf?year=${thisYear}`, as: agent });
    expect(response.statusCode).toBe(200);
    const text = (await pdfPages(response.rawPayload)).join('\n');
    expect(text).toContain(`Generated ${today}.`);
    expect(text).not.toContain('undefined');
    expect(text).toMatch(/F&I Products Sold\s+F&I Products Cost\s+Back-End Gross/);
    const both = wholeMonthDay.startsWith(String(thisYear));
    const [sold, cost, gross] = both ? ['$3,385.00', '$1,600.00', '$1,785.00'] : ['$2,690.00', '$1,350.00', '$1,340.00'];
    expect(text).toMatch(new RegExp(`\\${sold}\\s+\\${cost}\\s+\\${gross}`));
    // The agent's own line carries what they sold and its back-end gross.
    expect(text).toMatch(new RegExp(`Frank Fields.*\\${sold}\\s+\\${gross}`));
  });

  it("are Accounting's: the summary, each deal and the month's report", async () => {
    const summary = await get<{ products_cents: number; back_end_gross_cents: number }>('/api/accounting/summary', agent);
    expect(summary).toMatchObject({ products_cents: 269_000 + 69_500, back_end_gross_cents: 134_000 + 44_500 });
    const deals = await get<{ items: { id: string; products_cents: number; products_cost_cents: number }[] }>(
      '/api/accounting/deals',
      admin,
    );
    expect(deals.items.find((d) => d.id === todayDeal)).toMatchObject({ products_cents: 269_000, products_cost_cents: 135_000 });
    const report = await get<{ rows: { month: string; products_cents: number; back_end_gross_cents: number }[] }>(
      `/api/accounting/report?year=${thisYear}`,
      agent,
    );
    expect(report.rows.find((r) => r.month === today.slice(0, 7))).toMatchObject({
      products_cents: 269_000,
      back_end_gross_cents: 134_000,
    });
  });

  it('follow the worksheet as the desk changes it, and leave the figures when the sale is reopened', async () => {
    await setStatus(todayDeal, 'in-progress');
    await desk(todayDeal, [SERVICE_CONTRACT], worksheetVersion);
    await setStatus(todayDeal, 'completed');
    const last30 = await get<{ cards: { products: Products } }>('/api/analytics?range=30d', agent);
    expect(last30.cards.products).toEqual(products(199_500, 110_000, 89_500));
    const timeline = await get<{ changes: Record<string, { from: unknown; to: unknown }> }[]>(
      `/api/deals/${todayDeal}/timeline`,
      agent,
    );
    expect(timeline.map((entry) => entry.changes.products_cents).filter(Boolean)).toContainEqual({ from: 269_000, to: 199_500 });
    await setStatus(todayDeal, 'cancelled');
    expect((await get<{ cards: { products: Products } }>('/api/analytics?range=30d', agent)).cards.products).toEqual(
      products(0, 0, 0),
    );
  });
});

describe('a deal desked before its products were counted', () => {
  it('takes them from its worksheet when Torque is upgraded, into the deal and the monthly sales', async () => {
    const database = await emptyDatabase();
    try {
      await migrateTo(database.db, '044_appointment_answers');
      const { rows } = await sql<{ id: string }>`
        WITH u AS (INSERT INTO users (name, email, role) VALUES ('Earlier Agent', 'earlier@example.com', 'agent') RETURNING id)
        INSERT INTO deals (user_id, date, manufacturer, model, year, customer_name, agent_name, contract_price_cents,
                           broker_fee_cents, status, deal_classification)
        SELECT id, '2026-05-04', 'Toyota', 'Highlander', 2026, 'Grace Hopper', 'Earlier Agent', 4100000, 50000,
               'completed', 'customer_paid' FROM u
        RETURNING id`.execute(database.db);
      const dealId = rows[0]!.id;
      const worksheet = { selling_price_cents: 4_100_000, products: [SERVICE_CONTRACT, GAP] };
      await sql`INSERT INTO deal_worksheets (deal_id, state, worksheet) VALUES (${dealId}, 'TX', ${JSON.stringify(worksheet)}::jsonb)`.execute(
        database.db,
      );
      await migrateToLatest(database.db);
      const deal = await sql<{ products_cents: number; products_cost_cents: number }>`
        SELECT products_cents, products_cost_cents FROM deals WHERE id = ${dealId}`.execute(database.db);
      expect(deal.rows[0]).toEqual({ products_cents: 269_000, products_cost_cents: 135_000 });
      const monthly = await sql<{ products_cents: number; products_cost_cents: number }>`
        SELECT products_cents, products_cost_cents FROM deal_model_sales_monthly WHERE month = '2026-05-01'`.execute(database.db);
      expect(monthly.rows).toEqual([{ products_cents: 269_000, products_cost_cents: 135_000 }]);
      const yearly = await sql<{ products_cents: number }>`
        SELECT products_cents FROM deal_sales_monthly WHERE month = '2026-05-01'`.execute(database.db);
      expect(yearly.rows).toEqual([{ products_cents: 269_000 }]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
