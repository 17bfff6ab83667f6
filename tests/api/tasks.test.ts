import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, atLocalTime, dayIn } from '../../src/shared/common/time.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { TASK_DONE_BOUND } from '../../src/shared/tasks/schemas.js';
import type { Task, TaskSummary } from '../../src/shared/tasks/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { rowCount } from '../helpers/databases.js';

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let customer: string;
let othersCustomer: string;

const zone = defaultSettings.company.time_zone;
const today = () => dayIn(zone);

const addCustomer = async (as: TestUser, name: string) =>
  (await t.call({ method: 'POST', url: '/api/customers', as, payload: { name } })).json().id as string;

const addTask = (as: TestUser, fields: Record<string, unknown>) =>
  t.call({
    method: 'POST',
    url: '/api/tasks',
    as,
    payload: { type: 'call', title: 'Call about the trade-in', due_date: today(), customer_id: customer, ...fields },
  });

const list = async (as: TestUser, query: string) => {
  const response = await t.call({ method: 'GET', url: `/api/tasks?${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Task[]; nextCursor: string | null };
};
const titles = async (as: TestUser, query: string) => (await list(as, query)).items.map((task) => task.title);

const summary = async (as: TestUser, query = '') =>
  (await t.call({ method: 'GET', url: `/api/tasks/summary?${query}`, as })).json() as TaskSummary;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Tess Admin');
  editor = await t.createUser('editor', 'Ed Manager');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Agent');
  customer = await addCustomer(agent, 'Carla Customer');
  othersCustomer = await addCustomer(otherAgent, 'Olga Other');
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe('My Tasks', () => {
  it('marks a task due earlier today late, in Today, while those still to come today are not', async () => {
    // Tomorrow in the company's zone, at 08:00 and then at 10:30 there, whatever the machine's zone is.
    const day = addDays(today(), 1);
    const fresh = await addCustomer(agent, 'Lea Late');
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(atLocalTime(day, zone, 23).getTime()) })
      .execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(atLocalTime(day, zone, 8));
    for (const [title, due_time] of [
      ['Nine o’clock call', '09:00'],
      ['Eleven o’clock call', '11:00'],
      ['Any time today', null],
    ] as const)
      expect((await addTask(agent, { title, due_date: day, due_time, customer_id: fresh })).statusCode).toBe(201);
    const lateness = async () =>
      Object.fromEntries((await list(agent, `view=today&customer=${fresh}`)).items.map((task) => [task.title, task.late]));
    expect(await lateness()).toEqual({ 'Nine o’clock call': false, 'Eleven o’clock call': false, 'Any time today': false });

    vi.setSystemTime(atLocalTime(day, zone, 10, 30));
    expect(await lateness()).toEqual({ 'Nine o’clock call': true, 'Eleven o’clock call': false, 'Any time today': false });
    expect(await titles(agent, `view=overdue&customer=${fresh}`)).toEqual([]);
    // The customer list's next task says so too.
    const customers = (await t.call({ method: 'GET', url: '/api/customers?q=Lea%20Late', as: agent })).json();
    expect(customers.items[0].next_task).toMatchObject({ title: 'Nine o’clock call', view: 'today', late: true });
    // Done, it is no longer late.
    const [nine] = (await list(agent, `view=today&customer=${fresh}`)).items;
    const done = await t.call({
      method: 'POST',
      url: `/api/tasks/${nine!.id}/complete`,
      as: agent,
      payload: { outcome: 'reached' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().late).toBe(false);
  });

  it('puts a task in Today, then in Overdue once the company’s midnight has passed', async () => {
    // The minute either side of the next midnight in the company's zone, whatever the machine's zone is.
    const day = addDays(today(), 1);
    const midnight = atLocalTime(day, zone, 0);
    const fresh = await addCustomer(agent, 'Mia Midnight');
    // Sessions last 8 hours, and the company's next midnight may be further off than that.
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(midnight.getTime() + 86_400_000) })
      .execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(midnight.getTime() - 60_000));
    expect((await addTask(agent, { title: 'Before midnight', due_date: addDays(day, -1), customer_id: fresh })).statusCode).toBe(
      201,
    );
    expect((await addTask(agent, { title: 'After midnight', due_date: day, customer_id: fresh })).statusCode).toBe(201);
    const query = `customer=${fresh}`;
    expect(await titles(agent, `view=today&${query}`)).toEqual(['Before midnight']);
    expect(await titles(agent, `view=upcoming&${query}`)).toEqual(['After midnight']);
    expect(await titles(agent, `view=overdue&${query}`)).toEqual([]);
    expect(await titles(agent, `view=due&${query}`)).toEqual(['Before midnight']);
    expect(await summary(agent, query)).toEqual({
      today: addDays(day, -1),
      overdue: 0,
      due_today: 1,
      upcoming: 1,
      done: 0,
      done_capped: false,
    });

    vi.setSystemTime(new Date(midnight.getTime() + 60_000));
    expect(await titles(agent, `view=overdue&${query}`)).toEqual(['Before midnight']);
    expect(await titles(agent, `view=today&${query}`)).toEqual(['After midnight']);
    expect(await titles(agent, `view=upcoming&${query}`)).toEqual([]);
    // The dashboard's Today: what is overdue, then what is due today.
    expect(await titles(agent, `view=due&${query}`)).toEqual(['Before midnight', 'After midnight']);
    const [overdue] = (await list(agent, `view=overdue&${query}`)).items;
    expect(overdue!.view).toBe('overdue');
    expect(await summary(agent, query)).toEqual({
      today: day,
      overdue: 1,
      due_today: 1,
      upcoming: 0,
      done: 0,
      done_capped: false,
    });
  });

  it('counts the open sections exactly and the done tasks up to the bound, each as the caller may see them', async () => {
    const busy = await addCustomer(agent, 'Dan Done');
    const done = Array.from({ length: TASK_DONE_BOUND + 1 }, (_, i) => ({
      type: 'call' as const,
      title: `Call ${i}`,
      due_date: addDays(today(), -2),
      assignee_id: agent.id,
      customer_id: busy,
      completed_at: new Date(),
      completed_by: agent.id,
      outcome: 'reached' as const,
    }));
    await t.database.db.insertInto('tasks').values(done).execute();
    await addTask(agent, { title: 'Still to do', due_date: today(), customer_id: busy });
    const query = `customer=${busy}`;
    expect(await summary(agent, query)).toMatchObject({ due_today: 1, done: TASK_DONE_BOUND, done_capped: true });
    expect(await summary(admin, `assignee=all&${query}`)).toMatchObject({
      due_today: 1,
      done: TASK_DONE_BOUND,
      done_capped: true,
    });
    // Another agent sees none of them, whoever they filter by.
    expect(await summary(otherAgent, `assignee=${agent.id}&${query}`)).toMatchObject({
      due_today: 0,
      done: 0,
      done_capped: false,
    });
    expect(await summary(otherAgent, `assignee=all&${query}`)).toMatchObject({ due_today: 0, done: 0, done_capped: false });
    await t.database.db.deleteFrom('tasks').where('customer_id', '=', busy).execute();
  });

  it('pages a section by day and time, the tasks of any time of the day last', async () => {
    const fresh = await addCustomer(agent, 'Pat Paging');
    const later = addDays(today(), 3);
    await addTask(agent, { title: 'Any time', due_date: later, customer_id: fresh });
    await addTask(agent, { title: 'Afternoon', due_date: later, due_time: '15:30', customer_id: fresh });
    await addTask(agent, { title: 'Morning', due_date: later, due_time: '09:00', customer_id: fresh });
    await addTask(agent, { title: 'Sooner', due_date: addDays(today(), 2), due_time: '18:00', customer_id: fresh });
    const first = await list(agent, `view=upcoming&customer=${fresh}&limit=2`);
    expect(first.items.map((task) => [task.title, task.due_time])).toEqual([
      ['Sooner', '18:00'],
      ['Morning', '09:00'],
    ]);
    const second = await list(agent, `view=upcoming&customer=${fresh}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((task) => task.title)).toEqual(['Afternoon', 'Any time']);
    expect(second.nextCursor).toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/tasks?view=upcoming&cursor=bm9wZQ', as: agent })).statusCode).toBe(400);
  });
});

describe('who sees and changes a task', () => {
  it('keeps an agent’s tasks from another agent: 404 to read, change, complete or remove', async () => {
    const created = await addTask(agent, { title: 'Private call' });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json() as Task;
    expect(task).toMatchObject({ assignee_id: agent.id, assignee_name: 'Ava Agent', customer_name: 'Carla Customer' });
    for (const [method, url, payload] of [
      ['GET', `/api/tasks/${task.id}`, undefined],
      ['PUT', `/api/tasks/${task.id}`, { type: 'call', title: 'Mine now', due_date: today(), updated_at: task.updated_at }],
      ['POST', `/api/tasks/${task.id}/complete`, { outcome: 'reached' }],
      ['DELETE', `/api/tasks/${task.id}`, undefined],
    ] as const) {
      const response = await t.call({ method, url, payload, as: otherAgent });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
    expect(await titles(otherAgent, 'view=today&assignee=all')).not.toContain('Private call');
    expect(await titles(editor, `view=today&assignee=${agent.id}`)).toContain('Private call');
    expect(await titles(admin, 'view=today&assignee=all')).toContain('Private call');
  });

  it('answers 404 to a task for a customer the agent may not see, and stores nothing', async () => {
    const before = await rowCount(t.database, 'tasks');
    const response = await addTask(agent, { customer_id: othersCustomer });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Customer not found');
    expect(await rowCount(t.database, 'tasks')).toBe(before);
  });

  it('lets only admins and editors give a task to someone else; the assignee and the customer’s agent both see it', async () => {
    const refused = await addTask(agent, { assignee_id: otherAgent.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only admins and editors can give a task to someone else');

    const given = await addTask(editor, { title: 'Cover for Ava', assignee_id: otherAgent.id });
    expect(given.statusCode, given.body).toBe(201);
    const task = given.json() as Task;
    // The assignee sees it in My Tasks; the customer's own agent sees it among everyone's, and may complete it.
    expect(await titles(otherAgent, 'view=today')).toContain('Cover for Ava');
    expect(await titles(agent, 'view=today')).not.toContain('Cover for Ava');
    expect(await titles(agent, `view=today&assignee=all&customer=${customer}`)).toContain('Cover for Ava');
    // The agent may keep the assignee it has while editing, but not hand it to a third person.
    const kept = await t.call({
      method: 'PUT',
      url: `/api/tasks/${task.id}`,
      as: agent,
      payload: {
        type: 'call',
        title: 'Cover for Ava, today',
        due_date: task.due_date,
        assignee_id: otherAgent.id,
        updated_at: task.updated_at,
      },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const handed = await t.call({
      method: 'PUT',
      url: `/api/tasks/${task.id}`,
      as: agent,
      payload: { type: 'call', title: 'x', due_date: task.due_date, assignee_id: editor.id, updated_at: kept.json().updated_at },
    });
    expect(handed.statusCode).toBe(403);
    const stale = await t.call({
      method: 'PUT',
      url: `/api/tasks/${task.id}`,
      as: agent,
      payload: { type: 'call', title: 'Old version', due_date: task.due_date, updated_at: task.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.call({ method: 'GET', url: `/api/tasks/${task.id}`, as: otherAgent })).json().title).toBe(
      'Cover for Ava, today',
    );
  });
});

describe('completing a task', () => {
  it('records the outcome, moves the task to Done and writes it on the customer’s timeline', async () => {
    const task = (await addTask(agent, { title: 'Call about financing' })).json() as Task;
    const done = await t.call({
      method: 'POST',
      url: `/api/tasks/${task.id}/complete`,
      as: agent,
      payload: { outcome: 'left_message', outcome_note: 'Voicemail; try again Friday' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ view: 'done', outcome: 'left_message', completed_by: agent.id });
    expect(await titles(agent, 'view=done')).toContain('Call about financing');
    expect(await titles(agent, 'view=today')).not.toContain('Call about financing');

    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customer}/timeline`, as: agent })).json() as {
      action: string;
      changes: Record<string, unknown>;
      actor_name: string;
    }[];
    const entry = timeline.find((e) => e.action === 'task_completed' && e.changes.task === task.id);
    expect(entry).toMatchObject({
      actor_name: 'Ava Agent',
      changes: {
        title: 'Call about financing',
        outcome: 'left_message',
        outcome_label: 'Left a message',
        note: 'Voicemail; try again Friday',
      },
    });

    const again = await t.call({
      method: 'POST',
      url: `/api/tasks/${task.id}/complete`,
      as: agent,
      payload: { outcome: 'reached' },
    });
    expect(again.statusCode).toBe(409);
    const reopened = await t.call({ method: 'POST', url: `/api/tasks/${task.id}/reopen`, as: agent });
    expect(reopened.json()).toMatchObject({ view: 'today', outcome: null, completed_at: null });
  });
});

describe('bad input', () => {
  it('is refused with a clear message and stores nothing', async () => {
    const lead = await t.database.db
      .insertInto('leads')
      .values({ source_name: 'Phone', channel: 'manual', status: 'parsed', raw: '{}', customer_id: othersCustomer })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tasks = await rowCount(t.database, 'tasks');
    const audit = await rowCount(t.database, 'audit_log');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: '   ' }, 400, 'Title is required'],
      [{ title: 'a\u0000b' }, 400, 'Contains characters that cannot be saved'],
      [{ due_date: '2025-02-30' }, 400, 'Choose a due date'],
      [{ due_date: addDays(today(), -1) }, 400, 'The due date cannot be before today'],
      [{ due_time: '25:00' }, 400, 'Enter a time as HH:MM, e.g. 14:30'],
      [{ type: 'fax' }, 400, 'Choose a task type'],
      [{ customer_id: undefined }, 400, 'Choose a customer'],
      [{ lead_id: lead.id }, 400, 'This lead is not this customer’s'],
      [{ assignee_id: crypto.randomUUID() }, 403, 'Only admins and editors can give a task to someone else'],
    ];
    for (const [fields, status, message] of cases) {
      const response = await addTask(agent, fields);
      expect({ fields, status: response.statusCode }).toEqual({ fields, status });
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
    const unknownUser = await addTask(admin, { assignee_id: crypto.randomUUID() });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().error.fields).toEqual({ assignee_id: 'Choose an active user' });

    const task = (await addTask(agent, { title: 'Kept open' })).json() as Task;
    const afterAdd = await rowCount(t.database, 'audit_log');
    const badOutcome = await t.call({
      method: 'POST',
      url: `/api/tasks/${task.id}/complete`,
      as: agent,
      payload: { outcome: 'maybe' },
    });
    expect(badOutcome.statusCode).toBe(400);
    expect(badOutcome.json().error.fields.outcome).toBe('Choose how it went');
    expect((await t.call({ method: 'GET', url: `/api/tasks/${task.id}`, as: agent })).json().completed_at).toBeNull();
    expect(await rowCount(t.database, 'tasks')).toBe(tasks + 1);
    expect(await rowCount(t.database, 'audit_log')).toBe(afterAdd);
    expect(afterAdd).toBe(audit + 1);
  });
});
