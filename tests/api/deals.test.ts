import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealFormToInput } from '../../src/shared/deals/form.js';
import { CASH_DEAL_PAYMENT, dealFormSchema } from '../../src/shared/deals/schemas.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { liveTab, refreshesCustomers } from '../helpers/live-tab.js';

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let emma: TestUser;
let liam: TestUser;

const thisYear = new Date().getUTCFullYear();

const dealBody = (overrides: Record<string, unknown> = {}) => ({
  date: `${thisYear}-03-14`,
  manufacturer: 'BMW',
  model: 'X5',
  year: thisYear,
  customer_name: 'Olivia Smith',
  customer_phone: '(512) 555-0100',
  customer_email: 'olivia@example.com',
  agent_name: 'Anyone',
  contract_price_cents: 6_500_000,
  monthly_payment_cents: 120_000,
  broker_fee_cents: 250_000,
  ...overrides,
});

async function createDeal(as: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await t.call({ method: 'POST', url: '/api/deals', payload: dealBody(overrides), as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function insertCustomer(owner: TestUser, name: string) {
  return t.database.db
    .insertInto('customers')
    .values({
      user_id: owner.id,
      name,
      email: null,
      phone: null,
      location: null,
      referred_by_customer_id: null,
      referred_by_name: null,
      birthday: null,
      notes: null,
      lead_source: null,
      budget_cents: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function insertVehicle(owner: TestUser, status: 'available' | 'reserved' = 'available') {
  return t.database.db
    .insertInto('vehicles')
    .values({
      user_id: owner.id,
      make: 'Porsche',
      model: 'Taycan',
      year: thisYear,
      vin: null,
      color: null,
      price_cents: 9_800_000,
      status,
      location: null,
      contact_name: null,
      contact_phone: null,
      contact_email: null,
      notes: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const vehicleStatus = async (id: string) =>
  (await t.database.db.selectFrom('vehicles').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

async function update(as: TestUser, deal: { id: string; updated_at: string }, overrides: Record<string, unknown>) {
  const current = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as })).json();
  return t.call({ method: 'PUT', url: `/api/deals/${deal.id}`, payload: { ...current, ...overrides }, as });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Alex Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  emma = await t.createUser('agent', 'Emma Carter');
  liam = await t.createUser('agent', 'Liam Brooks');
});
afterAll(() => t.close());

describe('deal form validation', () => {
  it('answers each missing or wrong field with the spec message', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: emma,
      payload: dealBody({
        date: '',
        manufacturer: ' ',
        model: '',
        year: 1899,
        customer_name: '',
        customer_email: 'nope',
        agent_name: '',
        contract_price_cents: -1,
        monthly_payment_cents: -5,
        broker_fee_cents: -1,
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      date: 'Date is required',
      manufacturer: 'Manufacturer is required',
      model: 'Model is required',
      year: 'Invalid year',
      customer_name: 'Customer name is required',
      customer_email: 'Invalid email',
      agent_name: 'Agent name is required',
      contract_price_cents: 'Contract price must be positive',
      monthly_payment_cents: 'Monthly payment must be positive',
      broker_fee_cents: 'Broker fee must be positive',
    });
  });

  it('refuses a model year more than two years ahead', async () => {
    const response = await t.call({ method: 'POST', url: '/api/deals', as: emma, payload: dealBody({ year: thisYear + 3 }) });
    expect(response.json().error.fields).toEqual({ year: 'Year too far in future' });
    expect(
      (await t.call({ method: 'POST', url: '/api/deals', as: emma, payload: dealBody({ year: thisYear + 2 }) })).statusCode,
    ).toBe(201);
  });

  it('defaults to pending and customer_paid, stores empty optionals as null and names the owning agent', async () => {
    const deal = await createDeal(emma, { customer_phone: '', customer_email: '', monthly_payment_cents: null, notes: '  ' });
    expect(deal).toMatchObject({
      status: 'pending',
      deal_classification: 'customer_paid',
      customer_phone: null,
      customer_email: null,
      monthly_payment_cents: null,
      notes: null,
      user_id: emma.id,
      agent_name: 'Emma Carter',
    });
  });
});

describe('monthly payment', () => {
  const typed = {
    date: `${thisYear}-03-14`,
    manufacturer: 'Toyota',
    model: 'Camry',
    year: thisYear,
    customer_name: 'Olivia Smith',
    agent_name: 'Emma Carter',
    contract_price: '28,500',
    broker_fee: '900',
  };

  it("keeps a payment left blank on the form blank: saved as none and read 'N/A', never $0.00", async () => {
    for (const blank of ['', '   ', null]) {
      const values = dealFormSchema.parse({ ...typed, monthly_payment: blank });
      expect(values.monthly_payment).toBeNull();
      const deal = await createDeal(emma, dealFormToInput(values));
      expect(deal.monthly_payment_cents).toBeNull();
    }
    expect(dealFormSchema.parse({ ...typed, monthly_payment: '0' }).monthly_payment).toBe(0);
  });

  it('refuses a blank required amount instead of reading it as $0', () => {
    const result = dealFormSchema.safeParse({ ...typed, contract_price: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contract_price', 'Contract price must be positive'],
    ]);
  });

  it('has none on a cash deal, which is paid in full', async () => {
    const refused = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: emma,
      payload: dealBody({ deal_classification: 'cash_deal', monthly_payment_cents: 50_000 }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ monthly_payment_cents: CASH_DEAL_PAYMENT });
    const cash = await createDeal(emma, { deal_classification: 'cash_deal', monthly_payment_cents: null });
    const edit = await t.call({
      method: 'PUT',
      url: `/api/deals/${cash.id}`,
      as: emma,
      payload: { ...dealBody({ deal_classification: 'cash_deal', monthly_payment_cents: 50_000 }), updated_at: cash.updated_at },
    });
    expect(edit.statusCode).toBe(400);
    expect(
      dealFormSchema.safeParse({ ...typed, deal_classification: 'cash_deal', monthly_payment: '400' }).error?.issues[0]?.message,
    ).toBe(CASH_DEAL_PAYMENT);
  });

  it('leaves no cash deal of the demo data with a monthly payment', async () => {
    const { sampleDeal, randomSource } = await import('../../src/server/scripts/sample-data.js');
    const rnd = randomSource(7);
    const deals = Array.from({ length: 400 }, () => sampleDeal(rnd, { id: emma.id, name: emma.name }, new Date()));
    const cash = deals.filter((d) => d.deal_classification === 'cash_deal');
    expect(cash.length).toBeGreaterThan(50);
    expect(cash.filter((d) => d.monthly_payment_cents !== null)).toEqual([]);
    expect(deals.filter((d) => d.monthly_payment_cents !== null).length).toBeGreaterThan(100);
  });
});

describe('agents', () => {
  it('lets admins and editors pick any agent or themselves, and an agent only themself', async () => {
    const forAdmin = (await t.call({ method: 'GET', url: '/api/deals/agents', as: admin }))
      .json()
      .map((u: { name: string }) => u.name);
    expect(forAdmin).toEqual(['Alex Admin', 'Emma Carter', 'Liam Brooks']);
    const forEditor = (await t.call({ method: 'GET', url: '/api/deals/agents', as: editor }))
      .json()
      .map((u: { name: string }) => u.name);
    expect(forEditor).toEqual(['Eddie Editor', 'Emma Carter', 'Liam Brooks']);
    expect((await t.call({ method: 'GET', url: '/api/deals/agents', as: liam })).json()).toEqual([
      { id: liam.id, name: 'Liam Brooks', email: liam.email, role: 'agent' },
    ]);
  });

  it('records an admin deal for the chosen agent, and an agent deal always for the agent', async () => {
    expect(await createDeal(admin, { user_id: liam.id })).toMatchObject({ user_id: liam.id, agent_name: 'Liam Brooks' });
    expect(await createDeal(emma, { user_id: liam.id })).toMatchObject({ user_id: emma.id, agent_name: 'Emma Carter' });
    const refused = await t.call({ method: 'POST', url: '/api/deals', as: admin, payload: dealBody({ user_id: editor.id }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ user_id: 'Agent name is required' });
  });
});

describe('linked customers', () => {
  it('links an existing customer of the agent', async () => {
    const customer = await insertCustomer(emma, 'Noah Garcia');
    const deal = await createDeal(emma, { customer_id: customer.id, customer_name: 'Noah Garcia' });
    const detail = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: emma })).json();
    expect(detail.customer).toMatchObject({ id: customer.id, name: 'Noah Garcia' });
  });

  it("refuses another agent's customer", async () => {
    const customer = await insertCustomer(liam, 'Ava Lopez');
    const response = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: emma,
      payload: dealBody({ customer_id: customer.id }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ customer_id: 'Customer not found' });
  });

  it("creates a typed new customer for the deal's agent in the same transaction, audited, told and refreshed", async () => {
    const tab = await liveTab(t, liam);
    let deal: { customer_id: string };
    try {
      deal = await createDeal(admin, { user_id: liam.id, customer_name: 'Priya Patel', create_customer: true });
      expect(await tab.next(refreshesCustomers)).toEqual({ type: 'change', area: 'customers' });
    } finally {
      tab.close();
    }
    const customer = await t.database.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', deal.customer_id)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ name: 'Priya Patel', email: 'olivia@example.com', user_id: liam.id, status: 'active' });
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity_id', '=', customer.id).execute();
    expect(audit).toMatchObject([{ entity_type: 'customer', action: 'created', actor_id: admin.id }]);
    const notes = (await t.call({ method: 'GET', url: '/api/notifications', as: liam })).json().items;
    expect(notes).toContainEqual(
      expect.objectContaining({
        title: 'New customer',
        content: 'Priya Patel, added with a deal by Alex Admin',
        link: `/customers/${customer.id}`,
      }),
    );
  });

  it('leaves no customer behind when the deal fails', async () => {
    const before = await t.database.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: emma,
      payload: dealBody({ customer_name: 'Ghost', create_customer: true, vehicle_id: crypto.randomUUID() }),
    });
    expect(response.statusCode).toBe(400);
    const after = await t.database.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('linked vehicles follow the deal status', () => {
  it('pending → pending, completed → sold, cancelled → available, each audited on the vehicle', async () => {
    const vehicle = await insertVehicle(emma);
    const deal = await createDeal(emma, { vehicle_id: vehicle.id });
    expect(await vehicleStatus(vehicle.id)).toBe('pending');

    expect((await update(emma, deal, { status: 'completed' })).statusCode).toBe(200);
    expect(await vehicleStatus(vehicle.id)).toBe('sold');

    expect((await update(emma, deal, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await vehicleStatus(vehicle.id)).toBe('available');

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'vehicle')
      .where('entity_id', '=', vehicle.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => (a.changes as { status: { to: string } }).status.to)).toEqual(['pending', 'sold', 'available']);
    expect(audit.every((a) => (a.changes as { deal_id: string }).deal_id === deal.id)).toBe(true);
  });

  it("keeps a cancelled deal's vehicle pending while another open deal holds it", async () => {
    const vehicle = await insertVehicle(emma);
    const first = await createDeal(emma, { vehicle_id: vehicle.id });
    await createDeal(emma, { vehicle_id: vehicle.id, status: 'in-progress' });
    await update(emma, first, { status: 'cancelled' });
    expect(await vehicleStatus(vehicle.id)).toBe('pending');
  });

  it('releases the old vehicle when the deal moves to another one', async () => {
    const [a, b] = [await insertVehicle(emma), await insertVehicle(emma)];
    const deal = await createDeal(emma, { vehicle_id: a.id });
    await update(emma, deal, { vehicle_id: b.id });
    expect([await vehicleStatus(a.id), await vehicleStatus(b.id)]).toEqual(['available', 'pending']);
  });

  it("refuses another agent's vehicle", async () => {
    const vehicle = await insertVehicle(liam);
    const response = await t.call({ method: 'POST', url: '/api/deals', as: emma, payload: dealBody({ vehicle_id: vehicle.id }) });
    expect(response.json().error.fields).toEqual({ vehicle_id: 'Vehicle not found' });
    expect(await vehicleStatus(vehicle.id)).toBe('available');
  });

  it('lists the deals of a vehicle and of a customer', async () => {
    const vehicle = await insertVehicle(emma);
    const customer = await insertCustomer(emma, 'Wei Chen');
    const deal = await createDeal(emma, { vehicle_id: vehicle.id, customer_id: customer.id });
    const byVehicle = (await t.call({ method: 'GET', url: `/api/deals?vehicle_id=${vehicle.id}`, as: emma })).json();
    expect(byVehicle.items.map((d: { id: string }) => d.id)).toEqual([deal.id]);
    const byCustomer = (await t.call({ method: 'GET', url: `/api/deals?customer_id=${customer.id}`, as: emma })).json();
    expect(byCustomer.items.map((d: { id: string }) => d.id)).toEqual([deal.id]);
    expect((await t.call({ method: 'GET', url: `/api/deals?vehicle_id=${vehicle.id}`, as: liam })).json().items).toEqual([]);
  });
});

describe('a completed sale moves its customer', () => {
  const customerOf = async (id: string) =>
    t.database.db.selectFrom('customers').select(['pipeline_stage', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  const timeline = async (url: string) => (await t.call({ method: 'GET', url, as: emma })).json();

  it('moves the customer to the last stage and makes them active, on their timeline and the deal\u2019s', async () => {
    const customer = await insertCustomer(emma, 'Sam Sale');
    const deal = await createDeal(emma, { customer_id: customer.id });
    expect(await customerOf(customer.id)).toEqual({ pipeline_stage: null, status: 'prospect' });

    expect((await update(emma, deal, { status: 'completed' })).statusCode).toBe(200);
    expect(await customerOf(customer.id)).toEqual({ pipeline_stage: 'Closed', status: 'active' });
    const entry = {
      action: 'deal_completed',
      changes: { deal_id: deal.id, stage: { from: 'Lead', to: 'Closed' }, status: { from: 'prospect', to: 'active' } },
    };
    // Beside the delivery follow-ups the sale adds, in the same transaction.
    const customerTimeline = await timeline(`/api/customers/${customer.id}/timeline`);
    expect(customerTimeline.find((e: { action: string }) => e.action === 'deal_completed')).toMatchObject({
      ...entry,
      actor_name: 'Emma Carter',
    });
    expect(await timeline(`/api/deals/${deal.id}/timeline`)).toContainEqual(
      expect.objectContaining({ entity_type: 'customer', ...entry }),
    );
  });

  it('leaves the customer where they are when the sale is reopened, and says so on both timelines', async () => {
    const customer = await insertCustomer(emma, 'Rita Reopened');
    const deal = await createDeal(emma, { customer_id: customer.id, status: 'completed' });
    expect(await customerOf(customer.id)).toEqual({ pipeline_stage: 'Closed', status: 'active' });

    expect((await update(emma, deal, { status: 'in-progress' })).statusCode).toBe(200);
    expect(await customerOf(customer.id)).toEqual({ pipeline_stage: 'Closed', status: 'active' });
    const entry = {
      action: 'deal_reopened',
      changes: { deal_id: deal.id, deal_status: 'in-progress', stage: 'Closed', status: 'active' },
    };
    expect((await timeline(`/api/customers/${customer.id}/timeline`))[0]).toMatchObject(entry);
    expect(await timeline(`/api/deals/${deal.id}/timeline`)).toContainEqual(
      expect.objectContaining({ entity_type: 'customer', ...entry }),
    );
  });

  it('uses the last of the stages in Settings, and a customer made with the deal', async () => {
    await t.database.db
      .insertInto('settings')
      .values({ key: 'crm', value: JSON.stringify({ pipeline_stages: ['New', 'Talking', 'Won'] }) })
      .execute();
    try {
      const deal = await createDeal(emma, {
        customer_name: 'Nora New',
        customer_email: 'nora@example.com',
        customer_phone: '(512) 555-0142',
        create_customer: true,
        status: 'completed',
      });
      expect(await customerOf(deal.customer_id)).toEqual({ pipeline_stage: 'Won', status: 'active' });
    } finally {
      await t.database.db.deleteFrom('settings').where('key', '=', 'crm').execute();
    }
  });
});

describe('editing', () => {
  it('saves a change, audits the changed fields and shows them on the timeline', async () => {
    const deal = await createDeal(emma);
    const response = await update(emma, deal, { broker_fee_cents: 300_000, notes: 'Signed at the dealership' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ broker_fee_cents: 300_000, notes: 'Signed at the dealership' });
    const timeline = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}/timeline`, as: emma })).json();
    expect(timeline.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    expect(timeline[0].changes).toEqual({
      broker_fee_cents: { from: 250_000, to: 300_000 },
      notes: { from: null, to: 'Signed at the dealership' },
    });
    expect(timeline[0].actor_name).toBe('Emma Carter');
  });

  it("lets an editor change an admin's own deal without moving it to someone else", async () => {
    const deal = await createDeal(admin);
    const response = await update(editor, deal, { model: 'X6' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ model: 'X6', user_id: admin.id, agent_name: 'Alex Admin' });
  });

  it('refuses a write based on an old version with 409', async () => {
    const deal = await createDeal(emma);
    const opened = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: emma })).json();
    await update(editor, deal, { model: 'X7' });
    const stale = await t.call({ method: 'PUT', url: `/api/deals/${deal.id}`, payload: { ...opened, model: 'M5' }, as: emma });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE');
    expect((await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: emma })).json().model).toBe('X7');
  });
});

describe('owner isolation', () => {
  it("answers 404 for another agent's deal, its timeline, documents and edits", async () => {
    const deal = await createDeal(liam);
    for (const url of [`/api/deals/${deal.id}`, `/api/deals/${deal.id}/timeline`, `/api/deals/${deal.id}/documents`]) {
      expect((await t.call({ method: 'GET', url, as: emma })).statusCode, url).toBe(404);
    }
    const edit = await t.call({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      payload: { ...dealBody(), updated_at: deal.updated_at },
      as: emma,
    });
    expect(edit.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: editor })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/deals/${deal.id}/documents`, as: liam })).statusCode).toBe(200);
  });

  it("lists only the agent's own deals; admins and editors see all", async () => {
    const mine = (await t.call({ method: 'GET', url: '/api/deals?limit=100', as: emma })).json().items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d: { user_id: string }) => d.user_id === emma.id)).toBe(true);
    const all = (await t.call({ method: 'GET', url: '/api/deals?limit=100', as: editor })).json().items;
    expect(new Set(all.map((d: { user_id: string }) => d.user_id))).toEqual(new Set([emma.id, liam.id, admin.id]));
  });
});

describe('the deals list', () => {
  it('pages newest first with a cursor, searches and filters in SQL', async () => {
    const agent = await t.createUser('agent', 'Paging Agent');
    for (const [i, name] of ['Zoe King', 'Isaac Young', 'Nora Allen'].entries()) {
      await createDeal(agent, {
        date: `${thisYear - 1}-0${i + 1}-10`,
        customer_name: name,
        status: i === 2 ? 'completed' : 'pending',
      });
    }
    const first = (await t.call({ method: 'GET', url: '/api/deals?limit=2', as: agent })).json();
    expect(first.items.map((d: { customer_name: string }) => d.customer_name)).toEqual(['Nora Allen', 'Isaac Young']);
    const second = (await t.call({ method: 'GET', url: `/api/deals?limit=2&cursor=${first.nextCursor}`, as: agent })).json();
    expect(second).toMatchObject({ items: [{ customer_name: 'Zoe King' }], nextCursor: null });

    const search = (await t.call({ method: 'GET', url: '/api/deals?q=SAAC', as: agent })).json();
    expect(search.items.map((d: { customer_name: string }) => d.customer_name)).toEqual(['Isaac Young']);
    const completed = (
      await t.call({ method: 'GET', url: `/api/deals?status=completed&year=${thisYear - 1}`, as: agent })
    ).json();
    expect(completed.items.map((d: { customer_name: string }) => d.customer_name)).toEqual(['Nora Allen']);
    expect((await t.call({ method: 'GET', url: `/api/deals?year=${thisYear}`, as: agent })).json().items).toEqual([]);
  });
});

describe('links across owners', () => {
  const dealCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('deals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses an editor's deal for one agent with another agent's vehicle or customer, leaving the vehicle alone", async () => {
    const vehicle = await insertVehicle(liam);
    const customer = await insertCustomer(liam, 'Lucas Liam');
    const before = await dealCount();
    const byVehicle = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: editor,
      payload: dealBody({ user_id: emma.id, vehicle_id: vehicle.id }),
    });
    expect(byVehicle.statusCode).toBe(400);
    expect(byVehicle.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { vehicle_id: 'Vehicle belongs to another agent' },
    });
    const byCustomer = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: admin,
      payload: dealBody({ user_id: emma.id, customer_id: customer.id }),
    });
    expect(byCustomer.statusCode).toBe(400);
    expect(byCustomer.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { customer_id: 'Customer belongs to another agent' },
    });
    expect(await dealCount()).toBe(before);
    expect(await vehicleStatus(vehicle.id)).toBe('available');
    // The same records are fine on a deal of the agent who owns them.
    expect(await createDeal(editor, { user_id: liam.id, vehicle_id: vehicle.id, customer_id: customer.id })).toMatchObject({
      user_id: liam.id,
    });
  });

  it("refuses moving a deal to an agent who does not own its vehicle or customer, or linking another agent's", async () => {
    const vehicle = await insertVehicle(liam);
    const customer = await insertCustomer(liam, 'Mia Liam');
    const deal = await createDeal(editor, { user_id: liam.id, vehicle_id: vehicle.id });
    const moved = await update(editor, deal, { user_id: emma.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ vehicle_id: 'Vehicle belongs to another agent' });

    const withCustomer = await createDeal(admin, { user_id: liam.id, customer_id: customer.id });
    const movedCustomer = await update(admin, withCustomer, { user_id: emma.id });
    expect(movedCustomer.json().error.fields).toEqual({ customer_id: 'Customer belongs to another agent' });

    const emmas = await createDeal(emma);
    const relinked = await update(editor, emmas, { vehicle_id: vehicle.id });
    expect(relinked.json().error.fields).toEqual({ vehicle_id: 'Vehicle belongs to another agent' });
    expect((await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: editor })).json()).toMatchObject({
      user_id: liam.id,
      vehicle_id: vehicle.id,
    });
    expect((await t.call({ method: 'GET', url: `/api/deals/${emmas.id}`, as: emma })).json()).toMatchObject({
      vehicle_id: null,
      vehicle: null,
    });
    expect(await vehicleStatus(vehicle.id)).toBe('pending');
  });

  it('shows an agent a linked customer or vehicle only when they may see it', async () => {
    const vehicle = await insertVehicle(liam);
    const customer = await insertCustomer(liam, 'Hidden Hannah');
    // A link made before owners were checked.
    const deal = await createDeal(emma);
    await t.database.db
      .updateTable('deals')
      .set({ vehicle_id: vehicle.id, customer_id: customer.id })
      .where('id', '=', deal.id)
      .execute();
    const seen = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: emma })).json();
    expect(seen).toMatchObject({ customer: null, vehicle: null });
    expect(JSON.stringify(seen)).not.toContain('Hidden Hannah');
    const forEditor = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}`, as: editor })).json();
    expect(forEditor).toMatchObject({ customer: { id: customer.id, name: 'Hidden Hannah' }, vehicle: { id: vehicle.id } });
  });
});

describe('version stamps', () => {
  const future = () => new Date(Date.now() + 3_600_000);

  it('moves a deal strictly past the version it replaced, whatever the app clock says', async () => {
    const deal = await createDeal(emma);
    const ahead = future();
    await t.database.db.updateTable('deals').set({ updated_at: ahead }).where('id', '=', deal.id).execute();
    const saved = await update(emma, deal, { notes: 'Second save' });
    expect(saved.statusCode).toBe(200);
    expect(Date.parse(saved.json().updated_at)).toBeGreaterThan(ahead.getTime());
    const stale = await t.call({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      as: emma,
      payload: { ...(saved.json() as object), updated_at: ahead.toISOString(), notes: 'Lost' },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('moves a linked vehicle strictly past its version when a deal changes its status', async () => {
    const vehicle = await insertVehicle(emma);
    const ahead = future();
    await t.database.db.updateTable('vehicles').set({ updated_at: ahead }).where('id', '=', vehicle.id).execute();
    await createDeal(emma, { vehicle_id: vehicle.id });
    const row = await t.database.db
      .selectFrom('vehicles')
      .select(['status', 'updated_at'])
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.updated_at.getTime()).toBeGreaterThan(ahead.getTime());
  });
});

describe('malformed cursors', () => {
  it.each([
    ['a date that does not exist', ['2024-02-30', crypto.randomUUID()]],
    ['year zero', ['0000-01-01', crypto.randomUUID()]],
    ['a timestamp for a date', ['2024-01-01T00:00:00Z', crypto.randomUUID()]],
    ['text for a date', ['yesterday', crypto.randomUUID()]],
    ['a number for a date', [20240101, crypto.randomUUID()]],
    ['an id that is not a UUID', ['2024-01-01', 'x']],
  ])('answers 400 Invalid cursor for %s', async (_, values) => {
    const cursor = Buffer.from(JSON.stringify(values)).toString('base64url');
    const response = await t.call({ method: 'GET', url: `/api/deals?cursor=${cursor}`, as: emma });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', message: 'Invalid cursor' });
  });
});

describe('a deal moved to another agent', () => {
  it("shows the new owner neither the old owner's vehicle history nor the ids of records they cannot open", async () => {
    const vehicle = await insertVehicle(emma);
    const customer = await insertCustomer(emma, 'Carla Customer');
    const deal = await createDeal(emma, { vehicle_id: vehicle.id, customer_id: customer.id, status: 'completed' });
    expect(await vehicleStatus(vehicle.id)).toBe('sold');

    const moved = await update(admin, deal, { user_id: liam.id, vehicle_id: null, customer_id: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await vehicleStatus(vehicle.id)).toBe('available');

    const timeline = (await t.call({ method: 'GET', url: `/api/deals/${deal.id}/timeline`, as: liam })).json() as {
      entity_type: string;
      changes: Record<string, unknown>;
    }[];
    expect(timeline.filter((e) => e.entity_type === 'vehicle' || e.entity_type === 'customer')).toEqual([]);
    const text = JSON.stringify(timeline);
    expect(text).not.toContain(vehicle.id);
    expect(text).not.toContain(customer.id);
    expect(timeline[0]!.changes.vehicle_id).toEqual({ from: 'hidden', to: null });

    // The admin still sees all of it.
    const full = JSON.stringify((await t.call({ method: 'GET', url: `/api/deals/${deal.id}/timeline`, as: admin })).json());
    expect(full).toContain(vehicle.id);
  });

  it("refuses to keep the old owner's vehicle or customer on it", async () => {
    const vehicle = await insertVehicle(emma);
    const deal = await createDeal(emma, { vehicle_id: vehicle.id });
    const moved = await update(admin, deal, { user_id: liam.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ vehicle_id: 'Vehicle belongs to another agent' });
  });
});
