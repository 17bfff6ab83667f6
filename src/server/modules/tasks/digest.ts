import { sql, type Kysely, type Transaction } from 'kysely';
import { taskTypeLabels, type TaskType } from '../../../shared/tasks/schemas.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { businessClock, clockIn } from '../../platform/time.js';
import { recordAudit } from '../../platform/audit.js';
import { getSetting, mailFooter } from '../../platform/settings.js';

/*
 * The morning e-mail: for each user who asked for it, their overdue and today's open tasks and appointments, at 7:30
 * the company's time. A day is claimed by setting `sent_for` in the transaction that queues the mail, so whichever
 * processes run the job, each user gets one a day; a user with nothing due that day is sent nothing.
 */

type Db = Kysely<DB>;

/** When the morning e-mail leaves, the company's time; one not sent by 11:00 (the server was down) waits a day. */
export const DIGEST_AT = { hour: 7, minute: 30 } as const;
const DIGEST_UNTIL_HOUR = 11;

/** Whether the actor asked for the morning e-mail. */
export async function digestOf(db: Db, actor: Actor) {
  const row = await db.selectFrom('task_digests').select('user_id').where('user_id', '=', actor.userId).executeTakeFirst();
  return { enabled: row !== undefined };
}

/** The actor's morning e-mail on or off. Turned on after 7:30, it starts the next morning. */
export async function setDigest(db: Db, actor: Actor, enabled: boolean, now = new Date()) {
  await db.transaction().execute(async (tx) => {
    if (enabled) {
      const clock = await businessClock(tx, now);
      const late = now >= clock.at(clock.today, DIGEST_AT.hour, DIGEST_AT.minute);
      const added = await tx
        .insertInto('task_digests')
        .values({ user_id: actor.userId, sent_for: late ? clock.today : null })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0)
        await recordAudit(tx, actor, { entityType: 'user', entityId: actor.userId, action: 'digest_on', changes: {} });
    } else {
      const removed = await tx.deleteFrom('task_digests').where('user_id', '=', actor.userId).executeTakeFirst();
      if (removed.numDeletedRows > 0n)
        await recordAudit(tx, actor, { entityType: 'user', entityId: actor.userId, action: 'digest_off', changes: {} });
    }
  });
  return { enabled };
}

type DueTask = {
  assignee_id: string;
  type: TaskType;
  title: string;
  due_date: string;
  due_time: string | null;
  duration_minutes: number | null;
  place: string | null;
  customer_name: string;
  customer_phone: string | null;
};

/** One line of the e-mail: '10:30 Appointment: Test drive, Jane Doe (555 0100), Showroom'. */
function lineOf(task: DueTask, today: string) {
  const when = task.due_date < today ? `Overdue since ${task.due_date}` : (task.due_time?.slice(0, 5) ?? 'Any time');
  const who = task.customer_phone ? `${task.customer_name} (${task.customer_phone})` : task.customer_name;
  return `- ${when}  ${taskTypeLabels[task.type]}: ${task.title}, ${who}${task.place ? `, ${task.place}` : ''}`;
}

/**
 * Sends the morning e-mails due at `now`: when it is 7:30–11:00 the company's time, every active user who asked for
 * it and has not had today's gets their overdue and today's open tasks (nothing when there are none). Returns how
 * many were sent.
 */
export async function sendDigests(db: Db, mailer: Mailer, origin: string | undefined, now = new Date()): Promise<number> {
  const company = await getSetting(db, 'company');
  const clock = clockIn(company.time_zone, now);
  if (now < clock.at(clock.today, DIGEST_AT.hour, DIGEST_AT.minute) || now >= clock.at(clock.today, DIGEST_UNTIL_HOUR)) return 0;
  return db.transaction().execute(async (tx: Transaction<DB>) => {
    const users = await sql<{ id: string; name: string; email: string }>`
      UPDATE task_digests d SET sent_for = ${clock.today}::date
      FROM users u
      WHERE u.id = d.user_id AND u.banned IS NOT TRUE AND (d.sent_for IS NULL OR d.sent_for < ${clock.today}::date)
      RETURNING u.id, u.name, u.email`.execute(tx);
    if (users.rows.length === 0) return 0;
    const tasks = await tx
      .selectFrom('tasks as t')
      .innerJoin('customers as c', 'c.id', 't.customer_id')
      .select([
        't.assignee_id',
        't.type',
        't.title',
        't.due_date',
        't.due_time',
        't.duration_minutes',
        't.place',
        'c.name as customer_name',
        'c.phone as customer_phone',
      ])
      .where(
        't.assignee_id',
        'in',
        users.rows.map((user) => user.id),
      )
      .where('t.completed_at', 'is', null)
      .where('t.due_date', '<=', clock.today)
      .orderBy('t.due_date')
      .orderBy(sql`coalesce(t.due_time, '24:00'::time)`)
      .execute();
    let sent = 0;
    for (const user of users.rows) {
      const mine = tasks.filter((task) => task.assignee_id === user.id);
      if (mine.length === 0) continue;
      const overdue = mine.filter((task) => task.due_date < clock.today);
      const today = mine.filter((task) => task.due_date === clock.today);
      const text = [
        `Good morning, ${user.name}.`,
        '',
        ...(today.length > 0 ? [`Today (${today.length}):`, ...today.map((task) => lineOf(task, clock.today)), ''] : []),
        ...(overdue.length > 0 ? [`Overdue (${overdue.length}):`, ...overdue.map((task) => lineOf(task, clock.today)), ''] : []),
        ...(origin ? [`My Tasks: ${origin}/tasks`, ''] : []),
        'You get this e-mail because you asked for it on your profile page; turn it off there.',
        '',
        mailFooter(company),
      ].join('\n');
      await mailer.queue(
        tx,
        { to: user.email, subject: `Your day: ${today.length} today, ${overdue.length} overdue`, text },
        null,
      );
      sent++;
    }
    return sent;
  });
}
