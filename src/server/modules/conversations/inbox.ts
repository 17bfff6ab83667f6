import { sql, type Kysely } from 'kysely';
import type { InboxItem, InboxQuery } from '../../../shared/conversations/types.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import { requireRole, visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { momentIdCursor, pageOf } from '../../http/paging.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../audit/service.js';

/**
 * The conversations waiting for an answer, oldest first: the actor's own customers', or, for admins and editors, the
 * whole team's. Kept by the triggers of migration 036 (a customer's message starts or joins a wait; a person's
 * e-mail, text or logged contact ends it), so this is one index walk over what waits.
 */
export async function inbox(db: Kysely<DB>, actor: Actor, query: InboxQuery): Promise<Page<InboxItem>> {
  if (query.scope === 'team') requireRole(actor, 'editor');
  const cursor = momentIdCursor(query.cursor);
  const rows = await db
    .selectFrom('conversation_waits as w')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'w.customer_id',
      'c.name as customer_name',
      'u.name as agent_name',
      'w.channel',
      'w.preview',
      'w.waiting_since',
      'w.last_at',
    ])
    .$if(query.scope === 'mine', (qb) => qb.where('c.user_id', '=', actor.userId))
    .$if(cursor !== null, (qb) =>
      qb.where(sql<boolean>`(w.waiting_since, w.customer_id) > (${cursor![0]}::timestamptz, ${cursor![1]}::uuid)`),
    )
    .orderBy('w.waiting_since')
    .orderBy('w.customer_id')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(rows, query.limit, (row) => [row.waiting_since.toISOString(), row.customer_id]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      ...row,
      channel: row.channel as InboxItem['channel'],
      waiting_since: row.waiting_since.toISOString(),
      last_at: row.last_at.toISOString(),
    })),
  };
}

/** Ends a wait without an answer ('nothing to answer'), on the customer's timeline; 404 when it does not wait. */
export async function markConversationDone(db: Kysely<DB>, actor: Actor, customerId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const ended = await tx
      .deleteFrom('conversation_waits as w')
      .using('customers as c')
      .whereRef('c.id', '=', 'w.customer_id')
      .where('w.customer_id', '=', customerId)
      .where(visibleTo(actor, 'c.user_id'))
      .returning(['c.user_id', 'w.waiting_since'])
      .executeTakeFirst();
    if (!ended) throw notFound('Waiting conversation');
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: customerId,
      action: 'conversation_done',
      changes: { waiting_since: ended.waiting_since.toISOString() },
    });
    await publishChange(tx, 'conversations', [ended.user_id]);
  });
}
