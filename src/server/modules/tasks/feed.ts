import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { addDays } from '../../../shared/common/time.js';
import { taskOutcomeLabels, taskTypeLabels } from '../../../shared/tasks/schemas.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { businessClock } from '../../platform/time.js';
import { recordAudit } from '../../platform/audit.js';
import { dateValue, minutesDuration, text, utcDateTime, writeCalendar, type ContentLine } from './icalendar.js';
import { appointmentUid } from './invitation.js';
import { hashLinkToken } from '../../auth/link-token.js';

/*
 * Each user's private calendar feed: an address with a random token that Google, Outlook and Apple Calendar subscribe
 * to, answering the user's own tasks as iCalendar. Only the token's SHA-256 is kept; the address is shown when it is
 * made, and making a new one replaces it.
 */

type Db = Kysely<DB>;

/** The feed's address path for a token: 32 random bytes, base64url, and '.ics' (calendar programs look at the end). */
export const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const feedUrl = (origin: string, token: string) => `${origin}/api/calendar-feeds/${token}.ics`;

/** Whether the actor has a feed, and since when (its address is not kept, so it is not said again). */
export async function feedOf(db: Db, actor: Actor) {
  const row = await db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', actor.userId).executeTakeFirst();
  return { created_at: row?.created_at.toISOString() ?? null, url: null };
}

/** A new address for the actor's feed, replacing any earlier one (which stops answering at once). */
export async function makeFeed(db: Db, actor: Actor, origin: string) {
  const token = crypto.randomBytes(32).toString('base64url');
  const row = await db.transaction().execute(async (tx) => {
    const saved = await tx
      .insertInto('calendar_feeds')
      .values({ user_id: actor.userId, token_hash: hashLinkToken(token) })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hashLinkToken(token), created_at: sql<Date>`now()` }))
      .returning('created_at')
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, { entityType: 'user', entityId: actor.userId, action: 'calendar_feed_made', changes: {} });
    return saved;
  });
  return { created_at: row.created_at.toISOString(), url: feedUrl(origin, token) };
}

/** The actor's feed turned off: its address stops answering. */
export async function removeFeed(db: Db, actor: Actor) {
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('calendar_feeds').where('user_id', '=', actor.userId).executeTakeFirst();
    if (removed.numDeletedRows > 0n)
      await recordAudit(tx, actor, { entityType: 'user', entityId: actor.userId, action: 'calendar_feed_removed', changes: {} });
  });
}

/** How far back and ahead the feed reaches, in days. */
const FEED_PAST_DAYS = 30;
const FEED_AHEAD_DAYS = 365;
const FEED_LIMIT = 2000;

/**
 * The feed of the user whose token this is, as iCalendar (`METHOD:PUBLISH`), or null for a token that is no feed's (a
 * wrong one, or one replaced). The user's own tasks from 30 days back to a year ahead: an appointment for its length,
 * another task with a time for 15 minutes, one without a time on its day; times in UTC, so each calendar shows them
 * in its own zone. A cancelled appointment is CANCELLED; a done task says how it went.
 */
export async function feedCalendar(db: Db, token: string, origin: string): Promise<string | null> {
  const feed = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.name'])
    .where('f.token_hash', '=', hashLinkToken(token))
    .where(sql<boolean>`u.banned IS NOT TRUE`)
    .executeTakeFirst();
  if (!feed) return null;
  const clock = await businessClock(db);
  const rows = await db
    .selectFrom('tasks as t')
    .innerJoin('customers as c', 'c.id', 't.customer_id')
    .select([
      't.id',
      't.type',
      't.title',
      't.notes',
      't.due_date',
      't.due_time',
      't.duration_minutes',
      't.place',
      't.outcome',
      't.customer_id',
      't.updated_at',
      'c.name as customer_name',
      'c.phone as customer_phone',
    ])
    .where('t.assignee_id', '=', feed.id)
    .where('t.due_date', '>=', addDays(clock.today, -FEED_PAST_DAYS))
    .where('t.due_date', '<=', addDays(clock.today, FEED_AHEAD_DAYS))
    .orderBy('t.due_date')
    .orderBy('t.id')
    .limit(FEED_LIMIT)
    .execute();
  const now = new Date();
  const events = rows.map((task): ContentLine[] => {
    // A day without a time is that whole day: DTEND is the next day, which it does not include (RFC 5545 §3.6.1).
    const [hour, minute] = (task.due_time ?? '').split(':').map(Number) as [number, number];
    const when: ContentLine[] = task.due_time
      ? [
          { name: 'DTSTART', value: utcDateTime(clock.at(task.due_date, hour, minute)) },
          { name: 'DURATION', value: minutesDuration(task.duration_minutes ?? 15) },
        ]
      : [
          { name: 'DTSTART', params: [['VALUE', 'DATE']], value: dateValue(task.due_date) },
          { name: 'DTEND', params: [['VALUE', 'DATE']], value: dateValue(addDays(task.due_date, 1)) },
        ];
    const description = [
      task.outcome && `Done: ${taskOutcomeLabels[task.outcome]}`,
      task.customer_phone && `Phone: ${task.customer_phone}`,
      task.notes,
      `${origin}/customers/${task.customer_id}`,
    ]
      .filter(Boolean)
      .join('\n');
    return [
      { name: 'UID', value: task.type === 'appointment' ? appointmentUid(task.id) : `${task.id}@tasks.torque` },
      text('SUMMARY', `${taskTypeLabels[task.type]}: ${task.title} · ${task.customer_name}`),
      { name: 'DTSTAMP', value: utcDateTime(now) },
      ...when,
      text('DESCRIPTION', description),
      ...(task.place ? [text('LOCATION', task.place)] : []),
      { name: 'URL', value: `${origin}/customers/${task.customer_id}` },
      { name: 'STATUS', value: task.outcome === 'cancelled' ? 'CANCELLED' : 'CONFIRMED' },
      { name: 'LAST-MODIFIED', value: utcDateTime(task.updated_at) },
    ];
  });
  return writeCalendar(
    [
      { name: 'PRODID', value: '-//Torque//Tasks//EN' },
      { name: 'METHOD', value: 'PUBLISH' },
      text('X-WR-CALNAME', `Torque: ${feed.name}`),
      // How often a subscribed calendar should fetch the feed again (a widely read extension, as X-WR-CALNAME).
      { name: 'X-PUBLISHED-TTL', value: 'PT1H' },
    ],
    events,
  );
}
