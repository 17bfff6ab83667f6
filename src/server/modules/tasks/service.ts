import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Page } from '../../../shared/http/paging.js';
import {
  ALREADY_DONE,
  APPOINTMENT_IN_THE_PAST,
  OUTCOME_REQUIRED,
  outcomesFor,
  TASK_DONE_BOUND,
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
  type TaskCalendarQuery,
  type TaskType,
  type TaskUpdate,
} from '../../../shared/tasks/schemas.js';
import { appointmentMailVerdict } from '../../../shared/tasks/appointment-mail.js';
import type { Task, TaskSummary } from '../../../shared/tasks/types.js';
import type { Actor } from '../../auth/actor.js';
import { hasRole, inventoryVisibleTo, seesAll, visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, staleWrite } from '../../http/errors.js';
import { cursorValue, decodeCursor, pageOf } from '../../http/paging.js';
import type { Matches, Wire } from '../../http/wire.js';
import { publishChange } from '../../realtime/publish.js';
import type { Mailer } from '../../mail/mailer.js';
import { businessClock, clockIn, type BusinessClock } from '../../platform/time.js';
import { dueKey, lateOf, taskClock, viewOf, type TaskClock } from '../../platform/task-due.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import { notify } from '../../platform/notifications.js';
import { getSetting } from '../../platform/settings.js';
import { appointmentMail, type InviteMethod } from './invitation.js';
import { isUniqueViolation } from '../../db/errors.js';
import { executePrepared } from '../../db/prepared-statements.js';

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

/** The linked vehicle (`v`) as '2022 Toyota Camry', or null without one. */
const vehicleName = sql<string | null>`CASE WHEN v.id IS NULL THEN NULL ELSE concat_ws(' ', v.year, v.make, v.model) END`;

function selectTasks(db: Db, actor: Actor, at: TaskClock) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .innerJoin('users as a', 'a.id', 't.assignee_id')
    .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .selectAll('t')
    .select([
      'c.name as customer_name',
      'a.name as assignee_name',
      vehicleName.as('vehicle_name'),
      viewOf(at.today).as('view'),
      lateOf(at).as('late'),
    ])
    .where(taskVisible(actor, 't'));
}

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['executeTakeFirstOrThrow']>>;

/** A row as the API sends it: the local time as HH:MM. */
const toTask = ({
  customer_reminded_at: _customer,
  agent_reminded_at: _agent,
  invite_mailbox_id: _mailbox,
  ...row
}: TaskRow) => ({
  ...row,
  due_time: row.due_time?.slice(0, 5) ?? null,
});
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
  const at = taskClock(await businessClock(db, now), now);
  const { today } = at;
  let q = filtered(selectTasks(db, actor, at), actor, query);
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
  const section = q
    .orderBy('t.due_date')
    .orderBy(sql`coalesce(t.due_time, '24:00'::time)`)
    .orderBy('t.id')
    .limit(sql.lit(query.limit + 1));
  // A section of one's own open tasks, as My Tasks opens, is planned once per connection; the team's or a customer's
  // each time, as who may see which changes their best plan.
  const own = (query.assignee ?? 'me') === 'me' && !query.customer;
  const rows = own ? await executePrepared(db, section) : await section.execute();
  return pageOf(rows.map(toTask), query.limit, (row) => [row.due_date, row.due_time ? `${row.due_time}:00` : '24:00:00', row.id]);
}

/** How many tasks the calendar shows of one range at most. */
export const CALENDAR_LIMIT = 2000;

/** The calendar: the tasks of a range of days, open and done, as the actor sees them, by day and time. */
export async function calendarTasks(
  db: Db,
  actor: Actor,
  query: TaskCalendarQuery,
  now = new Date(),
): Promise<{ items: TaskRecord[]; truncated: boolean }> {
  const rows = await filtered(selectTasks(db, actor, taskClock(await businessClock(db, now), now)), actor, query)
    .where('t.due_date', '>=', query.from)
    .where('t.due_date', '<=', query.to)
    .orderBy('t.due_date')
    .orderBy(sql`coalesce(t.due_time, '24:00'::time)`)
    .orderBy('t.id')
    .limit(CALENDAR_LIMIT + 1)
    .execute();
  return { items: rows.slice(0, CALENDAR_LIMIT).map(toTask), truncated: rows.length > CALENDAR_LIMIT };
}

const isTimeKey = (value: unknown): value is string =>
  typeof value === 'string' && /^(([01]\d|2[0-3]):[0-5]\d:[0-5]\d|24:00:00)$/.test(value);

/**
 * How many tasks each section of My Tasks holds for the same filter, counted against the company's today: the open
 * ones exactly (read from the open tasks' partial indexes), the done ones up to `TASK_DONE_BOUND` (years of them
 * would be counted on every visit; the list pages through them all).
 */
export async function summarizeTasks(db: Db, actor: Actor, filter: TaskFilter, now = new Date()): Promise<TaskSummary> {
  const { today } = await businessClock(db, now);
  const assignee = filter.assignee ?? 'me';
  const whose = (q: SelectQueryBuilder<DB & { t: DB['tasks'] }, 't', object>) => {
    let scoped = q;
    // One's own tasks are always visible: the rule is only asked of someone else's, or everyone's.
    if (assignee !== 'me') scoped = scoped.where(taskVisible(actor, 't'));
    if (assignee !== 'all') scoped = scoped.where('t.assignee_id', '=', assignee === 'me' ? actor.userId : assignee);
    if (filter.customer) scoped = scoped.where('t.customer_id', '=', filter.customer);
    return scoped;
  };
  const open = await whose(db.selectFrom('tasks as t').where('t.completed_at', 'is', null))
    .select([
      sql<number>`count(*) FILTER (WHERE t.due_date < ${today}::date)::int`.as('overdue'),
      sql<number>`count(*) FILTER (WHERE t.due_date = ${today}::date)::int`.as('due_today'),
      sql<number>`count(*) FILTER (WHERE t.due_date > ${today}::date)::int`.as('upcoming'),
    ])
    .executeTakeFirstOrThrow();
  const { done } = await db
    .selectFrom(
      whose(db.selectFrom('tasks as t').where('t.completed_at', 'is not', null))
        .select(sql`1`.as('one'))
        .limit(TASK_DONE_BOUND + 1)
        .as('d'),
    )
    .select(sql<number>`count(*)::int`.as('done'))
    .executeTakeFirstOrThrow();
  return { today, ...open, done: Math.min(done, TASK_DONE_BOUND), done_capped: done > TASK_DONE_BOUND };
}

/** A task the actor may see, or 404 (another agent's task looks exactly like a missing one). */
export async function getTask(db: Db, actor: Actor, id: string, now = new Date()): Promise<TaskRecord> {
  const row = await selectTasks(db, actor, taskClock(await businessClock(db, now), now))
    .where('t.id', '=', id)
    .executeTakeFirst();
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
      .where(inventoryVisibleTo(actor, 'vehicles.user_id'))
      .executeTakeFirst();
    if (!vehicle) throw badRequest('Vehicle not found', { vehicle_id: 'Vehicle not found' });
  }
}

const refuseThePast = (dueDate: string, today: string) => {
  if (dueDate < today) throw badRequest(DUE_IN_THE_PAST, { due_date: DUE_IN_THE_PAST });
};

type Timed = { type: string; due_date: string; due_time: string | null };

/** An appointment's start: its day and local time in the company's zone. */
const startOf = (task: Timed & { due_time: string }, clock: BusinessClock) => {
  const [hour, minute] = task.due_time.split(':').map(Number) as [number, number];
  return clock.at(task.due_date, hour, minute);
};

/** A new appointment, or one moved, starts from now on. */
const refuseAPastStart = (task: Timed, clock: BusinessClock, now: Date) => {
  if (task.type === 'appointment' && task.due_time && startOf({ ...task, due_time: task.due_time }, clock) < now)
    throw badRequest(APPOINTMENT_IN_THE_PAST, { due_time: APPOINTMENT_IN_THE_PAST });
};

/** What an appointment's customer sees of it; a change to one of these is sent to them. */
const seenByTheCustomer = ['due_date', 'due_time', 'duration_minutes', 'place', 'vehicle_id', 'assignee_id'] as const;

type CalendarState = Pick<
  Row<'tasks'>,
  'type' | 'invite_customer' | 'invitation' | 'completed_at' | 'outcome' | (typeof seenByTheCustomer)[number]
>;

/**
 * What the customer's calendar is told after a change of a task: the invitation (or its change), its cancellation, or
 * nothing. An open appointment they are invited to is sent when they were not told of it yet, or when what they see
 * changed; one they were told of is cancelled when it stops being such (called off, no longer an appointment, the
 * invitation turned off, removed while open). One done as it happened (showed, no-show, sold) is told nothing more.
 */
export function calendarStep(before: CalendarState | null, after: CalendarState | null): InviteMethod | null {
  const told = before?.invitation === 'sent';
  // A time read from the table has seconds ('10:00:00'), one from a form has none.
  const seen = (task: CalendarState | null, field: (typeof seenByTheCustomer)[number]) =>
    field === 'due_time' ? String(task?.due_time ?? '').slice(0, 5) : String(task?.[field]);
  if (after && after.type === 'appointment' && after.invite_customer && after.completed_at === null)
    return !told || seenByTheCustomer.some((field) => seen(before, field) !== seen(after, field)) ? 'REQUEST' : null;
  if (!told) return null;
  if (after === null) return before.completed_at === null ? 'CANCEL' : null;
  return after.completed_at !== null && after.outcome !== 'cancelled' ? null : 'CANCEL';
}

/**
 * The mailbox the customer's answer to an invitation reaches, named as its ORGANIZER: the salesperson's own connected
 * mailbox, else the company's; null when Torque reads neither (then no answer is asked).
 */
async function organizerMailbox(tx: Db, assigneeId: string) {
  return (
    (await tx
      .selectFrom('mailboxes')
      .select(['id', 'address', 'user_id'])
      .where((eb) => eb.or([eb('user_id', '=', assigneeId), eb('user_id', 'is', null)]))
      // The salesperson's own first (a NULL owner sorts last).
      .orderBy('user_id')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/**
 * Sends the customer the appointment's invitation, change or cancellation through the outbox, in the change's
 * transaction, written from the task's row as it is: one UID per appointment, the SEQUENCE raised with every message
 * after the first. Without a usable address, or for an appointment whose start has passed, the customer is sent
 * nothing (a cancellation still counts as told).
 */
async function tellCustomer(
  tx: Transaction<DB>,
  mailer: Mailer,
  actor: Actor,
  id: string,
  method: InviteMethod,
  now = new Date(),
) {
  const company = await getSetting(tx, 'company');
  const clock = clockIn(company.time_zone, now);
  const row = await tx
    .selectFrom('tasks as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .innerJoin('users as a', 'a.id', 't.assignee_id')
    .leftJoin('vehicles as v', 'v.id', 't.vehicle_id')
    .select([
      't.id',
      't.type',
      't.customer_id',
      't.due_date',
      't.due_time',
      't.duration_minutes',
      't.place',
      't.invitation',
      't.invite_sequence',
      'c.name as customer_name',
      'c.email as customer_email',
      't.assignee_id',
      'a.name as agent_name',
      vehicleName.as('vehicle'),
    ])
    .where('t.id', '=', id)
    .executeTakeFirstOrThrow();
  const sequence = row.invitation === null ? row.invite_sequence : row.invite_sequence + 1;
  const start = row.due_time ? startOf({ ...row, due_time: row.due_time }, clock) : null;
  // The invitation's own messages: `calendarStep` has decided the step, the one rule decides whether mail may go.
  const mailable = appointmentMailVerdict({ invite_customer: true }, row.customer_email) === 'sent';
  const mailbox = await organizerMailbox(tx, row.assignee_id);
  if (mailable && row.customer_email && start && start > now && row.duration_minutes) {
    const invite = {
      id: row.id,
      start,
      minutes: row.duration_minutes,
      place: row.place,
      vehicle: row.vehicle,
      sequence,
      customer: { name: row.customer_name, email: row.customer_email },
      agent: { name: row.agent_name },
      organizer: { name: row.agent_name, email: mailbox?.address ?? mailer.sender, mailboxId: mailbox?.id ?? null },
      company: { name: company.name, address: company.address, phone: company.phone, timeZone: clock.timeZone },
    };
    await mailer.queue(tx, appointmentMail(invite, method, row.invitation === null), actor.userId);
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: row.customer_id,
      action: 'appointment_invitation',
      changes: {
        task: id,
        method,
        sequence,
        to: row.customer_email,
        start: invite.start.toISOString(),
        organizer: invite.organizer.email,
        rsvp: invite.organizer.mailboxId !== null,
      },
    });
  } else if (method === 'REQUEST') return;
  await tx
    .updateTable('tasks')
    .set({
      invitation: method === 'CANCEL' ? 'cancelled' : 'sent',
      invite_sequence: sequence,
      invited_at: sql<Date>`now()`,
      invite_mailbox_id: mailbox?.id ?? null,
      // A new request asks again (its SEQUENCE is higher, RFC 5545 §3.8.7.4); a cancellation keeps the last answer.
      ...(method === 'REQUEST' ? { customer_answer: null, customer_answered_at: null } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Tells the person a task was given to by someone else (`notify` never tells the actor of their own step). */
async function tellAssignee(
  tx: Db,
  actor: Actor,
  task: { id: string; assignee_id: string; customer_id: string; type: TaskType; title: string; due_date: string },
) {
  await notify(tx, actor, {
    event: 'task_assigned',
    ownerIds: [task.assignee_id],
    title: `${actor.name} gave you a task: ${task.title}`,
    content: `${taskTypeLabels[task.type]}, due ${task.due_date}`,
    link: `/customers/${task.customer_id}`,
  });
}

/** Tells the customer what `calendarStep` says the change from `before` to the task as it is now calls for. */
async function syncCalendar(tx: Transaction<DB>, mailer: Mailer, actor: Actor, id: string, before: CalendarState | null) {
  const after = await tx.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  const method = calendarStep(before, after ?? null);
  if (method) await tellCustomer(tx, mailer, actor, id, method);
}

/** Tells the tabs of the task's assignees and of its customer's agent that their tasks changed. */
export async function tasksChanged(tx: Db, ...owners: (string | null | undefined)[]) {
  await publishChange(tx, 'tasks', owners);
}

/** Whose customer this is: the agent whose tabs hear of a change to the customer's tasks. */
export const customerOwner = async (tx: Db, customerId: string) =>
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

export async function createTask(db: Db, mailer: Mailer, actor: Actor, input: TaskInput, now = new Date()): Promise<TaskRecord> {
  const clock = await businessClock(db, now);
  refuseThePast(input.due_date, clock.today);
  refuseAPastStart(input, clock, now);
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
    await syncCalendar(tx, mailer, actor, id, null);
    await tellAssignee(tx, actor, { ...input, id, assignee_id: assignee });
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

export async function updateTask(
  db: Db,
  mailer: Mailer,
  actor: Actor,
  id: string,
  input: TaskUpdate,
  now = new Date(),
): Promise<TaskRecord> {
  const { updated_at: loadedAt, ...fields } = input;
  const clock = await businessClock(db, now);
  await db.transaction().execute(async (tx) => {
    const before = await lockTask(tx, actor, id);
    if (Date.parse(loadedAt) !== before.updated_at.getTime()) throw staleWrite();
    if (fields.due_date !== before.due_date) refuseThePast(fields.due_date, clock.today);
    const moved = fields.due_date !== before.due_date || fields.due_time !== (before.due_time?.slice(0, 5) ?? null);
    if (moved || fields.type !== before.type) refuseAPastStart(fields, clock, now);
    const assignee = await resolveAssignee(tx, actor, fields.assignee_id, before.assignee_id);
    await assertLinks(tx, actor, before.customer_id, fields);
    const values = {
      ...fields,
      assignee_id: assignee,
      // Left out of the edit, an appointment's invitation stays as it was.
      invite_customer: fields.invite_customer ?? (fields.type === 'appointment' && before.invite_customer),
    };
    const changes = changedFields({ ...before, due_time: before.due_time?.slice(0, 5) ?? null }, values);
    if (Object.keys(changes).length === 0) return;
    // A cancellation is written from the appointment as it was (it may be a call by now); an invitation or a change
    // from the task as it becomes.
    const step = calendarStep(before, { ...before, ...values });
    if (step === 'CANCEL') await tellCustomer(tx, mailer, actor, id, 'CANCEL', now);
    await tx
      .updateTable('tasks')
      .set({
        ...values,
        // A moved task is reminded of again before its new time; a task given to someone else reminds them.
        ...(moved ? { customer_reminded_at: null, agent_reminded_at: null } : {}),
        ...(assignee !== before.assignee_id ? { agent_reminded_at: null } : {}),
        updated_at: touched,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: before.customer_id,
      action: 'task_updated',
      changes: { task: id, title: fields.title, changes },
    });
    if (step === 'REQUEST') await tellCustomer(tx, mailer, actor, id, 'REQUEST', now);
    if (assignee !== before.assignee_id) await tellAssignee(tx, actor, { ...before, ...values });
    await tasksChanged(tx, before.assignee_id, assignee, await customerOwner(tx, before.customer_id));
  });
  return getTask(db, actor, id, now);
}

/** 'Complete': the task is done, and how it went is written on the customer's timeline. */
export async function completeTask(db: Db, mailer: Mailer, actor: Actor, id: string, input: TaskCompletion): Promise<TaskRecord> {
  await db.transaction().execute(async (tx) => {
    const task = await lockTask(tx, actor, id);
    if (task.completed_at) throw conflict(ALREADY_DONE);
    if (!outcomesFor(task.type).includes(input.outcome)) throw badRequest(OUTCOME_REQUIRED, { outcome: OUTCOME_REQUIRED });
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
    await syncCalendar(tx, mailer, actor, id, task);
  });
  return getTask(db, actor, id);
}

/** A done task open again (completed by mistake); its outcome is cleared, the timeline keeps both steps. */
export async function reopenTask(db: Db, mailer: Mailer, actor: Actor, id: string): Promise<TaskRecord> {
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
        throw isUniqueViolation(error) ? conflict(FOLLOW_UP_OPEN) : error;
      });
    await recordTaskStep(tx, actor, task, 'task_reopened', { task: id, title: task.title });
    await syncCalendar(tx, mailer, actor, id, task);
  });
  return getTask(db, actor, id);
}

export async function deleteTask(db: Db, mailer: Mailer, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const task = await lockTask(tx, actor, id);
    // The customer is told before the row goes: the cancellation is written from it.
    if (calendarStep(task, null)) await tellCustomer(tx, mailer, actor, id, 'CANCEL');
    await tx.deleteFrom('tasks').where('id', '=', id).execute();
    await recordTaskStep(tx, actor, task, 'task_removed', { task: id, title: task.title });
  });
}
