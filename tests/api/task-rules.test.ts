import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordAudit } from '../../src/server/platform/audit.js';
import { intakeLead } from '../../src/server/modules/leads/intake.js';
import { personsLead } from '../../src/server/modules/leads/service.js';
import { followUpIdleCustomers } from '../../src/server/modules/tasks/rules.js';
import { addDays, atLocalTime, dayIn, timeIn } from '../../src/shared/common/time.js';
import { manualLeadSchema } from '../../src/shared/leads/schemas.js';
import type { Settings } from '../../src/shared/settings/schemas.js';
import type { Task } from '../../src/shared/tasks/types.js';
import { actorFor, createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;

const DAY = 86_400_000;
/** The day of the week of a YYYY-MM-DD day, Sunday 0. */
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

const settings = async () => (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json() as Settings;
const zone = async () => (await settings()).company.time_zone;

/** Saves Settings → CRM (and Company) with these changes, as an admin. */
async function configure(crm: Partial<Settings['crm']>, company: Partial<Settings['company']> = {}) {
  const current = await settings();
  const response = await t.call({
    method: 'PUT',
    url: '/api/settings',
    as: admin,
    payload: { ...current, crm: { ...current.crm, ...crm }, company: { ...current.company, ...company } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const addCustomer = async (as: TestUser, name: string, fields: Record<string, unknown> = {}) => {
  const response = await t.call({ method: 'POST', url: '/api/customers', as, payload: { name, ...fields } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};

/** A customer added `days` days ago. */
async function addedDaysAgo(as: TestUser, name: string, days: number, fields: Record<string, unknown> = {}) {
  const id = await addCustomer(as, name, fields);
  await t.database.db
    .updateTable('customers')
    .set({ created_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', id)
    .execute();
  return id;
}

const tasksOf = (customerId: string) =>
  t.database.db.selectFrom('tasks').selectAll().where('customer_id', '=', customerId).orderBy('created_at').execute();

const openTasks = async (as: TestUser, customerId: string) => {
  const response = await t.call({ method: 'GET', url: `/api/tasks?view=open&assignee=all&customer=${customerId}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Task[] }).items;
};

type TimelineEntry = { action: string; actor_name: string; changes: Record<string, unknown> };
const timeline = async (customerId: string) =>
  (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: admin })).json() as TimelineEntry[];

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Tess Admin');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Agent');
});
afterAll(() => t.close());

describe('the follow-up rule', () => {
  it('gives a customer idle for the follow-up days exactly one call for their agent, due today (Monday on a Sunday)', async () => {
    const idle = await addedDaysAgo(agent, 'Ida Idle', 4);
    const now = new Date();
    await followUpIdleCustomers(t.database.db, now);
    await followUpIdleCustomers(t.database.db, now);
    const tasks = await tasksOf(idle);
    expect(tasks).toHaveLength(1);
    const today = dayIn(await zone(), now);
    const sunday = weekday(today) === 0;
    expect(tasks[0]).toMatchObject({
      rule: 'follow_up',
      type: 'call',
      title: 'Follow up: no contact for 3 days',
      assignee_id: agent.id,
      due_date: sunday ? addDays(today, 1) : today,
      completed_at: null,
      created_by: null,
    });
    // It is in the agent's Today, and Torque is named on the customer's timeline.
    expect((await openTasks(agent, idle)).map((task) => [task.rule, task.view])).toEqual([
      ['follow_up', sunday ? 'upcoming' : 'today'],
    ]);
    const added = (await timeline(idle)).find((entry) => entry.action === 'task_added');
    expect(added).toMatchObject({ actor_name: 'Torque', changes: { rule: 'follow_up', task: tasks[0]!.id } });
  });

  it('gives an agent five follow-ups a day at most, the rest on the next working days, Sunday off', async () => {
    const seller = await t.createUser('agent', 'Sid Spread');
    const colleague = await t.createUser('agent', 'Cora Colleague');
    const idle = [];
    for (let i = 0; i < 12; i++) idle.push(await addedDaysAgo(seller, `Ivy Idle ${i}`, 20));
    const other = await addedDaysAgo(colleague, 'Omar Other', 20);
    // A Friday at 20:05 in the company's zone, a few days from now.
    const zoneNow = await zone();
    const today = dayIn(zoneNow);
    const friday = addDays(today, (5 - weekday(today) + 7) % 7 || 7);
    const now = atLocalTime(friday, zoneNow, 20, 5);
    const [saturday, monday] = [addDays(friday, 1), addDays(friday, 3)];
    const perDay = async () => {
      const rows = await t.database.db
        .selectFrom('tasks')
        .select([sql<string>`due_date::text`.as('day'), sql<number>`count(*)::int`.as('n')])
        .where('assignee_id', '=', seller.id)
        .where('completed_at', 'is', null)
        .groupBy('due_date')
        .orderBy('due_date')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.day, row.n]));
    };
    await followUpIdleCustomers(t.database.db, now);
    await followUpIdleCustomers(t.database.db, now);
    expect(await perDay()).toEqual({ [friday]: 5, [saturday]: 5, [monday]: 2 });
    for (const customer of idle) expect(await tasksOf(customer), customer).toHaveLength(1);
    // Another agent's day is their own.
    expect(await tasksOf(other)).toMatchObject([{ due_date: friday }]);
    // Three more found later that evening fill Monday's free places.
    for (let i = 0; i < 3; i++) idle.push(await addedDaysAgo(seller, `Ivy Idle late ${i}`, 20));
    await followUpIdleCustomers(t.database.db, new Date(now.getTime() + 3_600_000));
    expect(await perDay()).toEqual({ [friday]: 5, [saturday]: 5, [monday]: 5 });
  });

  it('reads the customers a batch at a time, each batch in its own transaction, and adds each task once', async () => {
    const idle = [];
    for (let i = 0; i < 5; i++) idle.push(await addedDaysAgo(agent, `Bea Batch ${i}`, 6));
    const db = t.database.db;
    const spy = vi.spyOn(db, 'transaction');
    let transactions = 0;
    try {
      await followUpIdleCustomers(db, new Date(), 2);
      transactions = spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
    for (const customer of idle) expect(await tasksOf(customer), customer).toHaveLength(1);
    // Every idle customer of the database at two a batch: at least the five here, in three batches or more.
    expect(transactions).toBeGreaterThanOrEqual(3);
    await followUpIdleCustomers(db, new Date(), 2);
    for (const customer of idle) expect(await tasksOf(customer)).toHaveLength(1);
  });

  it('adds one task when two runs meet', async () => {
    const idle = await addedDaysAgo(agent, 'Connie Current', 5);
    await Promise.all([followUpIdleCustomers(t.database.db), followUpIdleCustomers(t.database.db)]);
    expect(await tasksOf(idle)).toHaveLength(1);
  });

  it('leaves out a customer with an open task, one contacted within the days, a new one, an inactive one and a deactivated agent’s', async () => {
    const withTask = await addedDaysAgo(agent, 'Tom Tasked', 10);
    const created = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as: agent,
      payload: { type: 'email', title: 'Send the brochure', due_date: addDays(dayIn(await zone()), 5), customer_id: withTask },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contacted = await addedDaysAgo(agent, 'Carl Contacted', 10);
    await recordAudit(t.database.db, actorFor(agent), {
      entityType: 'customer',
      entityId: contacted,
      action: 'contact_logged',
      changes: { kind: 'call', label: 'Call', note: null },
    });
    const fresh = await addedDaysAgo(agent, 'Nina New', 1);
    const inactive = await addedDaysAgo(agent, 'Ike Inactive', 10, { status: 'inactive' });
    const leaver = await t.createUser('agent', 'Lee Leaving');
    const orphan = await addedDaysAgo(leaver, 'Olly Orphan', 10);
    await t.database.db.updateTable('users').set({ banned: true }).where('id', '=', leaver.id).execute();

    await followUpIdleCustomers(t.database.db);
    expect((await tasksOf(withTask)).map((task) => task.rule)).toEqual([null]);
    for (const customer of [contacted, fresh, inactive, orphan]) expect(await tasksOf(customer)).toEqual([]);

    // Three days after the contact, the contacted customer is due: contact on day D, follow-up on D + 3.
    const later = new Date(Date.now() + 3 * DAY);
    await followUpIdleCustomers(t.database.db, later);
    expect(await tasksOf(contacted)).toMatchObject([{ rule: 'follow_up', due_date: dayIn(await zone(), later) }]);
  });

  it('counts a completed follow-up as contact, and keeps a customer to one open follow-up', async () => {
    const customer = await addedDaysAgo(agent, 'Rita Repeat', 6);
    await followUpIdleCustomers(t.database.db);
    const [first] = await tasksOf(customer);
    const done = await t.call({
      method: 'POST',
      url: `/api/tasks/${first!.id}/complete`,
      as: agent,
      payload: { outcome: 'no_answer' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await followUpIdleCustomers(t.database.db);
    expect(await tasksOf(customer)).toHaveLength(1);

    await followUpIdleCustomers(t.database.db, new Date(Date.now() + 3 * DAY));
    const tasks = await tasksOf(customer);
    expect(tasks.map((task) => [task.rule, task.completed_at === null])).toEqual([
      ['follow_up', false],
      ['follow_up', true],
    ]);
    const reopened = await t.call({ method: 'POST', url: `/api/tasks/${first!.id}/reopen`, as: agent });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error.message).toBe('This customer already has an open follow-up task');
    expect((await tasksOf(customer)).filter((task) => task.completed_at === null)).toHaveLength(1);
  });

  it('adds nothing while an admin has turned it off', async () => {
    await configure({ follow_up_rule: false });
    const idle = await addedDaysAgo(otherAgent, 'Otis Off', 30);
    expect(await followUpIdleCustomers(t.database.db)).toBe(0);
    expect(await tasksOf(idle)).toEqual([]);
    await configure({ follow_up_rule: true, follow_up_days: 7 });
    await followUpIdleCustomers(t.database.db);
    expect(await tasksOf(idle)).toMatchObject([{ assignee_id: otherAgent.id, title: 'Follow up: no contact for 7 days' }]);
    await configure({ follow_up_days: 3 });
  });
});

/** A lead added by hand as `as` through the intake, arriving at `receivedAt`. */
const takeLead = (as: TestUser, fields: Record<string, unknown>, receivedAt?: Date) =>
  intakeLead(
    t.database.db,
    { source: { id: null, name: 'Phone' }, channel: 'manual', raw: '{}', leadSource: 'Phone', addedBy: actorFor(as), receivedAt },
    personsLead(manualLeadSchema.parse({ lead_source: 'Phone', ...fields })),
  );

const leadTask = async (leadId: string) => t.database.db.selectFrom('tasks').selectAll().where('lead_id', '=', leadId).execute();

describe('the first-response rule', () => {
  it('gives a lead from intake a call for its agent, due at the answer time after it arrived', async () => {
    const added = await t.call({
      method: 'POST',
      url: '/api/leads',
      as: agent,
      payload: { name: 'Fran First', phone: '512-555-0141', lead_source: 'Walk-in' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id, customer_id: customerId } = added.json() as { id: string; customer_id: string };
    const lead = await t.database.db.selectFrom('leads').select('received_at').where('id', '=', id).executeTakeFirstOrThrow();
    const due = new Date(lead.received_at.getTime() + 15 * 60_000);
    const [task] = await openTasks(agent, customerId);
    expect(task).toMatchObject({
      rule: 'first_response',
      lead_id: id,
      assignee_id: agent.id,
      priority: 'high',
      title: 'Answer the new lead from Walk-in',
      due_date: dayIn(await zone(), due),
      due_time: timeIn(await zone(), due),
    });
    expect((await timeline(customerId)).find((entry) => entry.action === 'task_added')).toMatchObject({
      actor_name: 'Torque',
      changes: { rule: 'first_response', title: 'Answer the new lead from Walk-in' },
    });
  });

  it('is due on the next day in the company’s zone for a lead at 23:55 there; the first logged contact closes it', async () => {
    await configure({}, { time_zone: 'Asia/Kolkata' });
    const yesterday = addDays(dayIn('Asia/Kolkata'), -1);
    const lead = await takeLead(
      agent,
      { name: 'Nate Night', phone: '512-555-0142' },
      atLocalTime(yesterday, 'Asia/Kolkata', 23, 55),
    );
    const [task] = await leadTask(lead.id);
    expect(task).toMatchObject({ due_date: addDays(yesterday, 1), due_time: '00:10:00', assignee_id: agent.id });

    const logged = await t.call({
      method: 'POST',
      url: `/api/leads/${lead.id}/contacts`,
      as: agent,
      payload: { kind: 'call', note: 'Booked a test drive' },
    });
    expect(logged.statusCode, logged.body).toBe(200);
    const answered = await t.database.db
      .selectFrom('leads')
      .select('first_response_at')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    const [closed] = await leadTask(lead.id);
    expect(closed).toMatchObject({
      completed_at: answered.first_response_at,
      completed_by: agent.id,
      outcome: 'reached',
      outcome_note: 'Answered with a logged contact',
    });
    const entries = await timeline(lead.customer_id!);
    expect(entries.find((entry) => entry.action === 'task_completed')).toMatchObject({
      actor_name: 'Ava Agent',
      changes: { task: closed!.id, outcome: 'reached', rule: 'first_response' },
    });
    await configure({}, { time_zone: 'America/Chicago' });
  });

  it('is closed by an e-mail to the customer, the lead’s first answer', async () => {
    const lead = await takeLead(agent, { name: 'Eli Email', email: 'eli.email@example.com' });
    const sent = await t.call({
      method: 'POST',
      url: '/api/emails',
      as: agent,
      payload: { to: 'eli.email@example.com', subject: 'Your enquiry', message: 'Thanks for asking.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await leadTask(lead.id)).toMatchObject([{ outcome: 'reached', outcome_note: 'Answered with an e-mail' }]);
  });

  it('completed by hand, is on the timeline but is not the lead’s first answer', async () => {
    const lead = await takeLead(agent, { name: 'Hal Hand', phone: '512-555-0143' });
    const [task] = await leadTask(lead.id);
    const done = await t.call({
      method: 'POST',
      url: `/api/tasks/${task!.id}/complete`,
      as: agent,
      payload: { outcome: 'reached' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const row = await t.database.db
      .selectFrom('leads')
      .select('first_response_at')
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(row.first_response_at).toBeNull();
    expect((await timeline(lead.customer_id!)).map((entry) => entry.action)).toContain('task_completed');
  });

  it('adds nothing while an admin has turned it off', async () => {
    await configure({ first_response_rule: false });
    const lead = await takeLead(agent, { name: 'Opal Off', phone: '512-555-0144' });
    expect(await leadTask(lead.id)).toEqual([]);
    await configure({ first_response_rule: true });
  });
});

const thisYear = new Date().getUTCFullYear();
const dealBody = (customerId: string, fields: Record<string, unknown> = {}) => ({
  date: `${thisYear}-03-14`,
  manufacturer: 'BMW',
  model: 'X5',
  year: thisYear,
  customer_id: customerId,
  customer_name: 'Della Delivery',
  agent_name: 'Anyone',
  contract_price_cents: 6_500_000,
  monthly_payment_cents: 120_000,
  broker_fee_cents: 250_000,
  status: 'completed',
  ...fields,
});

const deliveryTasks = (dealId: string) =>
  t.database.db
    .selectFrom('tasks')
    .select(['rule', 'rule_day', 'due_date', 'assignee_id', 'customer_id', 'title'])
    .where('deal_id', '=', dealId)
    .orderBy('rule_day')
    .execute();

describe('the delivery rule', () => {
  it('gives a completed deal a call for its agent on each of the settings’ days, and one set only', async () => {
    const customer = await addCustomer(agent, 'Della Delivery');
    const created = await t.call({ method: 'POST', url: '/api/deals', as: agent, payload: dealBody(customer) });
    expect(created.statusCode, created.body).toBe(201);
    const deal = created.json() as { id: string; updated_at: string };
    const today = dayIn(await zone());
    expect(await deliveryTasks(deal.id)).toEqual([
      {
        rule: 'delivery',
        rule_day: 3,
        due_date: addDays(today, 3),
        assignee_id: agent.id,
        customer_id: customer,
        title: `Delivery follow-up, day 3: ${thisYear} BMW X5`,
      },
      {
        rule: 'delivery',
        rule_day: 30,
        due_date: addDays(today, 30),
        assignee_id: agent.id,
        customer_id: customer,
        title: `Delivery follow-up, day 30: ${thisYear} BMW X5`,
      },
    ]);
    expect((await timeline(customer)).filter((entry) => entry.action === 'task_added')).toHaveLength(2);

    // Reopened and completed again, with other days in the settings meanwhile: no second set.
    await configure({ delivery_follow_up_days: [7] });
    let version = deal.updated_at;
    for (const status of ['pending', 'completed']) {
      const saved = await t.call({
        method: 'PUT',
        url: `/api/deals/${deal.id}`,
        as: agent,
        payload: { ...dealBody(customer, { status }), updated_at: version },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      version = saved.json().updated_at;
    }
    expect((await deliveryTasks(deal.id)).map((task) => task.rule_day)).toEqual([3, 30]);

    // A deal completed later gets the days the settings say now.
    const next = await t.call({ method: 'POST', url: '/api/deals', as: agent, payload: dealBody(customer, { model: 'X3' }) });
    expect((await deliveryTasks(next.json().id)).map((task) => [task.rule_day, task.due_date])).toEqual([[7, addDays(today, 7)]]);
    await configure({ delivery_follow_up_days: [3, 30] });
  });

  it('adds nothing for a deal that is not completed, or while an admin has turned it off', async () => {
    const customer = await addCustomer(agent, 'Pete Pending');
    const pending = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: agent,
      payload: dealBody(customer, { status: 'pending' }),
    });
    expect(await deliveryTasks(pending.json().id)).toEqual([]);
    await configure({ delivery_rule: false });
    const completed = await t.call({ method: 'POST', url: '/api/deals', as: agent, payload: dealBody(customer) });
    expect(completed.statusCode, completed.body).toBe(201);
    expect(await deliveryTasks(completed.json().id)).toEqual([]);
    await configure({ delivery_rule: true });
  });
});
