import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../../shared/http/paging.js';
import {
  ALREADY_DONE,
  ASSIGN_TO_OTHERS,
  DUE_IN_THE_PAST,
  FOLLOW_UP_OPEN,
  LINK_OF_ANOTHER_CUSTOMER,
  NOT_DONE,
  taskOutcomeLabels,
  taskTypeLabels,
  UNKNOWN_ASSIGNEE,
  type TaskCompletion,
  type TaskFilter,
  type TaskInput,
  type TaskListQuery,
  type TaskUpdate,
  type TaskView,
} from '../../../shared/tasks/schemas.js';
import type { Task, TaskSummary } from '../../../shared/tasks/types.js';
import type { Actor } from '../../auth/actor.js';
import { hasRole, seesAll, visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, staleWrite } from '../../http/errors.js';
import { cursorValue, decodeCursor, pageOf } from '../../http/paging.js';
import type { Matches, Wire } from '../../http/wire.js';
import { publishChange } from '../../realtime/publish.js';
import { businessClock } from '../../time.js';
import { changedFields, recordAudit } from '../audit/service.js';

type Db = Kysely<DB>;

/**
 * Who sees a task (`task` names its row): admins and editors every one; an agent those given to them and those on
 * their own customers. My Tasks, the customer page and the full export read through this one rule.
 */
export const taskVisible = (actor: Actor, task: string): RawBuilder<SqlBool> =>
  seesAll(actor)
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(${visibleTo(actor, `${task}.assignee_id`)} OR EXISTS (
        SELECT 1 FROM customers tc WHERE tc.id = ${sql.ref(`${task}.customer_id`)} AND ${visibleTo(actor, 'tc.user_id')}))`;

/** The section of My Tasks a task is in on `today` (the company's): done, or open and due before, on or after it. */
export const viewOf = (today: string) => sql<TaskView>`CASE
  WHEN t.completed_at IS NOT NULL THEN 'done'
  WHEN t.due_date < ${today}::date THEN 'overdue'
  WHEN t.due_date = ${today}::date THEN 'today'
  ELSE 'upcoming' END`;

/** Open tasks run by day, then time; those due at any time of the day come after the timed ones. */
export const dueKey = sql`(t.due_date, coalesce(t.due_time, '24:00'::time), t.id)`;

function selectTasks(db: Db, actor: Actor, today: string) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .innerJoin('users as a', 'a.id', 't.assignee_id')
    .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .selectAll('t')
    .select([
      'c.name as customer_name',
      'a.name as assignee_name',
      sql<string | null>`CASE WHEN v.id IS NULL THEN NULL ELSE concat_ws(' ', v.year, v.make, v.model) END`.as('vehicle_name'),
      viewOf(today).as('view'),
    ])
    .where(taskVisible(actor, 't'));
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

/** A row as the API sends it: the local time as HH:MM. */
const toTask = (row: TaskRow) => ({ ...row, due_time: row.due_time?.slice(0, 5) ?? null });
export type TaskRecord = ReturnType<typeof toTask>;

// The task the API sends is exactly this record as JSON; a column added to one only fails the typecheck.
const _taskIsRecord: Matches<Wire<TaskRecord>, Task> = true;
void _taskIsRecord;

/** Whose tasks a filter names: the caller's own by default, everyone's they may see, or one user's. */
function filtered<Q extends ReturnType<typeof selectTasks>>(query: Q, actor: Actor, filter: TaskFilter): Q {
  const assignee = filter.assignee ?? 'me';
  let q = query;
  if (assignee !== 'all') q = q.where('t.assignee_id', '=', assignee === 'me' ? actor.userId : assignee) as Q;
  if (filter.customer) q = q.where('t.customer_id', '=', filter.customer) as Q;
  return q;
}

/**
 * One section of My Tasks (or every open task), a page at a time: open ones by when they are due, done ones newest first.
 */
export async function listTasks(db: Db, actor: Actor, query: TaskListQuery, now = new Date()): Promise<Page<TaskRecord>> {
  const { today } = await businessClock(db, now);
  let q = filtered(selectTasks(db, actor, today), actor, query);
  if (query.view === 'done') {
    const cursor = decodeCursor(query.cursor, 2);
    if (cursor && !(cursorValue.moment(cursor[0]) && cursorValue.uuid(cursor[1]))) throw badRequest('Invalid cursor');
    q = q.where('t.completed_at', 'is not', null);
    if (cursor) q = q.where(sql<SqlBool>`(t.completed_at, t.id) < (${cursor[0]}::timestamptz, ${cursor[1]}::uuid)`);
    const rows = await q
      .orderBy('t.completed_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(query.limit + 1)
      .execute();
    return pageOf(rows.map(toTask), query.limit, (row) => [row.completed_at!.toISOString(), row.id]);
  }
  const cursor = decodeCursor(query.cursor, 3);
  if (cursor && !(cursorValue.day(cursor[0]) && isTimeKey(cursor[1]) && cursorValue.uuid(cursor[2])))
    throw badRequest('Invalid cursor');
  q = q.where('t.completed_at', 'is', null);
  if (query.view === 'overdue') q = q.where(sql<SqlBool>`t.due_date < ${today}::date`);
  else if (query.view === 'today') q = q.where(sql<SqlBool>`t.due_date = ${today}::date`);
  else if (query.view === 'upcoming') q = q.where(sql<SqlBool>`t.due_date > ${today}::date`);
  else if (query.view === 'due') q = q.where(sql<SqlBool>`t.due_date <= ${today}::date`);
  if (cursor) q = q.where(sql<SqlBool>`${dueKey} > (${cursor[0]}::date, ${cursor[1]}::time, ${cursor[2]}::uuid)`);
  const rows = await q
    .orderBy('t.due_date')
    .orderBy(sql`coalesce(t.due_time, '24:00'::time)`)
    .orderBy('t.id')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows.map(toTask), query.limit, (row) => [row.due_date, row.due_time ? `${row.due_time}:00` : '24:00:00', row.id]);
}

const isTimeKey = (value: unknown): value is string =>
  typeof value === 'string' && /^(([01]\d|2[0-3]):[0-5]\d:[0-5]\d|24:00:00)$/.test(value);

/** How many tasks each section of My Tasks holds for the same filter, counted against the company's today. */
export async function summarizeTasks(db: Db, actor: Actor, filter: TaskFilter, now = new Date()): Promise<TaskSummary> {
  const { today } = await businessClock(db, now);
  let q = db
    .selectFrom('tasks as t')
    .where(taskVisible(actor, 't'))
    .select([
      sql<number>`count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date < ${today}::date)::int`.as('overdue'),
      sql<number>`count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date = ${today}::date)::int`.as('due_today'),
      sql<number>`count(*) FILTER (WHERE t.completed_at IS NULL AND t.due_date > ${today}::date)::int`.as('upcoming'),
      sql<number>`count(*) FILTER (WHERE t.completed_at IS NOT NULL)::int`.as('done'),
    ]);
  const assignee = filter.assignee ?? 'me';
  if (assignee !== 'all') q = q.where('t.assignee_id', '=', assignee === 'me' ? actor.userId : assignee);
  if (filter.customer) q = q.where('t.customer_id', '=', filter.customer);
  return { today, ...(await q.executeTakeFirstOrThrow()) };
}

/** A task the actor may see, or 404 (another agent's task looks exactly like a missing one). */
export async function getTask(db: Db, actor: Actor, id: string, now = new Date()): Promise<TaskRecord> {
  const { today } = await businessClock(db, now);
  const row = await selectTasks(db, actor, today).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Task');
  return toTask(row);
}

/**
 * Whom a task goes to: the person adding it unless they name someone. Agents give tasks only to themselves (or leave
 * the one it has); admins and editors to any active user.
 */
async function resolveAssignee(db: Db, actor: Actor, requested: string | null, current: string | null = null) {
  const id = requested ?? current ?? actor.userId;
  if (id !== actor.userId && id !== current && !hasRole(actor, 'editor')) throw forbidden(ASSIGN_TO_OTHERS);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where((eb) => eb.or([eb('banned', 'is', null), eb('banned', '=', false)]))
    .executeTakeFirst();
  if (!user) throw badRequest(UNKNOWN_ASSIGNEE, { assignee_id: UNKNOWN_ASSIGNEE });
  return id;
}

type Links = Pick<TaskInput, 'deal_id' | 'lead_id' | 'vehicle_id'>;

/** A task's deal and lead are its customer's; its vehicle one the actor may see. */
async function assertLinks(db: Db, actor: Actor, customerId: string, links: Links) {
  for (const [field, table] of [
    ['deal_id', 'deals'],
    ['lead_id', 'leads'],
  ] as const) {
    const id = links[field];
    if (!id) continue;
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!row) throw badRequest(LINK_OF_ANOTHER_CUSTOMER[field], { [field]: LINK_OF_ANOTHER_CUSTOMER[field] });
  }
  if (links.vehicle_id) {
    const vehicle = await db
      .selectFrom('vehicles')
      .select('id')
      .where('id', '=', links.vehicle_id)
      .where(visibleTo(actor, 'vehicles.user_id'))
      .executeTakeFirst();
    if (!vehicle) throw badRequest('Vehicle not found', { vehicle_id: 'Vehicle not found' });
  }
}

const refuseThePast = (dueDate: string, today: string) => {
  if (dueDate < today) throw badRequest(DUE_IN_THE_PAST, { due_date: DUE_IN_THE_PAST });
};

/** Tells the tabs of the task's assignees and of its customer's agent that their tasks changed. */
export async function tasksChanged(tx: Db, ...owners: (string | null | undefined)[]) {
  await publishChange(tx, 'tasks', owners);
}

const customerOwner = async (tx: Db, customerId: string) =>
  (await tx.selectFrom('customers').select('user_id').where('id', '=', customerId).executeTakeFirstOrThrow()).user_id;

/**
 * A step of an existing task (completed, reopened, removed): written on its customer's timeline, and the tabs of its
 * assignee and of the customer's agent told their tasks changed.
 */
export async function recordTaskStep(
  tx: Db,
  actor: Actor,
  task: { customer_id: string; assignee_id: string },
  action: string,
  changes: Record<string, unknown>,
) {
  await recordAudit(tx, actor, { entityType: 'customer', entityId: task.customer_id, action, changes });
  await tasksChanged(tx, task.assignee_id, await customerOwner(tx, task.customer_id));
}

export async function createTask(db: Db, actor: Actor, input: TaskInput, now = new Date()): Promise<TaskRecord> {
  const { today } = await businessClock(db, now);
  refuseThePast(input.due_date, today);
  const id = await db.transaction().execute(async (tx) => {
    const customer = await tx
      .selectFrom('customers')
      .select(['id', 'user_id'])
      .where('id', '=', input.customer_id)
      .where(visibleTo(actor, 'customers.user_id'))
      .executeTakeFirst();
    if (!customer) throw notFound('Customer');
    const assignee = await resolveAssignee(tx, actor, input.assignee_id);
    await assertLinks(tx, actor, customer.id, input);
    const { id } = await tx
      .insertInto('tasks')
      .values({ ...input, assignee_id: assignee, created_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: customer.id,
      action: 'task_added',
      changes: { task: id, type: input.type, label: taskTypeLabels[input.type], title: input.title, due_date: input.due_date },
    });
    await tasksChanged(tx, assignee, customer.user_id);
    return id;
  });
  return getTask(db, actor, id, now);
}

/** The task locked for a change, if the actor may see it; 404 otherwise. */
async function lockTask(tx: Db, actor: Actor, id: string) {
  const task = await tx
    .selectFrom('tasks as t')
    .selectAll('t')
    .where('t.id', '=', id)
    .where(taskVisible(actor, 't'))
    .forUpdate()
    .executeTakeFirst();
  if (!task) throw notFound('Task');
  return task;
}

const touched = sql<Date>`greatest(now(), tasks.updated_at + interval '1 millisecond')`;

export async function updateTask(db: Db, actor: Actor, id: string, input: TaskUpdate, now = new Date()): Promise<TaskRecord> {
  const { updated_at: loadedAt, ...fields } = input;
  const { today } = await businessClock(db, now);
  await db.transaction().execute(async (tx) => {
    const before = await lockTask(tx, actor, id);
    if (Date.parse(loadedAt) !== before.updated_at.getTime()) throw staleWrite();
    if (fields.due_date !== before.due_date) refuseThePast(fields.due_date, today);
    const assignee = await resolveAssignee(tx, actor, fields.assignee_id, before.assignee_id);
    await assertLinks(tx, actor, before.customer_id, fields);
    const values = { ...fields, assignee_id: assignee };
    const changes = changedFields({ ...before, due_time: before.due_time?.slice(0, 5) ?? null }, values);
    if (Object.keys(changes).length === 0) return;
    await tx
      .updateTable('tasks')
      .set({ ...values, updated_at: touched })
      .where('id', '=', id)
      .execute();
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: before.customer_id,
      action: 'task_updated',
      changes: { task: id, title: fields.title, changes },
    });
    await tasksChanged(tx, before.assignee_id, assignee, await customerOwner(tx, before.customer_id));
  });
  return getTask(db, actor, id, now);
}

/** 'Complete': the task is done, and how it went is written on the customer's timeline. */
export async function completeTask(db: Db, actor: Actor, id: string, input: TaskCompletion): Promise<TaskRecord> {
  await db.transaction().execute(async (tx) => {
    const task = await lockTask(tx, actor, id);
    if (task.completed_at) throw conflict(ALREADY_DONE);
    await tx
      .updateTable('tasks')
      .set({
        completed_at: sql<Date>`now()`,
        completed_by: actor.userId,
        outcome: input.outcome,
        outcome_note: input.outcome_note,
        updated_at: touched,
      })
      .where('id', '=', id)
      .execute();
    await recordTaskStep(tx, actor, task, 'task_completed', {
      task: id,
      type: task.type,
      label: taskTypeLabels[task.type],
      title: task.title,
      outcome: input.outcome,
      outcome_label: taskOutcomeLabels[input.outcome],
      note: input.outcome_note,
    });
  });
  return getTask(db, actor, id);
}

/** A done task open again (completed by mistake); its outcome is cleared, the timeline keeps both steps. */
export async function reopenTask(db: Db, actor: Actor, id: string): Promise<TaskRecord> {
  await db.transaction().execute(async (tx) => {
    const task = await lockTask(tx, actor, id);
    if (!task.completed_at) throw conflict(NOT_DONE);
    await tx
      .updateTable('tasks')
      .set({ completed_at: null, completed_by: null, outcome: null, outcome_note: null, updated_at: touched })
      .where('id', '=', id)
      .execute()
      .catch((error: unknown) => {
        // A customer has one open follow-up at a time (migration 032); the rule may have added another since.
        throw (error as { code?: string }).code === '23505' ? conflict(FOLLOW_UP_OPEN) : error;
      });
    await recordTaskStep(tx, actor, task, 'task_reopened', { task: id, title: task.title });
  });
  return getTask(db, actor, id);
}

export async function deleteTask(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const task = await lockTask(tx, actor, id);
    await tx.deleteFrom('tasks').where('id', '=', id).execute();
    await recordTaskStep(tx, actor, task, 'task_removed', { task: id, title: task.title });
  });
}
