import { sql, type Kysely, type Transaction } from 'kysely';
import { appointmentMailVerdict } from '../../../shared/tasks/appointment-mail.js';
import { taskTypeLabels, type TaskType } from '../../../shared/tasks/schemas.js';
import type { DB } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { clockIn, type BusinessClock } from '../../platform/time.js';
import { recordAudits } from '../../platform/audit.js';
import { quietUntil, timeZoneOf } from '../consent/index.js';
import { latestConsent } from '../consent/index.js';
import { notify } from '../../platform/notifications.js';
import { getSettings } from '../../platform/settings.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';
import { localStart } from './invitation.js';

/*
 * Reminders before a task's time: the customer of an appointment (Settings → CRM's appointment reminder: by e-mail
 * under the invitation's rule, `appointmentMailVerdict`; by text with their SMS consent, outside their quiet hours) and
 * the assignee of any task with a time (the task reminder, a notification). Each is claimed by setting its `*_reminded_at` in the transaction that sends
 * it, so however many processes run at once a reminder leaves once; moving the task clears the mark.
 */

type Db = Kysely<DB>;

type Due = {
  id: string;
  type: TaskType;
  title: string;
  starts_at: Date;
  assignee_id: string;
  customer_id: string;
  customer_name: string;
  email: string | null;
  phone: string | null;
  location: string | null;
  place: string | null;
  invite_customer: boolean;
};

/**
 * Claims the open timed tasks (appointments only, when asked) that start within `minutes` after `now` and whose `mark`
 * is not set, setting it; returns them. The start is read by the business clock, the one the invitation is written
 * with: SQL narrows the candidates by day (the open-tasks index) and by the zone's reading give or take an hour (the
 * two differ only in an hour the clocks repeat), the clock picks them, and the claim sets the mark only where it is
 * still unset, so a process that ran the same moment claims none of them again.
 */
async function claim(
  tx: Transaction<DB>,
  mark: 'customer_reminded_at' | 'agent_reminded_at',
  { minutes, now, clock, appointmentsOnly }: { minutes: number; now: Date; clock: BusinessClock; appointmentsOnly: boolean },
): Promise<Due[]> {
  const until = new Date(now.getTime() + minutes * 60_000);
  const roughly = sql<Date>`((t.due_date + t.due_time) AT TIME ZONE ${clock.timeZone})`;
  const { rows: candidates } = await sql<{ id: string; due_date: string; due_time: string }>`
    SELECT t.id, t.due_date::text AS due_date, t.due_time::text AS due_time FROM tasks t
    WHERE t.completed_at IS NULL AND t.due_time IS NOT NULL AND t.${sql.ref(mark)} IS NULL
      AND (${!appointmentsOnly} OR t.type = 'appointment')
      AND t.due_date BETWEEN ${clock.today}::date - 1 AND ${clock.dayOf(until)}::date + 1
      AND ${roughly} > ${now}::timestamptz - interval '1 hour' AND ${roughly} <= ${until}::timestamptz + interval '1 hour'`.execute(
    tx,
  );
  const startOf = (task: { due_date: string; due_time: string }) => {
    const [hour, minute] = task.due_time.split(':').map(Number) as [number, number];
    return clock.at(task.due_date, hour, minute);
  };
  const ids = candidates.filter((task) => startOf(task) > now && startOf(task) <= until).map((task) => task.id);
  if (ids.length === 0) return [];
  const { rows } = await sql<Omit<Due, 'starts_at'> & { due_date: string; due_time: string }>`
    UPDATE tasks t SET ${sql.ref(mark)} = now()
    FROM customers c
    WHERE c.id = t.customer_id AND t.id = ANY(${ids}::uuid[]) AND t.${sql.ref(mark)} IS NULL
    RETURNING t.id, t.type, t.title, t.due_date::text AS due_date, t.due_time::text AS due_time, t.assignee_id,
      t.customer_id, c.name AS customer_name, c.email, c.phone, c.location, t.place, t.invite_customer`.execute(tx);
  return rows.map(({ due_date, due_time, ...task }) => ({ ...task, starts_at: startOf({ due_date, due_time }) }));
}

/**
 * The customers of appointments starting within the reminder's hours: an e-mail under the invitation's rule (the
 * booking's own mail), and a text with their SMS consent.
 */
async function remindCustomers(db: Db, deps: { mailer: Mailer; webhooks: WebhookSender }, now: Date): Promise<number> {
  const { crm, company } = await getSettings(db);
  if (crm.appointment_reminder_hours === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const due = await claim(tx, 'customer_reminded_at', {
      minutes: crm.appointment_reminder_hours * 60,
      now,
      clock: clockIn(company.time_zone, now),
      appointmentsOnly: true,
    });
    if (due.length === 0) return 0;
    const ids = due.map((task) => task.customer_id);
    const texts = await latestConsent(tx, ids, 'sms');
    const reached: { task: Due; channels: string[]; skipped: Record<string, string> }[] = [];
    for (const task of due) {
      const when = localStart(task.starts_at, company.time_zone);
      const where = task.place ?? company.address;
      const channels: string[] = [];
      // Why a channel was not used: no address, the invitation turned off (the e-mail, by the invitation's own rule),
      // no consent or (a text) 8 am would be after the start.
      const skipped: Record<string, string> = {};
      const mailVerdict = appointmentMailVerdict(task, task.email);
      if (mailVerdict !== 'sent' || !task.email) skipped.email = mailVerdict;
      else {
        await deps.mailer.queue(
          tx,
          {
            to: task.email,
            subject: `Reminder: your appointment at ${company.name}, ${when}`,
            text: [
              `Dear ${task.customer_name},`,
              '',
              `This is a reminder of your appointment at ${company.name} on ${when}${where ? ` at ${where}` : ''}.`,
              '',
              ['--', company.name, company.address, company.phone].filter(Boolean).join('\n'),
            ].join('\n'),
            appointment: { id: task.id, startsAt: task.starts_at },
          },
          null,
        );
        channels.push('email');
      }
      // A text waits for 8 am where the customer is; one that would arrive after the start is not sent.
      const after = quietUntil(now, await timeZoneOf(task.location, company.time_zone));
      if (!task.phone) skipped.sms = 'no_address';
      else if (texts.get(task.customer_id) !== 'opted_in') skipped.sms = 'no_consent';
      else if (after && after >= task.starts_at) skipped.sms = 'quiet_hours';
      else {
        const text = `${company.name}: a reminder of your appointment on ${when}. Reply STOP to opt out.`;
        await deps.webhooks.queueSms(tx, { to: task.phone, text }, null, { sendAfter: after ?? undefined });
        channels.push('sms');
      }
      reached.push({ task, channels, skipped });
    }
    await recordAudits(
      tx,
      null,
      reached.map(({ task, channels, skipped }) => ({
        entityType: 'customer' as const,
        entityId: task.customer_id,
        action: 'appointment_reminder',
        changes: {
          rule: 'reminder',
          task: task.id,
          title: task.title,
          start: task.starts_at.toISOString(),
          channels,
          skipped,
        },
      })),
    );
    return reached.filter((entry) => entry.channels.length > 0).length;
  });
}

/** The assignees of tasks with a time starting within the task reminder's minutes: a notification each. */
async function remindAssignees(db: Db, now: Date): Promise<number> {
  const { crm, company } = await getSettings(db);
  if (crm.task_reminder_minutes === 0) return 0;
  return db.transaction().execute(async (tx) => {
    const due = await claim(tx, 'agent_reminded_at', {
      minutes: crm.task_reminder_minutes,
      now,
      clock: clockIn(company.time_zone, now),
      appointmentsOnly: false,
    });
    for (const task of due) {
      const at = new Intl.DateTimeFormat('en-US', { timeZone: company.time_zone, hour: 'numeric', minute: '2-digit' }).format(
        task.starts_at,
      );
      await notify(tx, null, {
        event: 'task_due',
        ownerIds: [task.assignee_id],
        title: `${taskTypeLabels[task.type]} at ${at}: ${task.customer_name}`,
        content: [task.title, task.place].filter(Boolean).join(' · '),
        link: `/customers/${task.customer_id}`,
      });
    }
    return due.length;
  });
}

/** One run of the reminder job at `now`: how many customers and assignees were reminded. */
export async function sendReminders(db: Db, deps: { mailer: Mailer; webhooks: WebhookSender }, now = new Date()) {
  return { customers: await remindCustomers(db, deps, now), assignees: await remindAssignees(db, now) };
}
