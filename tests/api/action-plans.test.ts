import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeLead } from '../../src/server/modules/leads/intake.js';
import { personsLead } from '../../src/server/modules/leads/service.js';
import { addPlanSteps } from '../../src/server/modules/tasks/plans.js';
import { addDays, atLocalTime, dayIn } from '../../src/shared/common/time.js';
import { manualLeadSchema } from '../../src/shared/leads/schemas.js';
import type { Settings } from '../../src/shared/settings/schemas.js';
import {
  PLAN_INACTIVE,
  PLAN_NAME_TAKEN,
  PLAN_RUNNING,
  PLAN_SOURCE_REQUIRED,
  PLAN_STEPS_REQUIRED,
  unknownPlaceholder,
  type CustomerPlan,
  type Plan,
} from '../../src/shared/tasks/plans.js';
import { liveTab } from '../helpers/live-tab.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { postSignedHook } from '../helpers/signed-hook.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let hookSecrets: Record<string, string>;

const DAY = 86_400_000;
const thisYear = new Date().getUTCFullYear();

const settings = async () => (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json() as Settings;
const zone = async () => (await settings()).company.time_zone;

const addCustomer = async (as: TestUser, name: string, fields: Record<string, unknown> = {}) => {
  const response = await t.call({ method: 'POST', url: '/api/customers', as, payload: { name, ...fields } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; updated_at: string };
};

const nurture = {
  name: 'New prospect',
  steps: [
    {
      day: 3,
      type: 'email',
      title: 'Send the brochure',
      message: 'Hi {first_name}, here is what we talked about. {agent}, {company}',
    },
    { day: 0, type: 'call', title: 'Introduce yourself' },
    { day: 7, type: 'text', title: 'Check in', message: null },
  ],
};

let plans = 0;
async function makePlan(fields: Record<string, unknown> = {}) {
  const response = await t.call({
    method: 'POST',
    url: '/api/action-plans',
    as: admin,
    payload: { ...nurture, name: `${nurture.name} ${++plans}`, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Plan;
}

const start = (as: TestUser, customerId: string, planId: string) =>
  t.call({ method: 'POST', url: `/api/customers/${customerId}/action-plan`, as, payload: { plan_id: planId } });

const planOf = async (customerId: string, as = admin) => {
  const response = await t.call({ method: 'GET', url: `/api/customers/${customerId}/action-plan`, as });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as CustomerPlan).run;
};

const planTasks = (customerId: string) =>
  t.database.db
    .selectFrom('tasks')
    .select(['id', 'type', 'title', 'notes', 'due_date', 'assignee_id', 'plan_step', 'completed_at', 'rule'])
    .where('customer_id', '=', customerId)
    .where('rule', '=', 'plan')
    .orderBy('plan_step')
    .execute();

type TimelineEntry = { action: string; actor_name: string; changes: Record<string, unknown> };
const timeline = async (customerId: string) =>
  (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: admin })).json() as TimelineEntry[];

/** A signed post to one of Torque's inbound hooks, as the provider sends it. */
function hook(path: 'inbound-email' | 'sms', name: string, payload: Record<string, unknown>) {
  return postSignedHook(t.app, `/api/hooks/${path}`, hookSecrets[name]!, payload);
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Tess Admin');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Agent');
  const hooks = (await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin })).json().items as {
    name: string;
    secret: string;
  }[];
  hookSecrets = Object.fromEntries(hooks.map((h) => [h.name, h.secret]));
});
afterAll(() => t.close());

describe('defining action plans', () => {
  it('keeps an admin’s plan with its steps in the order of their days', async () => {
    const plan = await makePlan({ name: 'Fresh internet lead' });
    expect(plan).toMatchObject({ name: 'Fresh internet lead', starts_on: 'manual', lead_source: null, active: true, running: 0 });
    expect(plan.steps.map((step) => [step.day, step.type, step.title])).toEqual([
      [0, 'call', 'Introduce yourself'],
      [3, 'email', 'Send the brochure'],
      [7, 'text', 'Check in'],
    ]);
    const listed = (await t.call({ method: 'GET', url: '/api/action-plans', as: agent })).json().items as Plan[];
    expect(listed.map((p) => p.name)).toContain('Fresh internet lead');
  });

  it('refuses bad plans with a message for the field, and stores nothing', async () => {
    const before = await t.database.db
      .selectFrom('action_plans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ steps: [] }, 'steps', PLAN_STEPS_REQUIRED],
      [{ starts_on: 'lead' }, 'lead_source', PLAN_SOURCE_REQUIRED],
      [{ steps: [{ day: 400, type: 'call', title: 'Late' }] }, 'steps.0.day', 'Choose a day from 0 to 365'],
      [{ steps: [{ day: 1, type: 'appointment', title: 'Visit' }] }, 'steps.0.type', 'Choose a task type'],
      [
        { steps: [{ day: 1, type: 'email', title: 'Hi', message: 'Dear {firstname}' }] },
        'steps.0.message',
        unknownPlaceholder('{firstname}'),
      ],
      [{ name: '  ' }, 'name', 'Name is required'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await t.call({ method: 'POST', url: '/api/action-plans', as: admin, payload: { ...nurture, ...fields } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields?.[field], response.body).toBe(message);
    }
    const after = await t.database.db
      .selectFrom('action_plans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('tells every user’s open tabs when an admin adds one, so an agent can start it at once', async () => {
    const tab = await liveTab(t, otherAgent);
    try {
      await makePlan({ name: 'Told to everyone' });
      expect(await tab.next((m) => m.type === 'change' && m.area === 'tasks')).toEqual({ type: 'change', area: 'tasks' });
    } finally {
      tab.close();
    }
  });

  it('lets only admins change plans; a name is used once; an edit at an old version is refused', async () => {
    for (const as of [agent, otherAgent]) {
      expect((await t.call({ method: 'POST', url: '/api/action-plans', as, payload: nurture })).statusCode).toBe(403);
    }
    const plan = await makePlan({ name: 'Lease end' });
    const again = await t.call({
      method: 'POST',
      url: '/api/action-plans',
      as: admin,
      payload: { ...nurture, name: 'LEASE END' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ name: PLAN_NAME_TAKEN });
    const edit = { ...nurture, name: 'Lease end', active: false, updated_at: plan.updated_at };
    const saved = await t.call({ method: 'PUT', url: `/api/action-plans/${plan.id}`, as: admin, payload: edit });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().active).toBe(false);
    expect((await t.call({ method: 'PUT', url: `/api/action-plans/${plan.id}`, as: admin, payload: edit })).statusCode).toBe(409);
    expect((await t.call({ method: 'DELETE', url: `/api/action-plans/${plan.id}`, as: agent })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/action-plans/${plan.id}`, as: admin })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: `/api/action-plans/${plan.id}`, as: admin })).statusCode).toBe(404);
  });
});

describe('a plan on a customer', () => {
  it('started by hand adds the steps of day 0 at once, the message filled in, and says what comes next', async () => {
    const plan = await makePlan();
    const customer = await addCustomer(agent, 'Paula Prospect');
    const started = await start(agent, customer.id, plan.id);
    expect(started.statusCode, started.body).toBe(201);
    const today = dayIn(await zone());
    const run = (started.json() as CustomerPlan).run!;
    expect(run).toMatchObject({
      plan_name: plan.name,
      start_day: today,
      started_by_name: 'Ava Agent',
      stopped_at: null,
      next_step: 1,
    });
    expect(run.steps.map((step) => [step.day, step.due_date, step.added, step.done])).toEqual([
      [0, today, true, false],
      [3, addDays(today, 3), false, false],
      [7, addDays(today, 7), false, false],
    ]);
    const tasks = await planTasks(customer.id);
    expect(tasks).toMatchObject([
      { type: 'call', title: 'Introduce yourself', due_date: today, assignee_id: agent.id, plan_step: 0 },
    ]);
    expect(run.steps[0]!.task_id).toBe(tasks[0]!.id);
    expect((await timeline(customer.id)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['plan_started', 'task_added']),
    );

    // The job on day 3 adds the e-mail, with the customer's first name, the agent's and the company's.
    const company = (await settings()).company.name;
    await addPlanSteps(t.database.db, new Date(Date.now() + 3 * DAY));
    const [, brochure] = await planTasks(customer.id);
    expect(brochure).toMatchObject({
      type: 'email',
      due_date: addDays(today, 3),
      notes: `Hi Paula, here is what we talked about. Ava Agent, ${company}`,
    });
    expect((await planOf(customer.id, agent))!.next_step).toBe(2);
  });

  it('is one at a time, for a customer the caller may see, of a plan that is on', async () => {
    const plan = await makePlan();
    const customer = await addCustomer(agent, 'Oscar Once');
    expect((await start(otherAgent, customer.id, plan.id)).statusCode).toBe(404);
    expect((await start(agent, customer.id, plan.id)).statusCode).toBe(201);
    const twice = await start(agent, customer.id, (await makePlan()).id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(PLAN_RUNNING);
    expect((await t.call({ method: 'GET', url: `/api/customers/${customer.id}/action-plan`, as: otherAgent })).statusCode).toBe(
      404,
    );

    const off = await makePlan({ active: false });
    const other = await addCustomer(agent, 'Olive Off');
    const refused = await start(agent, other.id, off.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(PLAN_INACTIVE);
    expect((await start(agent, other.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await planOf(other.id)).toBeNull();
  });

  it('adds each step once when two runs of the job meet, does not bring back a step a person removed, and finishes', async () => {
    const plan = await makePlan();
    const customer = await addCustomer(agent, 'Dora Double');
    await start(agent, customer.id, plan.id);
    const day3 = new Date(Date.now() + 3 * DAY);
    await Promise.all([addPlanSteps(t.database.db, day3), addPlanSteps(t.database.db, day3)]);
    const tasks = await planTasks(customer.id);
    expect(tasks.map((task) => task.plan_step)).toEqual([0, 1]);
    expect((await t.call({ method: 'DELETE', url: `/api/tasks/${tasks[1]!.id}`, as: agent })).statusCode).toBe(204);
    await addPlanSteps(t.database.db, day3);
    expect((await planTasks(customer.id)).map((task) => task.plan_step)).toEqual([0]);

    await addPlanSteps(t.database.db, new Date(Date.now() + 8 * DAY));
    expect((await planTasks(customer.id)).map((task) => task.plan_step)).toEqual([0, 2]);
    const run = (await planOf(customer.id))!;
    expect(run).toMatchObject({ stop_reason: 'finished', next_step: null });
    expect(run.steps.map((step) => [step.added, step.task_id === null])).toEqual([
      [true, false],
      [true, true],
      [true, false],
    ]);
    expect((await timeline(customer.id)).find((entry) => entry.action === 'plan_stopped')).toMatchObject({
      actor_name: 'Torque',
      changes: { reason: 'finished', plan: plan.name },
    });
  });

  it('adds a step on its day in the company’s zone, not before its midnight there', async () => {
    const current = await settings();
    const saved = await t.call({
      method: 'PUT',
      url: '/api/settings',
      as: admin,
      payload: { ...current, company: { ...current.company, time_zone: 'America/Los_Angeles' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const plan = await makePlan();
      const customer = await addCustomer(agent, 'Mina Midnight');
      const run = (await (await start(agent, customer.id, plan.id)).json()) as CustomerPlan;
      const dayThree = run.run!.steps[1]!.due_date;
      await addPlanSteps(t.database.db, atLocalTime(addDays(dayThree, -1), 'America/Los_Angeles', 23, 30));
      expect(await planTasks(customer.id)).toHaveLength(1);
      await addPlanSteps(t.database.db, atLocalTime(dayThree, 'America/Los_Angeles', 0, 30));
      expect((await planTasks(customer.id)).map((task) => task.due_date)).toEqual([run.run!.start_day, dayThree]);
    } finally {
      await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: current });
    }
  });
});

describe('what stops a plan', () => {
  /** A customer on a plan, with its day-0 call done and its day-3 e-mail open. */
  async function onPlan(name: string, fields: Record<string, unknown> = {}) {
    const plan = await makePlan();
    const customer = await addCustomer(agent, name, fields);
    await start(agent, customer.id, plan.id);
    await addPlanSteps(t.database.db, new Date(Date.now() + 3 * DAY));
    const [call] = await planTasks(customer.id);
    const done = await t.call({
      method: 'POST',
      url: `/api/tasks/${call!.id}/complete`,
      as: agent,
      payload: { outcome: 'no_answer' },
    });
    expect(done.statusCode, done.body).toBe(200);
    return { plan, customer };
  }

  /** The plan stopped for `reason`: its open step's task is gone, the done one stays, and the timeline says why. */
  async function expectStopped(customerId: string, reason: string) {
    const run = (await planOf(customerId))!;
    expect(run).toMatchObject({ stop_reason: reason, next_step: null });
    expect((await planTasks(customerId)).map((task) => [task.plan_step, task.completed_at !== null])).toEqual([[0, true]]);
    expect((await timeline(customerId)).find((entry) => entry.action === 'plan_stopped')).toMatchObject({
      changes: { reason, removed: 1 },
    });
    await addPlanSteps(t.database.db, new Date(Date.now() + 10 * DAY));
    expect(await planTasks(customerId)).toHaveLength(1);
  }

  it('stops when the customer answers by e-mail', async () => {
    const { customer } = await onPlan('Erin Emailer', { email: 'erin.emailer@example.com' });
    const posted = await hook('inbound-email', 'inbound_email', {
      from: 'Erin.Emailer@example.com',
      to: 'sales@example.com',
      subject: 'Re: the brochure',
      text: 'Thanks, can we talk Friday?',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await expectStopped(customer.id, 'answered');
  });

  it('stops when the customer answers by text', async () => {
    const { customer } = await onPlan('Tex Texter', { phone: '(512) 555-0177' });
    const posted = await hook('sms', 'sms', { from: '+15125550177', body: 'Sounds good, call me' });
    expect(posted.statusCode, posted.body).toBe(200);
    await expectStopped(customer.id, 'answered');
  });

  it('stops when the customer is marked inactive', async () => {
    const { customer } = await onPlan('Lou Lost');
    const current = (await t.call({ method: 'GET', url: `/api/customers/${customer.id}`, as: agent })).json();
    const saved = await t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      as: agent,
      payload: { name: 'Lou Lost', status: 'inactive', updated_at: current.updated_at },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectStopped(customer.id, 'lost');
  });

  it('stops by hand, once', async () => {
    const { customer } = await onPlan('Hank Hand');
    expect(
      (await t.call({ method: 'DELETE', url: `/api/customers/${customer.id}/action-plan`, as: otherAgent })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/customers/${customer.id}/action-plan`, as: agent })).statusCode).toBe(
      204,
    );
    await expectStopped(customer.id, 'by_hand');
    expect((await t.call({ method: 'DELETE', url: `/api/customers/${customer.id}/action-plan`, as: agent })).statusCode).toBe(
      404,
    );
  });

  it('stops when the customer buys, and the purchase starts the plan for a completed deal', async () => {
    const delivered = await makePlan({
      name: 'After the sale',
      starts_on: 'deal_completed',
      steps: [{ day: 0, type: 'todo', title: 'Send the thank-you card' }],
    });
    const { customer } = await onPlan('Bea Buyer');
    const deal = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: agent,
      payload: {
        date: `${thisYear}-03-14`,
        manufacturer: 'BMW',
        model: 'X5',
        year: thisYear,
        customer_id: customer.id,
        customer_name: 'Bea Buyer',
        agent_name: 'Anyone',
        contract_price_cents: 6_500_000,
        broker_fee_cents: 250_000,
        status: 'completed',
      },
    });
    expect(deal.statusCode, deal.body).toBe(201);
    const runs = await t.database.db
      .selectFrom('plan_runs')
      .select(['plan_name', 'stop_reason'])
      .where('customer_id', '=', customer.id)
      .orderBy('started_at')
      .execute();
    expect(runs).toEqual([
      { plan_name: expect.stringContaining('New prospect'), stop_reason: 'bought' },
      { plan_name: delivered.name, stop_reason: 'finished' },
    ]);
    expect((await planTasks(customer.id)).map((task) => [task.title, task.completed_at !== null])).toEqual([
      ['Introduce yourself', true],
      ['Send the thank-you card', false],
    ]);
    await t.call({ method: 'DELETE', url: `/api/action-plans/${delivered.id}`, as: admin });
  });
});

describe('a plan a lead starts', () => {
  const takeLead = (source: string, name: string) =>
    intakeLead(
      t.database.db,
      { source: { id: null, name: source }, channel: 'adf', raw: '{}', leadSource: 'Other' },
      personsLead(manualLeadSchema.parse({ lead_source: 'Other', name, phone: `512-555-0${100 + ++plans}` })),
    );

  it('starts on a new lead from its source, whatever the case, and not on a lead from another', async () => {
    const plan = await makePlan({ name: 'CarMarket leads', starts_on: 'lead', lead_source: 'CarMarket' });
    const fromIt = await takeLead('carmarket', 'Cara Market');
    const run = await planOf(fromIt.customer_id!);
    expect(run).toMatchObject({ plan_name: plan.name, started_by_name: null, next_step: 1 });
    expect((await timeline(fromIt.customer_id!)).find((entry) => entry.action === 'plan_started')).toMatchObject({
      actor_name: 'Torque',
    });
    const fromAnother = await takeLead('Walk-in', 'Walt Walker');
    expect(await planOf(fromAnother.customer_id!)).toBeNull();
    await t.call({ method: 'DELETE', url: `/api/action-plans/${plan.id}`, as: admin });
  });
});
