import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicVehiclePath } from '../../src/shared/listings/paths.js';
import type { Settings } from '../../src/shared/settings/schemas.js';
import type { Vehicle } from '../../src/shared/vehicles/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { liveTab, refreshesCustomers } from '../helpers/live-tab.js';
import { multipartBody } from '../helpers/document-files.js';

/**
 * The dealership's inventory rule (Settings → Team) and the hand-over of customers and vehicles: two agents, an editor
 * and an admin acting on each other's records.
 */

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let emma: TestUser;
let ben: TestUser;
const thisYear = new Date().getFullYear();

const call = (as: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.call({ method, url, as, payload });

async function setInventory(inventory: 'own' | 'dealership') {
  const settings = (await call(admin, 'GET', '/api/settings')).json() as Settings;
  const saved = await call(admin, 'PUT', '/api/settings', { ...settings, team: { inventory } });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function addVehicle(as: TestUser, fields: Record<string, unknown> = {}): Promise<Vehicle> {
  const response = await call(as, 'POST', '/api/vehicles', {
    make: 'Subaru',
    model: 'Outback Wilderness',
    year: thisYear,
    price_cents: 4_100_000,
    condition: 'new',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const editBody = (vehicle: Vehicle, changes: Partial<Vehicle> = {}) => {
  const { id: _id, user_id: _user, created_at: _created, public_key: _key, ...fields } = vehicle;
  return { ...fields, ...changes };
};

const dealBody = (vehicleId: string, customerName: string) => ({
  date: `${thisYear}-03-03`,
  manufacturer: 'Subaru',
  model: 'Outback',
  year: thisYear,
  customer_name: customerName,
  agent_name: 'x',
  contract_price_cents: 4_000_000,
  broker_fee_cents: 100_000,
  vehicle_id: vehicleId,
});

const inventoryValue = async (as: TestUser) =>
  (await call(as, 'GET', '/api/dashboard')).json().stats.inventory_value_cents.current as number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  emma = await t.createUser('agent', 'Emma Carter');
  ben = await t.createUser('agent', 'Ben Ortiz');
});
afterAll(() => t.close());

describe("each agent's own vehicles (the default)", () => {
  it("hides a colleague's vehicle from an agent everywhere, and gives its page's lead to its owner", async () => {
    const outback = await addVehicle(emma, { vin: '4S4BTGUD0R3100001' });
    expect((await call(ben, 'GET', `/api/vehicles/${outback.id}`)).statusCode).toBe(404);
    expect((await call(ben, 'GET', '/api/vehicles?q=wilderness')).json().items).toEqual([]);
    expect((await call(ben, 'GET', '/api/vehicles/options?q=wilderness')).json()).toEqual([]);
    expect(await inventoryValue(ben)).toBe(0);
    const deal = await call(ben, 'POST', '/api/deals', dealBody(outback.id, 'Walk-in Buyer'));
    expect(deal.statusCode).toBe(400);

    // Ben is next in the rotation (he has never had a lead), yet the lead about Emma's car is hers to answer.
    const page = publicVehiclePath(outback);
    const sent = await t.call({
      method: 'POST',
      url: `/api/listings${page.slice('/cars'.length)}/lead`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Paula+Prospect&email=paula%40example.com&phone=&comments=Still+there%3F&website=',
      remoteAddress: '203.0.113.41',
    });
    expect(sent.statusCode, sent.body).toBe(303);
    const lead = await t.database.db
      .selectFrom('leads')
      .innerJoin('customers', 'customers.id', 'leads.customer_id')
      .select(['leads.assigned_user_id', 'leads.assignment_reason', 'customers.user_id'])
      .where('customers.email', '=', 'paula@example.com')
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({
      assigned_user_id: emma.id,
      user_id: emma.id,
      assignment_reason: `owner of the ${thisYear} Subaru Outback Wilderness`,
    });
  });
});

describe('the whole dealership', () => {
  beforeAll(() => setInventory('dealership'));
  afterAll(() => setInventory('own'));

  it("lets every agent find, open and count a colleague's vehicle, and sell it on their own deal", async () => {
    const forester = await addVehicle(emma, { model: 'Forester Touring', price_cents: 3_600_000 });
    const opened = await call(ben, 'GET', `/api/vehicles/${forester.id}`);
    expect(opened.statusCode).toBe(200);
    expect((await call(ben, 'GET', '/api/vehicles?q=forester')).json().items.map((v: Vehicle) => v.id)).toEqual([forester.id]);
    expect((await call(ben, 'GET', '/api/vehicles/options?q=forester')).json().map((v: Vehicle) => v.id)).toEqual([forester.id]);
    expect((await call(ben, 'GET', `/api/vehicles/${forester.id}/timeline`)).statusCode).toBe(200);
    const direct = await t.database.db
      .selectFrom('vehicles')
      .select((eb) => eb.fn.sum<string>('price_cents').as('sum'))
      .where('status', 'in', ['available', 'pending', 'reserved'])
      .executeTakeFirstOrThrow();
    expect(await inventoryValue(ben)).toBe(Number(direct.sum));

    const deal = await call(ben, 'POST', '/api/deals', dealBody(forester.id, 'Carl Cash'));
    expect(deal.statusCode, deal.body).toBe(201);
    expect(deal.json().user_id).toBe(ben.id);
    const after = (await call(emma, 'GET', `/api/vehicles/${forester.id}`)).json();
    expect(after).toMatchObject({ user_id: emma.id, status: 'pending' });
  });

  it('keeps changing a vehicle with its owner, editors and admins', async () => {
    const crosstrek = await addVehicle(emma, { model: 'Crosstrek' });
    const refused = await call(ben, 'PUT', `/api/vehicles/${crosstrek.id}`, editBody(crosstrek, { price_cents: 1 }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only its owner, editors and admins can change it');
    expect((await call(ben, 'DELETE', `/api/vehicles/${crosstrek.id}`)).statusCode).toBe(403);
    const { default: sharp } = await import('sharp');
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const photo = multipartBody('front.jpg', image, 'image/jpeg');
    const upload = await t.call({ method: 'POST', url: `/api/vehicles/${crosstrek.id}/photos`, as: ben, ...photo });
    expect(upload.statusCode).toBe(403);
    const stored = await t.database.db.selectFrom('vehicles').select('price_cents').where('id', '=', crosstrek.id).execute();
    expect(stored).toEqual([{ price_cents: 4_100_000 }]);

    const byEditor = await call(editor, 'PUT', `/api/vehicles/${crosstrek.id}`, editBody(crosstrek, { price_cents: 3_900_000 }));
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    const current = byEditor.json() as Vehicle;
    const byOwner = await call(emma, 'PUT', `/api/vehicles/${crosstrek.id}`, editBody(current, { price_cents: 3_800_000 }));
    expect(byOwner.statusCode, byOwner.body).toBe(200);
  });

  it('gives a lead about a vehicle to the rotation, as anyone may sell it', async () => {
    const ascent = await addVehicle(emma, { model: 'Ascent', vin: '4S4WMAPD0R3400002' });
    const received = await t.call({
      method: 'POST',
      url: `/api/listings${publicVehiclePath(ascent).slice('/cars'.length)}/lead`,
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Rita Rotation', email: 'rita@example.com', comments: 'Price?', website: '' },
      remoteAddress: '203.0.113.42',
    });
    expect(received.statusCode, received.body).toBe(202);
    const lead = await t.database.db
      .selectFrom('leads')
      .innerJoin('customers', 'customers.id', 'leads.customer_id')
      .select('leads.assignment_reason')
      .where('customers.email', '=', 'rita@example.com')
      .executeTakeFirstOrThrow();
    expect(lead.assignment_reason).toBe('next in rotation');
  });
});

describe('handing customers and vehicles over', () => {
  it('lets admins and editors give customers to another agent, with their open tasks and plan, refreshing both lists', async () => {
    const customer = (await call(emma, 'POST', '/api/customers', { name: 'Chloe Bennett', email: 'chloe@example.com' })).json();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const task = await call(emma, 'POST', '/api/tasks', {
      type: 'call',
      title: 'Call Chloe about financing',
      due_date: tomorrow,
      customer_id: customer.id,
    });
    expect(task.statusCode, task.body).toBe(201);
    const done = await call(emma, 'POST', '/api/tasks', {
      type: 'todo',
      title: 'Old note',
      due_date: tomorrow,
      customer_id: customer.id,
    });
    await call(emma, 'POST', `/api/tasks/${done.json().id}/complete`, { outcome: 'other' });
    const plan = await call(admin, 'POST', '/api/action-plans', {
      name: 'New prospect',
      steps: [{ day: 3, type: 'call', title: 'Second call' }],
    });
    expect((await call(emma, 'POST', `/api/customers/${customer.id}/action-plan`, { plan_id: plan.json().id })).statusCode).toBe(
      201,
    );

    const emmaTab = await liveTab(t, emma);
    const benTab = await liveTab(t, ben);
    try {
      const refused = await call(emma, 'POST', '/api/customers/reassign', { ids: [customer.id], user_id: ben.id });
      expect(refused.statusCode).toBe(403);
      const moved = await call(editor, 'POST', '/api/customers/reassign', { ids: [customer.id], user_id: ben.id });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toEqual({ reassigned: 1, to: { id: ben.id, name: 'Ben Ortiz' } });
      await emmaTab.next(refreshesCustomers);
      await benTab.next(refreshesCustomers);
    } finally {
      emmaTab.close();
      benTab.close();
    }
    expect((await call(ben, 'GET', `/api/customers/${customer.id}`)).statusCode).toBe(200);
    expect((await call(emma, 'GET', `/api/customers/${customer.id}`)).statusCode).toBe(404);
    const tasks = await t.database.db
      .selectFrom('tasks')
      .select(['title', 'assignee_id'])
      .where('customer_id', '=', customer.id)
      .orderBy('title')
      .execute();
    expect(tasks).toEqual([
      { title: 'Call Chloe about financing', assignee_id: ben.id },
      { title: 'Old note', assignee_id: emma.id },
    ]);
    expect((await call(ben, 'GET', `/api/customers/${customer.id}/action-plan`)).json().run).toMatchObject({
      plan_name: 'New prospect',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'changes'])
      .where('entity_id', '=', customer.id)
      .where('action', '=', 'reassigned')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: editor.id,
        changes: { user_id: { from: emma.id, to: ben.id }, from: 'Emma Carter', to: 'Ben Ortiz' },
      },
    ]);
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['title', 'content'])
      .where('user_id', '=', ben.id)
      .where('kind', '=', 'customer_assigned')
      .execute();
    expect(told).toEqual([{ title: 'A customer was given to you', content: 'Eddie Editor gave you Chloe Bennett' }]);
  });

  it('gives many at once, refuses an inactive owner or an unknown record, and stores nothing then', async () => {
    const ids = [];
    for (const name of ['Dana One', 'Dana Two', 'Dana Three'])
      ids.push((await call(emma, 'POST', '/api/customers', { name })).json().id as string);
    const gone = await t.createUser('agent', 'Gone Agent');
    expect((await call(admin, 'PATCH', `/api/team/members/${gone.id}`, { status: 'inactive' })).statusCode).toBeLessThan(300);
    const inactive = await call(admin, 'POST', '/api/customers/reassign', { ids, user_id: gone.id });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.fields).toEqual({ user_id: 'Choose who takes them over' });
    const unknown = await call(admin, 'POST', '/api/customers/reassign', {
      ids: [...ids, '00000000-0000-4000-8000-000000000000'],
      user_id: ben.id,
    });
    expect(unknown.statusCode).toBe(404);
    const owners = await t.database.db.selectFrom('customers').select('user_id').where('id', 'in', ids).execute();
    expect(owners.every((o) => o.user_id === emma.id)).toBe(true);

    const all = await call(admin, 'POST', '/api/customers/reassign', { ids, user_id: ben.id });
    expect(all.json().reassigned).toBe(3);
    const counted = await t.database.db
      .selectFrom('customer_counts')
      .select((eb) => eb.fn.sum<string>('n').as('n'))
      .where('user_id', '=', ben.id)
      .executeTakeFirstOrThrow();
    const direct = await t.database.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', ben.id)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(Number(direct.n));
  });

  it("gives a vehicle to another agent: it leaves the former owner's inventory for the new one's", async () => {
    const impreza = await addVehicle(emma, { model: 'Impreza', price_cents: 2_500_000 });
    expect((await call(ben, 'POST', '/api/vehicles/reassign', { ids: [impreza.id], user_id: ben.id })).statusCode).toBe(403);
    const benBefore = await inventoryValue(ben);
    const moved = await call(admin, 'POST', '/api/vehicles/reassign', { ids: [impreza.id], user_id: ben.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(ben, 'GET', `/api/vehicles/${impreza.id}`)).json().user_id).toBe(ben.id);
    expect((await call(emma, 'GET', `/api/vehicles/${impreza.id}`)).statusCode).toBe(404);
    expect(await inventoryValue(ben)).toBe(benBefore + 2_500_000);
    const timeline = (await call(ben, 'GET', `/api/vehicles/${impreza.id}/timeline`)).json();
    expect(timeline[0]).toMatchObject({ action: 'reassigned', changes: { from: 'Emma Carter', to: 'Ben Ortiz' } });
  });

  it("moves a departed agent's customer with the lead that finds them, refreshing both agents' lists", async () => {
    const leaving = await t.createUser('agent', 'Lee Leaving');
    const customer = (await call(leaving, 'POST', '/api/customers', { name: 'Omar Orphan', email: 'omar@example.com' })).json();
    expect((await call(admin, 'PATCH', `/api/team/members/${leaving.id}`, { status: 'inactive' })).statusCode).toBeLessThan(300);
    const tab = await liveTab(t, admin);
    try {
      const added = await call(ben, 'POST', '/api/leads', { name: 'Omar Orphan', email: 'omar@example.com' });
      expect(added.statusCode, added.body).toBeLessThan(300);
      await tab.next(refreshesCustomers);
    } finally {
      tab.close();
    }
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity_id', '=', customer.id)
      .where('action', '=', 'reassigned')
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ from: 'Lee Leaving', to: 'Ben Ortiz', reason: 'their agent has left' });
  });
});
