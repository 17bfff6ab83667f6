import { sql, type Kysely } from 'kysely';
import type { InboxAssignee, InboxItem, InboxQuery } from '../../../shared/conversations/types.js';
import { seesAllRecords } from '../../../shared/users/roles.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import { hasRole, requireRole, roleRefusals, visibleTo } from '../../auth/scope.js';
import { executePrepared } from '../../db/prepared-statements.js';
import type { DB } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { momentIdCursor, pageOf } from '../../http/paging.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';

/**
 * The conversations waiting for an answer, oldest first: the actor's own customers' and those given to the actor, or,
 * for admins and editors, the whole team's. Kept by the triggers of migration 036 (a customer's message starts or joins a wait; a person's
 * e-mail, text or logged contact ends it), so this is one index walk over what waits.
 */
export async function inbox(db: Kysely<DB>, actor: Actor, query: InboxQuery): Promise<Page<InboxItem>> {
  if (query.scope === 'team') requireRole(actor, 'editor');
  const cursor = momentIdCursor(query.cursor);
  const waiting = db
    .selectFrom('conversation_waits as w')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as a', 'a.id', 'w.assigned_to')
    .select([
      'w.customer_id',
      'c.name as customer_name',
      'c.user_id as agent_id',
      'u.name as agent_name',
      'a.id as assigned_id',
      'a.name as assigned_name',
      'w.channel',
      'w.preview',
      'w.waiting_since',
      'w.last_at',
    ])
    .$if(query.scope === 'mine', (qb) =>
      qb.where((eb) => eb.or([eb('c.user_id', '=', actor.userId), eb('w.assigned_to', '=', actor.userId)])),
    )
    .$if(cursor !== null, (qb) =>
      qb.where(sql<boolean>`(w.waiting_since, w.customer_id) > (${cursor![0]}::timestamptz, ${cursor![1]}::uuid)`),
    )
    .orderBy('w.waiting_since')
    .orderBy('w.customer_id')
    .limit(sql.lit(query.limit + 1));
  // The first page, which opening Waiting shows, is planned once per connection (its LIMIT written in for that).
  const rows = cursor ? await waiting.execute() : await executePrepared(db, waiting);
  const page = pageOf(rows, query.limit, (row) => [row.waiting_since.toISOString(), row.customer_id]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map(({ assigned_id, assigned_name, ...row }) => ({
      ...row,
      assigned_to: assigned_id && assigned_name ? { id: assigned_id, name: assigned_name } : null,
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

/** Who may be given any waiting conversation: the active admins and editors (its customer's agent may be, too). */
export async function inboxAssignees(db: Kysely<DB>): Promise<InboxAssignee[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('role', 'in', ['admin', 'editor'])
    .where('banned', 'is not', true)
    .orderBy('name')
    .execute();
}

/**
 * Gives a waiting conversation to someone to answer, or to nobody in particular: admins and editors may, and the
 * customer's own agent (to hand it on). It may go to an admin or editor, or to the customer's agent — someone who may
 * read the customer. On the customer's timeline; 404 when it does not wait or the actor may not see the customer.
 */
export async function assignConversation(db: Kysely<DB>, actor: Actor, customerId: string, userId: string | null) {
  await db.transaction().execute(async (tx) => {
    const wait = await tx
      .selectFrom('conversation_waits as w')
      .innerJoin('customers as c', 'c.id', 'w.customer_id')
      .select(['c.user_id', 'w.assigned_to'])
      .where('w.customer_id', '=', customerId)
      .where(visibleTo(actor, 'c.user_id'))
      .forUpdate()
      .executeTakeFirst();
    if (!wait) throw notFound('Waiting conversation');
    if (!hasRole(actor, 'editor') && wait.user_id !== actor.userId) throw forbidden(roleRefusals.editor);
    const assignee = userId
      ? await tx
          .selectFrom('users')
          .select(['id', 'name', 'role'])
          .where('id', '=', userId)
          .where('banned', 'is not', true)
          .executeTakeFirst()
      : null;
    if (userId && (!assignee || (!seesAllRecords(assignee.role) && assignee.id !== wait.user_id))) {
      throw badRequest(ASSIGNEE_REFUSED, { user_id: ASSIGNEE_REFUSED });
    }
    await tx.updateTable('conversation_waits').set({ assigned_to: userId }).where('customer_id', '=', customerId).execute();
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: customerId,
      action: 'conversation_assigned',
      changes: { from: wait.assigned_to, to: userId, name: assignee?.name ?? null },
    });
    await publishChange(tx, 'conversations', [wait.user_id, wait.assigned_to, userId]);
  });
}

const ASSIGNEE_REFUSED = 'Give it to an admin, an editor or the customer’s own agent';
