import { sql, type Kysely } from 'kysely';
import { addDays } from '../../../shared/common/time.js';
import { firstAnswerLabels } from '../../../shared/leads/schemas.js';
import {
  TASK_TITLE_MAX,
  taskOutcomeLabels,
  taskRuleLabels,
  taskTypeLabels,
  type TaskRule,
  type TaskType,
} from '../../../shared/tasks/schemas.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { businessClock, clockIn, type BusinessClock } from '../../platform/time.js';
import { recordAudits } from '../../platform/audit.js';
import { getSettings } from '../../platform/settings.js';
import { recordTaskStep, tasksChanged } from './service.js';

/*
 * The tasks Torque adds by itself, each by a rule of Settings → CRM that admins can turn off (the README's Rules). Each
 * insert is set-based and ends in ON CONFLICT DO NOTHING: migration 032's unique indexes make "exactly one" hold
 * however many processes run a rule at once.
 */

type Db = Kysely<DB>;

/** A task a rule added, as the insert returns it. */
export type RuleAdded = {
  id: string;
  customer_id: string;
  assignee_id: string;
  type: TaskType;
  title: string;
  due_date: string;
  rule: TaskRule;
  rule_day: number | null;
};
const addedColumns = sql`id, customer_id, assignee_id, type, title, due_date::text AS due_date, rule, rule_day`;

/** The timeline entries that are a contact with the customer; the follow-up rule counts from the latest of them. */
export const contactActions = ['email_sent', 'offer_sent', 'contact_logged', 'email_received', 'task_completed'] as const;

/** A title within the task form's limit, so a rule's task can be edited as it is. */
const titled = (title: string) => (title.length > TASK_TITLE_MAX ? `${title.slice(0, TASK_TITLE_MAX - 1)}…` : title);

/** A task a rule added, as Torque's `task_added` entry on its customer's timeline, naming the rule (and `more`). */
export const ruleAddedEntry = (task: Omit<RuleAdded, 'assignee_id' | 'rule_day'>, more: Record<string, unknown> = {}) => ({
  entityType: 'customer' as const,
  entityId: task.customer_id,
  action: 'task_added',
  changes: {
    task: task.id,
    type: task.type,
    label: taskTypeLabels[task.type],
    title: task.title,
    due_date: task.due_date,
    rule: task.rule,
    rule_label: taskRuleLabels[task.rule],
    ...more,
  },
});

/**
 * What a rule added, written on each customer's timeline as Torque's step (`task_added`, naming the rule) and told to
 * the tabs of the assignees and of the customers' agents.
 */
async function recordAdded(tx: Db, added: RuleAdded[], owners: (string | null)[] = []) {
  if (added.length === 0) return;
  await recordAudits(
    tx,
    null,
    added.map((task) => ruleAddedEntry(task)),
  );
  await tasksChanged(tx, ...added.map((task) => task.assignee_id), ...owners);
}

/** One run of the follow-up rule at a time; the unique index is the backstop. */
const FOLLOW_UP_LOCK = 0x66_6f_6c_6c;

/**
 * Customers the follow-up rule reads per transaction. The first run on a database with years of idle customers (after
 * an upgrade, or an import) adds their tasks a batch at a time: each batch commits, and reaches the agents' tabs, on
 * its own, and no transaction holds more than this many new tasks and timeline entries.
 */
export const FOLLOW_UP_BATCH = 5000;

/**
 * The follow-ups one agent is given a day at most: the rest go on the next working days, so forty idle customers
 * found at once make a week of calls, not a wall of forty on today's calendar.
 */
export const FOLLOW_UPS_PER_DAY = 5;
/** The day of the week a follow-up is never due on (ISO: 7 is Sunday), when the showroom is closed. */
export const FOLLOW_UP_DAY_OFF = 7;

/**
 * The follow-up rule: a customer with no open task and no contact (`contactActions`) for the follow-up reminder's days
 * (Settings → CRM) gets a call for their agent, due today in the company's time zone, or on the next working day
 * with room once the agent has `FOLLOW_UPS_PER_DAY` open follow-ups on a day. A customer contacted on day D is due on
 * D + N at the earliest; one added on day D and never contacted, likewise. Inactive customers and those of a
 * deactivated agent get none. One statement per batch of customers (by id); returns how many tasks it added.
 */
export async function followUpIdleCustomers(db: Db, now = new Date(), batch = FOLLOW_UP_BATCH): Promise<number> {
  const { crm, company } = await getSettings(db);
  if (!crm.follow_up_rule) return 0;
  const clock = clockIn(company.time_zone, now);
  const days = crm.follow_up_days;
  // Contact from the first moment of this day on keeps a customer off today's list.
  const since = clock.startOf(addDays(clock.today, 1 - days));
  const title = `Follow up: no contact for ${days} ${days === 1 ? 'day' : 'days'}`;
  let added = 0;
  for (let after: string | null = null; ;) {
    const step: { added: number; last: string | null; full: boolean } = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${FOLLOW_UP_LOCK})`.execute(tx);
      const { rows } = await sql<RuleAdded & { last: string | null; size: number }>`
        WITH due AS (
          SELECT c.id, c.user_id
            FROM customers c
            JOIN users u ON u.id = c.user_id AND u.banned IS NOT TRUE
           WHERE c.status <> 'inactive' AND c.created_at < ${since}
             ${after === null ? sql`` : sql`AND c.id > ${after}::uuid`}
             AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.customer_id = c.id AND t.completed_at IS NULL)
             AND NOT EXISTS (
                   SELECT 1 FROM audit_log a
                    WHERE a.entity_type = 'customer' AND a.entity_id = c.id
                      AND a.action IN (${sql.join(contactActions.map((action) => sql.lit(action)))})
                      AND a.created_at >= ${since})
           ORDER BY c.id
           LIMIT ${batch}),
        -- Each agent's customers due now, and the follow-ups already open on them from today on.
        agents AS (
          SELECT due.user_id, count(*)::int AS need,
                 (SELECT count(*)::int FROM tasks t
                   WHERE t.assignee_id = due.user_id AND t.rule = 'follow_up' AND t.completed_at IS NULL
                     AND t.due_date >= ${clock.today}::date) AS booked
            FROM due GROUP BY due.user_id),
        -- The free places of each agent's working days from today, in order: enough days for every customer due.
        slots AS (
          SELECT a.user_id, d.day, row_number() OVER (PARTITION BY a.user_id ORDER BY d.day, s.n) AS n
            FROM agents a
           CROSS JOIN LATERAL (
                 SELECT ${clock.today}::date + k AS day
                   FROM generate_series(0, ((a.booked + a.need) / ${FOLLOW_UPS_PER_DAY} + 1) * 7 / 6 + 2) k
                  WHERE extract(isodow FROM ${clock.today}::date + k) <> ${FOLLOW_UP_DAY_OFF}) d
           CROSS JOIN LATERAL generate_series(1, ${FOLLOW_UPS_PER_DAY} - (
                 SELECT count(*)::int FROM tasks t
                  WHERE t.assignee_id = a.user_id AND t.rule = 'follow_up' AND t.completed_at IS NULL
                    AND t.due_date = d.day)) s(n)),
        placed AS (
          SELECT ranked.id, ranked.user_id, slots.day
            FROM (SELECT due.*, row_number() OVER (PARTITION BY due.user_id ORDER BY due.id) AS n FROM due) ranked
            JOIN slots ON slots.user_id = ranked.user_id AND slots.n = ranked.n),
        added AS (
          INSERT INTO tasks (type, title, due_date, assignee_id, customer_id, rule)
          SELECT 'call', ${title}, placed.day, placed.user_id, placed.id, 'follow_up' FROM placed ORDER BY placed.id
          ON CONFLICT DO NOTHING
          RETURNING ${addedColumns})
        -- The batch's last customer and size, on a row of their own when none was added (another run came first).
        SELECT added.*, b.last, b.size FROM added, (SELECT max(id::text) AS last, count(*)::int AS size FROM due) b
        UNION ALL
        SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, b.last, b.size
          FROM (SELECT max(id::text) AS last, count(*)::int AS size FROM due) b
         WHERE NOT EXISTS (SELECT 1 FROM added)`.execute(tx);
      const tasks = rows.filter((row) => row.id !== null);
      await recordAdded(tx, tasks);
      return { added: tasks.length, last: rows[0]?.last ?? null, full: rows[0]?.size === batch };
    });
    added += step.added;
    // A batch short of full was the last one.
    if (!step.full || step.last === null) return added;
    after = step.last;
  }
}

/** When a lead that arrived at `receivedAt` is due an answer: the day and local time, `minutes` later, on `clock`. */
export function answerDue(clock: BusinessClock, receivedAt: Date, minutes: number) {
  const due = new Date(receivedAt.getTime() + minutes * 60_000);
  return { date: clock.dayOf(due), time: clock.timeOf(due) };
}

/**
 * The first-response rule, in the lead intake's transaction: a lead given to an agent gets a call for them, due at the
 * lead answer time after it arrived (Settings → CRM), as a day and a local time of the company's zone.
 */
export async function addFirstResponseTask(
  tx: Db,
  lead: { id: string; customer_id: string; assignee_id: string | null; received_at: Date; source_name: string },
) {
  if (!lead.assignee_id) return;
  const { crm, company } = await getSettings(tx);
  if (!crm.first_response_rule) return;
  const due = answerDue(clockIn(company.time_zone), lead.received_at, crm.lead_answer_minutes);
  const { rows } = await sql<RuleAdded>`
    INSERT INTO tasks (type, title, due_date, due_time, priority, assignee_id, customer_id, lead_id, rule)
    VALUES ('call', ${titled(`Answer the new lead from ${lead.source_name}`)}, ${due.date}::date, ${due.time}::time,
            'high', ${lead.assignee_id}, ${lead.customer_id}, ${lead.id}, 'first_response')
    ON CONFLICT DO NOTHING
    RETURNING ${addedColumns}`.execute(tx);
  await recordAdded(tx, rows);
}

/**
 * Closes the first-response tasks of these customers' leads that have now been answered, in the transaction of the
 * answer (the audit entry migration 025's trigger reads as the lead's first answer): done when the answer came, by
 * whom it came from, 'reached', and written on the customer's timeline.
 */
export async function closeAnsweredLeadTasks(tx: Db, actor: Actor, customerIds: readonly string[]) {
  if (customerIds.length === 0) return;
  const how = sql.join(
    Object.entries(firstAnswerLabels).map(([kind, label]) => sql`WHEN ${kind} THEN ${`Answered with ${label}`}`),
    sql` `,
  );
  const { rows } = await sql<{
    id: string;
    customer_id: string;
    assignee_id: string;
    type: TaskType;
    title: string;
    note: string;
  }>`
    UPDATE tasks t
       SET completed_at = l.first_response_at, completed_by = l.first_response_by, outcome = 'reached',
           outcome_note = CASE l.first_response_kind ${how} ELSE 'Answered' END,
           updated_at = greatest(now(), t.updated_at + interval '1 millisecond')
      FROM leads l
     WHERE l.id = t.lead_id AND t.rule = 'first_response' AND t.completed_at IS NULL
       -- A first-response call made into an appointment is kept until it is held: answering is not showing up.
       AND t.type <> 'appointment'
       AND l.first_response_at IS NOT NULL AND t.customer_id = ANY(${[...customerIds]}::uuid[])
    RETURNING t.id, t.customer_id, t.assignee_id, t.type, t.title, t.outcome_note AS note`.execute(tx);
  for (const task of rows) {
    await recordTaskStep(tx, actor, task, 'task_completed', {
      task: task.id,
      type: task.type,
      label: taskTypeLabels[task.type],
      title: task.title,
      outcome: 'reached',
      outcome_label: taskOutcomeLabels.reached,
      note: task.note,
      rule: 'first_response',
    });
  }
}

type CompletedDeal = {
  id: string;
  user_id: string;
  customer_id: string | null;
  vehicle_id: string | null;
  year: number;
  manufacturer: string;
  model: string;
};

/**
 * The delivery rule, in the transaction that completes a deal: a call for the deal's agent on each of the settings'
 * delivery follow-up days after today (the company's), linked to the deal, its customer and its vehicle. A deal gets
 * its set once: completed again after a reopening, it gets none while any of its delivery follow-ups is kept.
 */
export async function addDeliveryFollowUps(tx: Db, deal: CompletedDeal, now = new Date()) {
  if (!deal.customer_id) return;
  const { crm } = await getSettings(tx);
  if (!crm.delivery_rule) return;
  const { today } = await businessClock(tx, now);
  const what = `${deal.year} ${deal.manufacturer} ${deal.model}`;
  const { rows } = await sql<RuleAdded>`
    INSERT INTO tasks (type, title, due_date, assignee_id, customer_id, deal_id, vehicle_id, rule, rule_day)
    SELECT 'call', left('Delivery follow-up, day ' || d.day || ': ' || ${what}, ${TASK_TITLE_MAX}),
           ${today}::date + d.day, u.id, ${deal.customer_id}, ${deal.id}, ${deal.vehicle_id}, 'delivery', d.day
      FROM unnest(${crm.delivery_follow_up_days}::int[]) AS d(day)
      JOIN users u ON u.id = ${deal.user_id} AND u.banned IS NOT TRUE
     WHERE NOT EXISTS (SELECT 1 FROM tasks t WHERE t.deal_id = ${deal.id} AND t.rule = 'delivery')
     ORDER BY d.day
    ON CONFLICT DO NOTHING
    RETURNING ${addedColumns}`.execute(tx);
  const owner = await tx.selectFrom('customers').select('user_id').where('id', '=', deal.customer_id).executeTakeFirst();
  await recordAdded(tx, rows, [owner?.user_id ?? null]);
}
