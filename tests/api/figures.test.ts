import fs from 'node:fs';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { emptyDatabase } from '../helpers/databases.js';
import { multipartBody } from '../helpers/document-files.js';
import { addDays, dayIn, startOfDayIn } from '../../src/shared/common/time.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';

/**
 * Every figure agrees: after a scripted day of work through the API, each figure of the dashboard, the Agents page,
 * Accounting, Analytics and the Inventory and Customers summaries equals a direct count of the tables, for an admin and
 * for each agent.
 */

let t: TestContext;
let admin: TestUser;
let ana: TestUser;
let bo: TestUser;

// Business days are the company's (its time zone as the settings default it).
const zone = defaultSettings.company.time_zone;
const today = dayIn(zone);
const monthStart = `${today.slice(0, 7)}-01`;
const yearStart = `${today.slice(0, 4)}-01-01`;
const rangeStart = addDays(today, -29);
/** The first moment of a business day, to compare moments with. */
const began = (day: string) => startOfDayIn(day, zone);
const stages = ['Lead', 'Qualified', 'Test Drive', 'Negotiation', 'Closed'];

type Body = Record<string, unknown> & { id: string; key: string; mapping: unknown; customer_id: string };

async function ok(response: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return (status === 204 ? {} : answer.json()) as Body;
}

const get = (url: string, as: TestUser) => ok(t.call({ method: 'GET', url, as }));

async function postAdf(key: string, name: string, phone: string) {
  const body = `<?xml version="1.0"?><adf><prospect><requestdate>${new Date().toISOString()}</requestdate>
    <vehicle interest="buy" status="used"><year>2023</year><make>Audi</make><model>Q7</model><price>54900</price></vehicle>
    <customer><contact><name part="full">${name}</name><phone type="cellphone">${phone}</phone></contact></customer>
    </prospect></adf>`;
  const headers = { 'content-type': 'application/xml', 'x-requested-with': '' };
  const outcome = await ok(t.call({ method: 'POST', url: `/api/leads/adf?key=${key}`, headers, payload: body }), 202);
  return (outcome.leads as { customer_id: string }[])[0]!.customer_id;
}

const vehicle = async (as: TestUser, make: string, price: number) =>
  (
    await ok(
      t.call({ method: 'POST', url: '/api/vehicles', as, payload: { make, model: 'Any', year: 2022, price_cents: price } }),
      201,
    )
  ).id;

async function deal(as: TestUser, customerId: string, vehicleId: string, status: string, price: number, fee: number) {
  const payload = {
    date: today,
    manufacturer: 'Audi',
    model: 'Q7',
    year: 2023,
    customer_name: 'Figure Customer',
    agent_name: as.name,
    contract_price_cents: price,
    broker_fee_cents: fee,
    customer_id: customerId,
    vehicle_id: vehicleId,
    status,
  };
  return ok(t.call({ method: 'POST', url: '/api/deals', as, payload }), 201);
}

async function setStatus(as: TestUser, id: string, status: string) {
  const current = await get(`/api/deals/${id}`, as);
  await ok(t.call({ method: 'PUT', url: `/api/deals/${id}`, as, payload: { ...current, status } }));
}

async function importCustomers(as: TestUser, rows: string[][]) {
  const { payload, headers } = multipartBody('customers.csv', Buffer.from(rows.map((r) => r.join(',')).join('\r\n')), 'text/csv');
  const file = await ok(t.call({ method: 'POST', url: '/api/imports?kind=customers', payload, headers, as }), 201);
  const run = await t.call({ method: 'POST', url: `/api/imports/${file.id}/run`, payload: { mapping: file.mapping }, as });
  expect(run.statusCode, run.body).toBe(200);
  expect(JSON.parse(run.body.trim().split('\n').at(-1)!)).toMatchObject({ type: 'done', summary: { new: 2, updated: 1 } });
}

/** The scripted day: leads in by ADF and by hand, a customer by hand, stock, two sales, a cancelled deal, an import, a deletion. */
async function scriptedDay() {
  const source = await ok(
    t.call({ method: 'POST', url: '/api/settings/lead-sources', as: admin, payload: { name: 'CarMarket' } }),
    201,
  );
  // The rotation gives the first new lead to Ana, the second to Bo.
  const ada = await postAdf(source.key, 'Ada Adf', '(512) 555-0401');
  const ben = await postAdf(source.key, 'Ben Adf', '(512) 555-0402');
  const walt = await ok(
    t.call({
      method: 'POST',
      url: '/api/leads',
      as: ana,
      payload: { name: 'Walt Walkin', phone: '(512) 555-0403', lead_source: 'Walk-in' },
    }),
    201,
  );
  await ok(
    t.call({ method: 'POST', url: '/api/customers', as: ana, payload: { name: 'Cara Client', email: 'cara@example.com' } }),
    201,
  );
  const [v1, v2, v3] = [
    await vehicle(ana, 'Audi', 5_000_000),
    await vehicle(ana, 'BMW', 6_000_000),
    await vehicle(bo, 'Volvo', 4_000_000),
  ];

  await deal(ana, ada, v1, 'completed', 5_200_000, 200_000);
  const bens = await deal(bo, ben, v3, 'pending', 4_100_000, 150_000);
  await setStatus(bo, bens.id, 'completed');
  const walts = await deal(ana, walt.customer_id, v2, 'in-progress', 6_100_000, 300_000);
  await setStatus(ana, walts.id, 'cancelled');

  await importCustomers(ana, [
    ['Name', 'Email', 'Status'],
    ['Ivy Import', 'ivy@example.com', 'active'],
    ['Ike Import', 'ike@example.com', 'prospect'],
    ['Cara Client', 'cara@example.com', 'active'],
  ]);
  const ike = await t.database.db.selectFrom('customers').select('id').where('name', '=', 'Ike Import').executeTakeFirstOrThrow();
  await ok(t.call({ method: 'DELETE', url: `/api/customers/${ike.id}`, as: ana }), 204);
  return { ada, ben };
}

/** Rows the user may see: everyone's for an admin, their own for an agent. */
const mine = (as: TestUser, column = 'user_id'): RawBuilder<boolean> =>
  as.role === 'agent' ? sql<boolean>`${sql.ref(column)} = ${as.id}` : sql<boolean>`true`;

async function rows<R>(query: RawBuilder<R>) {
  return (await query.execute(t.database.db)).rows;
}

async function row<R>(query: RawBuilder<R>) {
  return (await rows(query))[0]!;
}

/** The dashboard as counted from the tables. */
async function directDashboard(as: TestUser) {
  const sales = await row(sql<{ fees: number; closed: number; fees_before: number; closed_before: number }>`
    SELECT coalesce(sum(broker_fee_cents) FILTER (WHERE date >= ${monthStart}::date), 0)::int AS fees,
           count(*) FILTER (WHERE date >= ${monthStart}::date)::int AS closed,
           coalesce(sum(broker_fee_cents) FILTER (WHERE date < ${monthStart}::date), 0)::int AS fees_before,
           count(*) FILTER (WHERE date < ${monthStart}::date)::int AS closed_before
    FROM deals
    WHERE status = 'completed' AND date >= ${monthStart}::date - interval '1 month' AND ${mine(as)}`);
  const customers = await row(sql<{ active: number; before: number }>`
    SELECT count(*)::int AS active, count(*) FILTER (WHERE created_at < ${began(monthStart)})::int AS before FROM customers
    WHERE status = 'active' AND ${mine(as)}`);
  const stock = await row(sql<{ value: number; before: number }>`
    SELECT coalesce(sum(price_cents), 0)::int AS value,
           coalesce(sum(price_cents) FILTER (WHERE created_at < ${began(monthStart)}), 0)::int AS before FROM vehicles
    WHERE status IN ('available', 'pending', 'reserved') AND ${mine(as)}`);
  const agents = await rows(sql<{ user_id: string; name: string; deals: number; revenue_cents: number }>`
    SELECT d.user_id, u.name, count(*)::int AS deals, sum(d.contract_price_cents)::int AS revenue_cents
    FROM deals d JOIN users u ON u.id = d.user_id
    WHERE d.status = 'completed' AND d.date >= ${yearStart}::date GROUP BY d.user_id, u.name ORDER BY revenue_cents DESC, u.name`);
  const ranked = agents.map((a) => ({ ...a, rank: 1 + agents.filter((o) => o.revenue_cents > a.revenue_cents).length }));
  const leads = await rows(sql<{ name: string; source: string | null; channel: string | null; status: string }>`
    SELECT c.name, coalesce(l.source_name, c.lead_source) AS source, l.channel,
           CASE WHEN EXISTS (SELECT 1 FROM deals d WHERE d.customer_id = c.id AND d.status <> 'cancelled') THEN 'qualified'
                WHEN EXISTS (SELECT 1 FROM audit_log a WHERE a.entity_type = 'customer' AND a.entity_id = c.id
                               AND a.actor_id IS NOT NULL AND a.action IN ('email_sent', 'offer_sent', 'contact_logged'))
                THEN 'contacted' ELSE 'new' END AS status
    FROM customers c
    LEFT JOIN LATERAL (SELECT source_name, channel FROM leads WHERE customer_id = c.id AND channel <> 'manual' LIMIT 1) l ON true
    WHERE c.status = 'prospect' AND ${mine(as, 'c.user_id')}
    ORDER BY c.created_at DESC, c.id DESC LIMIT 5`);
  return {
    stats: {
      broker_fees_cents: { current: sales.fees, previous: sales.fees_before },
      deals_closed: { current: sales.closed, previous: sales.closed_before },
      active_customers: { current: customers.active, previous: customers.before },
      inventory_value_cents: { current: stock.value, previous: stock.before },
    },
    top_agents: ranked.filter((a) => as.role !== 'agent' || a.user_id === as.id),
    ranked_agents: agents.length,
    recent_leads: leads.map((l) => ({
      name: l.name,
      source: l.source && { name: l.source, channel: l.channel },
      status: l.status,
    })),
  };
}

/** Per user, all time: every deal, and the completed ones with their prices and commissions. */
async function directAgents() {
  return rows(sql<{ user_id: string; deals: number; completed: number; sales: number; commission: number }>`
    SELECT u.id AS user_id, count(d.id)::int AS deals, count(d.id) FILTER (WHERE d.status = 'completed')::int AS completed,
           coalesce(sum(d.contract_price_cents) FILTER (WHERE d.status = 'completed'), 0)::int AS sales,
           coalesce(sum(d.commission_cents), 0)::int AS commission
    FROM users u LEFT JOIN deals d ON d.user_id = u.id GROUP BY u.id`);
}

/** Analytics of the last 30 days as counted from the tables. */
async function directAnalytics(as: TestUser) {
  const sales = await row(sql<{ revenue: number; units: number }>`
    SELECT coalesce(sum(contract_price_cents), 0)::int AS revenue, count(*)::int AS units FROM deals
    WHERE status = 'completed' AND date >= ${rangeStart}::date AND date <= ${today}::date AND ${mine(as)}`);
  // The range's new customers, each at the index of their stage (none, or one the settings do not name, is the first).
  const at = await rows(sql<{ stage: number; sold: boolean }>`
    SELECT coalesce(array_position(${stages}::text[], pipeline_stage), 1) - 1 AS stage,
           EXISTS (SELECT 1 FROM deals d WHERE d.customer_id = c.id AND d.status = 'completed') AS sold
    FROM customers c WHERE created_at >= ${began(rangeStart)} AND ${mine(as)}`);
  const funnel = stages.map((stage, i) => ({ stage, count: at.filter((c) => c.stage >= i).length }));
  return {
    cards: {
      revenue_cents: sales.revenue,
      cars_sold: sales.units,
      new_customers: at.length,
      conversion_rate: at.length ? funnel.at(-1)!.count / at.length : null,
    },
    funnel,
    // The range's customers with a completed sale: the sale moved each of them to the last stage.
    sold: at.filter((c) => c.sold).length,
  };
}

async function directSummaries(as: TestUser) {
  const vehicles = await row(sql<Record<string, number>>`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'available')::int AS available,
           count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'sold')::int AS sold,
           count(*) FILTER (WHERE status = 'reserved')::int AS reserved,
           coalesce(sum(price_cents) FILTER (WHERE status <> 'sold'), 0)::int AS total_value_cents
    FROM vehicles WHERE ${mine(as)}`);
  const customers = await row(sql<Record<string, number>>`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active,
           count(*) FILTER (WHERE status = 'prospect')::int AS prospects,
           count(*) FILTER (WHERE status = 'inactive')::int AS inactive
    FROM customers WHERE ${mine(as)}`);
  return { vehicles, customers: { ...customers, bound: null } };
}

/** The dashboard's cards, Top Agents and Recent Leads (with each lead's real source). */
async function expectDashboard(as: TestUser) {
  const body = await get('/api/dashboard', as);
  const direct = await directDashboard(as);
  expect(body.stats).toEqual(direct.stats);
  expect(body.top_agents).toEqual(direct.top_agents);
  expect(body.ranked_agents).toBe(direct.ranked_agents);
  const leads = body.recent_leads as { name: string; source: unknown; status: string }[];
  expect(leads.map(({ name, source, status }) => ({ name, source, status }))).toEqual(direct.recent_leads);
}

/** The Agents page's Total Sales and Deals of every user; for an admin, Commission Management's figures of every agent. */
async function expectAgents(as: TestUser) {
  const direct = new Map((await directAgents()).map((a) => [a.user_id, a]));
  const { members } = await get('/api/team', as);
  for (const member of members as { id: string; kind: string; total_sales_cents: number; deals_count: number }[]) {
    if (member.kind !== 'user') continue;
    const d = direct.get(member.id)!;
    expect([member.id, member.total_sales_cents, member.deals_count]).toEqual([member.id, d.sales, d.deals]);
  }
  if (as.role !== 'admin') return;
  const { agents } = await get('/api/accounting/agents', as);
  type Agent = { user_id: string; total_deals: number; total_sales_cents: number; total_commission_cents: number };
  for (const agent of agents as Agent[]) {
    const d = direct.get(agent.user_id)!;
    expect([agent.total_deals, agent.total_sales_cents, agent.total_commission_cents]).toEqual([
      d.completed,
      d.sales,
      d.commission,
    ]);
  }
  expect((agents as Agent[]).map((a) => a.user_id).sort()).toEqual([ana.id, bo.id].sort());
}

/** Accounting's summary cards over the deals the user may see. */
async function expectAccounting(as: TestUser) {
  const direct = await row(sql<Record<string, number | null>>`
    SELECT coalesce(sum(commission_cents), 0)::int AS total_commission_cents,
           coalesce(sum(contract_price_cents), 0)::int AS total_sales_cents, count(*)::int AS completed_deals,
           round(avg(commission_rate), 2)::float8 AS average_rate,
           coalesce(sum(products_cents), 0)::int AS products_cents,
           coalesce(sum(products_cents - products_cost_cents), 0)::int AS back_end_gross_cents
    FROM deals WHERE status = 'completed' AND ${mine(as)}`);
  expect(await get('/api/accounting/summary', as)).toEqual(direct);
}

/** Analytics' cards and its funnel: exactly the stages, Closed the range's sales, each figure what its list shows. */
async function expectAnalytics(as: TestUser) {
  const body = await get('/api/analytics?range=30d', as);
  const direct = await directAnalytics(as);
  const cards = body.cards as Record<string, { current: number | null }>;
  expect(Object.fromEntries(Object.entries(cards).map(([k, v]) => [k, v.current]))).toEqual(direct.cards);
  const funnel = body.funnel as { stage: string; count: number; query: string }[];
  expect(funnel.map(({ stage, count }) => ({ stage, count }))).toEqual(direct.funnel);
  expect(funnel.at(-1)!.count).toBe(direct.sold);
  for (const figure of funnel) {
    const listed = await get(`/api/customers/summary?${figure.query}&exact=1`, as);
    expect([figure.stage, listed.total]).toEqual([figure.stage, figure.count]);
  }
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Fig Admin');
  ana = await t.createUser('agent', 'Ana Figures');
  bo = await t.createUser('agent', 'Bo Figures');
});
afterAll(() => t.close());

describe('after a scripted day, every figure agrees with a direct count', () => {
  let sold: { ada: string; ben: string };
  beforeAll(async () => {
    sold = await scriptedDay();
  });

  it('moved both sales\u2019 customers to the last stage and made them active', async () => {
    const moved = await t.database.db
      .selectFrom('customers')
      .select(['pipeline_stage', 'status'])
      .where('id', 'in', [sold.ada, sold.ben])
      .execute();
    expect(moved).toEqual([
      { pipeline_stage: 'Closed', status: 'active' },
      { pipeline_stage: 'Closed', status: 'active' },
    ]);
  });

  it.each(['admin', 'ana', 'bo'])(
    'shows %s every figure of the dashboard, Agents, Accounting, Analytics, Inventory and Customers as the tables count them',
    async (who) => {
      const as = { admin, ana, bo }[who]!;
      await expectDashboard(as);
      await expectAgents(as);
      await expectAccounting(as);
      await expectAnalytics(as);
      const direct = await directSummaries(as);
      expect(await get('/api/vehicles/summary', as)).toEqual(direct.vehicles);
      expect(await get('/api/customers/summary', as)).toEqual(direct.customers);
    },
  );
});

describe('migration 029 on an earlier version\u2019s data', () => {
  it('moves the customers of earlier sales as a sale now does, and gives lead customers their real source', async () => {
    const dir = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const database = await emptyDatabase();
    const db = database.db;
    try {
      const apply = (file: string) => sql.raw(fs.readFileSync(path.join(dir, file), 'utf8')).execute(db);
      for (const file of files.filter((f) => f < '029')) await apply(file);
      const agent = (
        await sql<{ id: string }>`INSERT INTO users (name, email) VALUES ('Old Agent', 'old@example.com') RETURNING id`.execute(
          db,
        )
      ).rows[0]!.id;
      await sql`INSERT INTO settings (key, value) VALUES ('crm', '{"pipeline_stages": ["New", "Talking", "Won"]}')`.execute(db);
      const customer = async (name: string, status: string, stage: string | null, source: string | null) =>
        (
          await sql<{ id: string }>`
            INSERT INTO customers (user_id, name, status, pipeline_stage, lead_source)
            VALUES (${agent}, ${name}, ${status}, ${stage}, ${source}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      const audit = (id: string, action: string, changes: object, at = 'now()') =>
        sql`INSERT INTO audit_log (actor_id, entity_type, entity_id, action, changes, created_at)
            VALUES (${agent}, 'customer', ${id}, ${action}, ${JSON.stringify(changes)}, ${sql.raw(at)})`.execute(db);
      const lead = async (id: string, channel: string, sourceName: string) => {
        const made = await sql<{ id: string }>`
          INSERT INTO leads (source_name, channel, status, raw, customer_id)
          VALUES (${sourceName}, ${channel}, 'parsed', '<adf/>', ${id}) RETURNING id`.execute(db);
        await audit(id, 'created_from_lead', { lead: made.rows[0]!.id, source: sourceName, channel });
      };
      const sale = (id: string, status: string) =>
        sql`INSERT INTO deals (user_id, customer_id, date, manufacturer, model, year, customer_name, agent_name,
                               contract_price_cents, broker_fee_cents, status, updated_at)
            VALUES (${agent}, ${id}, '2025-05-01', 'Audi', 'A4', 2024, 'Old', 'Old Agent', 4000000, 100000, ${status},
                    now() - interval '1 day')`.execute(db);

      const ada = await customer('Ada Adf', 'prospect', null, 'Website');
      await lead(ada, 'adf', 'CarMarket');
      const eve = await customer('Eve Edited', 'prospect', null, 'Website');
      await lead(eve, 'form', 'Dealer Site');
      await audit(eve, 'updated', { lead_source: { from: 'Referral', to: 'Website' } });
      const hal = await customer('Hal Hand', 'prospect', null, 'Phone');
      await lead(hal, 'manual', 'Phone');
      const sam = await customer('Sam Sold', 'prospect', null, null);
      await sale(sam, 'completed');
      const pia = await customer('Pia Placed', 'prospect', 'Talking', null);
      await sale(pia, 'completed');
      await audit(pia, 'stage_changed', { from: 'Won', to: 'Talking' });
      const ina = await customer('Ina Inactive', 'inactive', null, null);
      await sale(ina, 'completed');
      const oli = await customer('Oli Open', 'prospect', null, null);
      await sale(oli, 'pending');

      await apply(files.find((f) => f.startsWith('029_'))!);

      const after = await sql`
        SELECT name, status, pipeline_stage, lead_source, lead_source_name, lead_channel FROM customers ORDER BY name`.execute(
        db,
      );
      expect(after.rows).toEqual([
        {
          name: 'Ada Adf',
          status: 'prospect',
          pipeline_stage: null,
          lead_source: null,
          lead_source_name: 'CarMarket',
          lead_channel: 'adf',
        },
        {
          name: 'Eve Edited',
          status: 'prospect',
          pipeline_stage: null,
          lead_source: 'Website',
          lead_source_name: 'Dealer Site',
          lead_channel: 'form',
        },
        {
          name: 'Hal Hand',
          status: 'prospect',
          pipeline_stage: null,
          lead_source: 'Phone',
          lead_source_name: null,
          lead_channel: null,
        },
        {
          name: 'Ina Inactive',
          status: 'inactive',
          pipeline_stage: 'Won',
          lead_source: null,
          lead_source_name: null,
          lead_channel: null,
        },
        {
          name: 'Oli Open',
          status: 'prospect',
          pipeline_stage: null,
          lead_source: null,
          lead_source_name: null,
          lead_channel: null,
        },
        {
          name: 'Pia Placed',
          status: 'active',
          pipeline_stage: 'Talking',
          lead_source: null,
          lead_source_name: null,
          lead_channel: null,
        },
        {
          name: 'Sam Sold',
          status: 'active',
          pipeline_stage: 'Won',
          lead_source: null,
          lead_source_name: null,
          lead_channel: null,
        },
      ]);
      const entries = await sql<{ entity_id: string; changes: Record<string, unknown> }>`
        SELECT entity_id, changes FROM audit_log WHERE action = 'deal_completed' AND actor_id = ${agent}`.execute(db);
      expect(new Map(entries.rows.map((e) => [e.entity_id, e.changes]))).toEqual(
        new Map<string, unknown>([
          [sam, { deal_id: expect.any(String), stage: { from: 'New', to: 'Won' }, status: { from: 'prospect', to: 'active' } }],
          [pia, { deal_id: expect.any(String), status: { from: 'prospect', to: 'active' } }],
          [ina, { deal_id: expect.any(String), stage: { from: 'New', to: 'Won' } }],
        ]),
      );
      // The kept counts followed the moves.
      const kept = await sql`SELECT user_id, status, n FROM customer_counts WHERE n <> 0 ORDER BY status`.execute(db);
      const counted = await sql`SELECT user_id, status, count(*) AS n FROM customers GROUP BY 1, 2 ORDER BY status`.execute(db);
      expect(kept.rows).toEqual(counted.rows);
      const stagesKept =
        await sql`SELECT stage, sum(customers) AS n FROM customer_stage_daily GROUP BY 1 HAVING sum(customers) <> 0 ORDER BY 1`.execute(
          db,
        );
      const stagesCounted =
        await sql`SELECT coalesce(pipeline_stage, '') AS stage, count(*) AS n FROM customers GROUP BY 1 ORDER BY 1`.execute(db);
      expect(stagesKept.rows).toEqual(stagesCounted.rows);
    } finally {
      await database.close();
    }
  }, 120_000);
});
