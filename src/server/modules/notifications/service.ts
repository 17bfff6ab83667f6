import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';

export async function countUnreadNotifications(db: Kysely<DB>, actor: Actor): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .where('user_id', '=', actor.userId)
    .where('is_read', '=', false)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}
