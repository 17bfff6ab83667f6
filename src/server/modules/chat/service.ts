import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';

/** Messages from others, in the actor's active chats, newer than the actor last read each chat. */
export async function countUnreadMessages(db: Kysely<DB>, actor: Actor): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('chat_participants as p', (join) =>
      join.onRef('p.chat_id', '=', 'm.chat_id').on('p.user_id', '=', actor.userId).on('p.is_active', '=', true),
    )
    .where('m.sender_id', '<>', actor.userId)
    .whereRef('m.created_at', '>', 'p.last_read_at')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}
