import { sql, type Kysely } from 'kysely';
import type { NotificationEvent } from '../../shared/settings/schemas.js';
import type { Notification, NotificationsQuery } from '../../shared/notifications/types.js';
import type { Page } from '../../shared/http/paging.js';
import type { Actor } from '../auth/actor.js';
import type { DB } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { cursorValue, momentIdCursor, newestFirstKey, olderThan, pageOf } from '../http/paging.js';
import { publish } from '../realtime/publish.js';
import type { Delivery } from '../realtime/hub.js';
import { getSetting } from './settings.js';

type Db = Kysely<DB>;

export type NotifyInput = {
  event: NotificationEvent;
  /** The person the event is about: the record's agent, the person mentioned, the admin who invited. */
  ownerIds: string[];
  title: string;
  content: string;
  /** Where it leads in the app. */
  link: string | null;
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Notifies whom the Notification Settings name for `event` (the person concerned, every editor, every admin), among
 * active users, never the one who caused it. Written in the caller's transaction; each recipient's tabs hear of it
 * when it commits.
 */
export async function notify(tx: Db, actor: Actor | null, input: NotifyInput): Promise<number> {
  const audiences = (await getSetting(tx, 'notifications'))[input.event] ?? [];
  if (audiences.length === 0) return 0;
  const owners = audiences.includes('owner') ? input.ownerIds : [];
  const roles = [...(audiences.includes('editors') ? ['editor'] : []), ...(audiences.includes('admins') ? ['admin'] : [])];
  const { rows } = await sql<{ id: string }>`
    INSERT INTO notifications (user_id, kind, title, content, link)
    SELECT u.id, ${input.event}, ${clip(input.title, 200)}, ${clip(input.content, 1000)}, ${input.link}
    FROM users u
    WHERE u.banned IS NOT TRUE
      AND (u.id = ANY(${owners}::uuid[]) OR u.role = ANY(${roles}::text[]))
      AND u.id IS DISTINCT FROM ${actor?.userId ?? null}::uuid
    RETURNING id`.execute(tx);
  const ids = rows.map((row) => row.id);
  for (let start = 0; start < ids.length; start += 100) {
    await publish(tx, 'notification', { ids: ids.slice(start, start + 100) });
  }
  return ids.length;
}

const columns = ['id', 'kind', 'title', 'content', 'link', 'is_read', 'created_at'] as const;

/** The actor's notifications, newest first; only the unread ones when asked. */
export async function listNotifications(db: Db, actor: Actor, query: NotificationsQuery): Promise<Page<Notification>> {
  const after = momentIdCursor(query.cursor);
  const rows = await db
    .selectFrom('notifications')
    .select(columns)
    .where('user_id', '=', actor.userId)
    .$if(query.unread, (qb) => qb.where('is_read', '=', false))
    .$if(after !== null, (qb) => qb.where(olderThan(after!)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(rows, query.limit, newestFirstKey);
  return { ...page, items: page.items.map(toNotification) };
}

const toNotification = (row: {
  id: string;
  kind: string;
  title: string;
  content: string;
  link: string | null;
  is_read: boolean;
  created_at: Date;
}): Notification => ({ ...row, kind: row.kind as Notification['kind'], created_at: row.created_at.toISOString() });

export async function countUnreadNotifications(db: Db, actor: Actor): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .where('user_id', '=', actor.userId)
    .where('is_read', '=', false)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Marks one of the actor's notifications read; someone else's answers 404. The actor's other tabs follow. */
export async function markRead(db: Db, actor: Actor, id: string) {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('notifications')
      .set({ is_read: true })
      .where('id', '=', id)
      .where('user_id', '=', actor.userId)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound('Notification');
    await publish(tx, 'notifications_read', { userId: actor.userId });
  });
}

export async function markAllRead(db: Db, actor: Actor): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .updateTable('notifications')
      .set({ is_read: true })
      .where('user_id', '=', actor.userId)
      .where('is_read', '=', false)
      .returning('id')
      .execute();
    await publish(tx, 'notifications_read', { userId: actor.userId });
    return rows.length;
  });
}

/** A new notification reaches its recipient's tabs, with its title and content for the toast. */
export async function deliverNotifications(db: Db, data: Record<string, unknown>, connected: string[]): Promise<Delivery[]> {
  const ids = Array.isArray(data.ids) ? data.ids.filter((id): id is string => cursorValue.uuid(id)) : [];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select([...columns, 'user_id'])
    .where('id', 'in', ids)
    .where('user_id', 'in', connected)
    .orderBy('created_at')
    .execute();
  return rows.map(({ user_id, ...row }) => ({
    userIds: [user_id],
    message: { type: 'notification', notification: toNotification(row) },
  }));
}
