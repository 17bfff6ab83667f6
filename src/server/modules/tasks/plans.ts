import { sql, type Kysely } from 'kysely';
import {
  PLAN_INACTIVE,
  PLAN_NAME_TAKEN,
  PLAN_RUNNING,
  planStopReasonLabels,
  type Plan,
  type PlanInput,
  type PlanRun,
  type PlanStep,
  type PlanStopReason,
  type PlanTrigger,
  type PlanUpdate,
} from '../../../shared/tasks/plans.js';
import type { Actor } from '../../auth/actor.js';
import { requireRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound, staleWrite } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { clockIn } from '../../platform/time.js';
import { recordAudit, recordAudits } from '../../platform/audit.js';
import { getSetting } from '../../platform/settings.js';
import { assertCustomerVisible } from '../customers/index.js';
import { ruleAddedEntry, type RuleAdded } from './rules.js';
import { customerOwner, tasksChanged } from './service.js';
import { isUniqueViolation } from '../../db/errors.js';

/*
 * Action plans (the README's Action plans): admins define them; a person or an event starts one on a customer; each
 * step becomes a task on its day; the customer's answer, purchase or loss stops it. A customer is on one plan at a time
 * (a unique index), and each step is added once (another), whichever process runs the job.
 */

type Db = Kysely<DB>;

const nameTaken = () => new AppError(409, 'CONFLICT', PLAN_NAME_TAKEN, { name: PLAN_NAME_TAKEN });

/** The plans are everyone's to start: every tab's list of them is read again. */
const plansChanged = (db: Db) => publishChange(db, 'tasks', 'all');

const planColumns = sql`p.id, p.name, p.starts_on, p.lead_source, p.active, p.steps, p.created_at, p.updated_at,
  (SELECT count(*)::int FROM plan_runs r WHERE r.plan_id = p.id AND r.stopped_at IS NULL) AS running`;

type PlanRow = Omit<Plan, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

/** Every plan, by name: admins edit them, and anyone may start one on a customer they work with. */
export async function listPlans(db: Db): Promise<{ items: PlanRow[] }> {
  const { rows } = await sql<PlanRow>`SELECT ${planColumns} FROM action_plans p ORDER BY lower(p.name), p.id`.execute(db);
  return { items: rows };
}

async function planById(db: Db, id: string): Promise<PlanRow> {
  const { rows } = await sql<PlanRow>`SELECT ${planColumns} FROM action_plans p WHERE p.id = ${id}`.execute(db);
  if (!rows[0]) throw notFound('Action plan');
  return rows[0];
}

const stored = (input: PlanInput) => ({
  name: input.name,
  starts_on: input.starts_on,
  lead_source: input.lead_source,
  active: input.active,
  steps: JSON.stringify(input.steps),
});

export async function createPlan(db: Db, actor: Actor, input: PlanInput): Promise<PlanRow> {
  requireRole(actor, 'admin');
  try {
    const { id } = await db.insertInto('action_plans').values(stored(input)).returning('id').executeTakeFirstOrThrow();
    await plansChanged(db);
    return await planById(db, id);
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

/** A plan changed at the version it was loaded at; the customers already on it keep the steps they started with. */
export async function updatePlan(db: Db, actor: Actor, id: string, input: PlanUpdate): Promise<PlanRow> {
  requireRole(actor, 'admin');
  const { updated_at: loadedAt, ...fields } = input;
  try {
    return await db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('action_plans').select('updated_at').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('Action plan');
      if (Date.parse(loadedAt) !== before.updated_at.getTime()) throw staleWrite();
      await tx
        .updateTable('action_plans')
        .set({ ...stored(fields), updated_at: sql<Date>`greatest(now(), action_plans.updated_at + interval '1 millisecond')` })
        .where('id', '=', id)
        .execute();
      await plansChanged(tx);
      return planById(tx, id);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

/** Removes a plan; the customers on it keep going through the steps they started with. */
export async function deletePlan(db: Db, actor: Actor, id: string): Promise<void> {
  requireRole(actor, 'admin');
  const removed = await db.deleteFrom('action_plans').where('id', '=', id).executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw notFound('Action plan');
  await plansChanged(db);
}

/** A task a step of a run became, as the insert returns it. */
type DueStep = Omit<RuleAdded, 'rule' | 'rule_day'> & { plan_run_id: string; plan_step: number; plan_name: string };

/** The company's name (for `{company}`) and its today, read once for the steps a start or a run of the job adds. */
async function companyDay(db: Db, now: Date) {
  const company = await getSetting(db, 'company');
  return { company: company.name, today: clockIn(company.time_zone, now).today };
}

/**
 * Adds every step whose day has come (the company's `today`) of the running plans `runs` names (all of them when
 * null), as tasks for each customer's agent with the step's message filled in, written on the timelines as Torque's;
 * then moves each run past them, and finishes those whose last step has been added. The caller holds the transaction.
 */
async function addDueSteps(
  tx: Db,
  { company, today }: Awaited<ReturnType<typeof companyDay>>,
  runs: string[] | null,
): Promise<number> {
  const { rows: locked } = await sql<{ id: string }>`
    SELECT r.id FROM plan_runs r
     WHERE r.stopped_at IS NULL AND r.steps_added < jsonb_array_length(r.steps)
       AND r.start_day + (r.steps -> r.steps_added ->> 'day')::int <= ${today}::date
       ${runs ? sql`AND r.id = ANY(${runs}::uuid[])` : sql``}
     ORDER BY r.id
       FOR UPDATE`.execute(tx);
  if (locked.length === 0) return 0;
  const ids = locked.map((run) => run.id);
  const filled = sql`nullif(replace(replace(replace(replace(s.step ->> 'message',
      '{first_name}', split_part(c.name, ' ', 1)), '{name}', c.name), '{agent}', u.name), '{company}', ${company}), '')`;
  const { rows: added } = await sql<DueStep>`
    INSERT INTO tasks (type, title, notes, due_date, assignee_id, customer_id, rule, plan_run_id, plan_step)
    SELECT s.step ->> 'type', s.step ->> 'title', ${filled}, r.start_day + (s.step ->> 'day')::int, u.id, c.id, 'plan',
           r.id, s.n - 1
      FROM plan_runs r
      CROSS JOIN LATERAL jsonb_array_elements(r.steps) WITH ORDINALITY AS s(step, n)
      JOIN customers c ON c.id = r.customer_id
      JOIN users u ON u.id = c.user_id AND u.banned IS NOT TRUE
     WHERE r.id = ANY(${ids}::uuid[]) AND s.n > r.steps_added
       AND r.start_day + (s.step ->> 'day')::int <= ${today}::date
     ORDER BY r.id, s.n
    ON CONFLICT DO NOTHING
    RETURNING id, customer_id, assignee_id, type, title, due_date::text AS due_date, plan_run_id, plan_step,
              (SELECT plan_name FROM plan_runs WHERE id = plan_run_id) AS plan_name`.execute(tx);
  const { rows: moved } = await sql<{ id: string; customer_id: string; plan_name: string; done: boolean }>`
    UPDATE plan_runs r
       SET steps_added = d.added,
           stopped_at = CASE WHEN d.added = jsonb_array_length(r.steps) THEN now() END,
           stop_reason = CASE WHEN d.added = jsonb_array_length(r.steps) THEN 'finished' END
      FROM (SELECT r2.id, count(*)::int AS added
              FROM plan_runs r2 CROSS JOIN LATERAL jsonb_array_elements(r2.steps) AS s(step)
             WHERE r2.id = ANY(${ids}::uuid[]) AND r2.start_day + (s.step ->> 'day')::int <= ${today}::date
             GROUP BY r2.id) d
     WHERE r.id = d.id
    RETURNING r.id, r.customer_id, r.plan_name, r.stopped_at IS NOT NULL AS done`.execute(tx);
  const done = moved.filter((run) => run.done);
  await recordAudits(tx, null, [
    ...added.map((task) => ruleAddedEntry({ ...task, rule: 'plan' }, { plan: task.plan_name })),
    ...done.map((run) => stoppedEntry(run, 'finished', null)),
  ]);
  await tasksChanged(tx, ...added.map((task) => task.assignee_id));
  return added.length;
}

/** A run's `plan_stopped` entry on its customer's timeline: why, and Torque's (`rule`) when no person stopped it. */
const stoppedEntry = (
  run: { id: string; customer_id: string; plan_name: string },
  reason: PlanStopReason,
  actor: Actor | null,
  more: Record<string, unknown> = {},
) => ({
  entityType: 'customer' as const,
  entityId: run.customer_id,
  action: 'plan_stopped',
  changes: {
    run: run.id,
    plan: run.plan_name,
    reason,
    reason_label: planStopReasonLabels[reason],
    ...more,
    ...(actor === null && { rule: 'plan' }),
  },
});

/** One run of the daily steps at a time; the unique index is the backstop. */
const PLAN_STEPS_LOCK = 0x70_6c_61_6e;

/** The job: every running plan's steps whose day has come (the company's today). Returns how many tasks it added. */
export async function addPlanSteps(db: Db, now = new Date()): Promise<number> {
  const day = await companyDay(db, now);
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${PLAN_STEPS_LOCK})`.execute(tx);
    return addDueSteps(tx, day, null);
  });
}

type PlanToStart = { id: string; name: string; steps: PlanStep[] };

/**
 * Starts `plan` on a customer today (the company's) and adds its steps of day 0, unless they are on a plan already
 * (then null). `actor` is who started it, or null for an event.
 */
async function startRun(tx: Db, actor: Actor | null, plan: PlanToStart, customerId: string, now: Date) {
  const day = await companyDay(tx, now);
  const { rows } = await sql<{ id: string }>`
    INSERT INTO plan_runs (plan_id, plan_name, steps, customer_id, start_day, started_by)
    VALUES (${plan.id}, ${plan.name}, ${JSON.stringify(plan.steps)}::jsonb, ${customerId}, ${day.today}::date, ${actor?.userId ?? null})
    ON CONFLICT (customer_id) WHERE stopped_at IS NULL DO NOTHING
    RETURNING id`.execute(tx);
  const run = rows[0];
  if (!run) return null;
  await recordAudit(tx, actor, {
    entityType: 'customer',
    entityId: customerId,
    action: 'plan_started',
    changes: { run: run.id, plan: plan.name, steps: plan.steps.length, ...(actor === null && { rule: 'plan' }) },
  });
  await addDueSteps(tx, day, [run.id]);
  await tasksChanged(tx, await customerOwner(tx, customerId));
  return run.id;
}

/** Starts a plan on a customer the actor may see ('Start plan'); 409 while they are on one. */
export async function startPlan(db: Db, actor: Actor, customerId: string, planId: string, now = new Date()) {
  await db.transaction().execute(async (tx) => {
    await assertCustomerVisible(tx, actor, customerId);
    const plan = await tx
      .selectFrom('action_plans')
      .select(['id', 'name', 'steps', 'active'])
      .where('id', '=', planId)
      .executeTakeFirst();
    if (!plan) throw notFound('Action plan');
    if (!plan.active) throw badRequest(PLAN_INACTIVE, { plan_id: PLAN_INACTIVE });
    const started = await startRun(tx, actor, { ...plan, steps: plan.steps as PlanStep[] }, customerId, now);
    if (!started) throw conflict(PLAN_RUNNING);
  });
  return customerPlan(db, actor, customerId);
}

/**
 * The event's plan, in the event's transaction: the oldest active plan that `trigger` starts (for a lead, one of its
 * source, compared without case), unless the customer is on a plan already.
 */
export async function startPlanOn(
  tx: Db,
  trigger: Exclude<PlanTrigger, 'manual'>,
  customerId: string,
  leadSource: string | null = null,
  now = new Date(),
) {
  const plan = await tx
    .selectFrom('action_plans')
    .select(['id', 'name', 'steps'])
    .where('active', '=', true)
    .where('starts_on', '=', trigger)
    .$if(trigger === 'lead', (q) => q.where(sql`lower(lead_source)`, '=', (leadSource ?? '').toLowerCase()))
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!plan) return;
  await startRun(tx, null, { ...plan, steps: plan.steps as PlanStep[] }, customerId, now);
}

/**
 * Stops the running plans of these customers, in the transaction of what stopped them (their answer, a purchase, being
 * marked inactive, or a person), and removes the steps' tasks still open (an appointment made of one stays, as the
 * customer was invited to it). Each customer's timeline says why.
 */
export async function stopPlans(tx: Db, actor: Actor | null, customerIds: readonly string[], reason: PlanStopReason) {
  if (customerIds.length === 0) return 0;
  const { rows: stopped } = await sql<{ id: string; customer_id: string; plan_name: string }>`
    UPDATE plan_runs SET stopped_at = now(), stop_reason = ${reason}, stopped_by = ${actor?.userId ?? null}
     WHERE customer_id = ANY(${[...customerIds]}::uuid[]) AND stopped_at IS NULL
    RETURNING id, customer_id, plan_name`.execute(tx);
  if (stopped.length === 0) return 0;
  const removed = await tx
    .deleteFrom('tasks')
    .where(
      'plan_run_id',
      'in',
      stopped.map((run) => run.id),
    )
    .where('completed_at', 'is', null)
    .where('type', '<>', 'appointment')
    .returning(['plan_run_id', 'assignee_id'])
    .execute();
  await recordAudits(
    tx,
    actor,
    stopped.map((run) =>
      stoppedEntry(run, reason, actor, { removed: removed.filter((task) => task.plan_run_id === run.id).length }),
    ),
  );
  const owners = await tx
    .selectFrom('customers')
    .select('user_id')
    .where(
      'id',
      'in',
      stopped.map((run) => run.customer_id),
    )
    .execute();
  await tasksChanged(tx, ...removed.map((task) => task.assignee_id), ...owners.map((owner) => owner.user_id));
  return stopped.length;
}

/** 'Stop plan' on a customer the actor may see; 404 when none is running. */
export async function stopPlanByHand(db: Db, actor: Actor, customerId: string) {
  await db.transaction().execute(async (tx) => {
    await assertCustomerVisible(tx, actor, customerId);
    if ((await stopPlans(tx, actor, [customerId], 'by_hand')) === 0) throw notFound('Running plan');
  });
}

type RunRow = {
  id: string;
  plan_id: string | null;
  plan_name: string;
  start_day: string;
  started_at: Date;
  started_by_name: string | null;
  stopped_at: Date | null;
  stop_reason: PlanStopReason | null;
  steps_added: number;
  steps: (Omit<PlanRun['steps'][number], 'task_id' | 'done'> & { task_id: string | null; done: boolean })[];
};

/** A customer's latest plan, running or stopped, with each step's day and task; null when they were never on one. */
export async function customerPlan(db: Db, actor: Actor, customerId: string) {
  await assertCustomerVisible(db, actor, customerId);
  const { rows } = await sql<RunRow>`
    SELECT r.id, r.plan_id, r.plan_name, r.start_day::text AS start_day, r.started_at, u.name AS started_by_name,
           r.stopped_at, r.stop_reason, r.steps_added,
           (SELECT jsonb_agg(jsonb_build_object(
                     'day', (s.step ->> 'day')::int, 'type', s.step ->> 'type', 'title', s.step ->> 'title',
                     'due_date', (r.start_day + (s.step ->> 'day')::int)::text, 'added', s.n <= r.steps_added,
                     'task_id', t.id, 'done', coalesce(t.completed_at IS NOT NULL, false)) ORDER BY s.n)
              FROM jsonb_array_elements(r.steps) WITH ORDINALITY AS s(step, n)
              LEFT JOIN tasks t ON t.plan_run_id = r.id AND t.plan_step = s.n - 1) AS steps
      FROM plan_runs r
      LEFT JOIN users u ON u.id = r.started_by
     WHERE r.customer_id = ${customerId}
     ORDER BY r.started_at DESC, r.id DESC
     LIMIT 1`.execute(db);
  const run = rows[0];
  if (!run) return { run: null };
  const { steps_added, ...rest } = run;
  return { run: { ...rest, next_step: run.stopped_at === null && steps_added < run.steps.length ? steps_added : null } };
}
