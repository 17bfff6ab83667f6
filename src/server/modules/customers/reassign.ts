import { sql, type Kysely } from 'kysely';
import type { ReassignInput, ReassignResult } from '../../../shared/common/reassign.js';
import type { Actor } from '../../auth/actor.js';
import { requireRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudits } from '../../platform/audit.js';
import { notify } from '../../platform/notifications.js';
import { announce } from '../../platform/events.js';
import { activeOwner, type NewOwner } from '../../platform/users.js';

type Db = Kysely<DB>;

/**
 * Gives customers to another user, in the caller's transaction: each change audited on the customer (`reassigned`,
 * from and to), their open tasks and running plan following them (`customersReassigned`, which tasks handles), both owners' customer lists
 * refreshed, and the new owner told. Customers already theirs are left as they are. The one way a customer changes
 * hands: by an admin or editor, and by lead intake when a customer's agent has left.
 */
export async function handCustomersTo(
  tx: Db,
  actor: Actor | null,
  customers: readonly { id: string; user_id: string; name: string }[],
  to: NewOwner,
  reason?: string,
): Promise<number> {
  const moving = customers.filter((c) => c.user_id !== to.id);
  if (moving.length === 0) return 0;
  const formerNames = new Map(
    (
      await tx
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(moving.map((c) => c.user_id))])
        .execute()
    ).map((u) => [u.id, u.name]),
  );
  await tx
    .updateTable('customers')
    .set({ user_id: to.id, updated_at: sql<Date>`greatest(now(), customers.updated_at + interval '1 millisecond')` })
    .where(
      'id',
      'in',
      moving.map((c) => c.id),
    )
    .execute();
  await recordAudits(
    tx,
    actor,
    moving.map((c) => ({
      entityType: 'customer',
      entityId: c.id,
      action: 'reassigned',
      changes: { user_id: { from: c.user_id, to: to.id }, from: formerNames.get(c.user_id) ?? null, to: to.name, reason },
    })),
  );
  await announce(tx, 'customersReassigned', { customers: moving, toUserId: to.id });
  await publishChange(tx, 'customers', [to.id, ...moving.map((c) => c.user_id)]);
  const named = moving.slice(0, 3).map((c) => c.name);
  await notify(tx, actor, {
    event: 'customer_assigned',
    ownerIds: [to.id],
    title: moving.length === 1 ? 'A customer was given to you' : `${moving.length} customers were given to you`,
    content: `${actor ? `${actor.name} gave you ` : ''}${named.join(', ')}${moving.length > named.length ? ` and ${moving.length - named.length} more` : ''}${reason ? ` (${reason})` : ''}`,
    link: moving.length === 1 ? `/customers/${moving[0]!.id}` : '/customers',
  });
  return moving.length;
}

/** Admins and editors give customers, one or many, to another user (`handCustomersTo`); a missing one answers 404. */
export async function reassignCustomers(db: Db, actor: Actor, input: ReassignInput): Promise<ReassignResult> {
  requireRole(actor, 'editor');
  return db.transaction().execute(async (tx) => {
    const to = await activeOwner(tx, input.user_id);
    const ids = [...new Set(input.ids)];
    const customers = await tx
      .selectFrom('customers')
      .select(['id', 'user_id', 'name'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (customers.length !== ids.length) throw notFound('Customer');
    return { reassigned: await handCustomersTo(tx, actor, customers, to), to };
  });
}
