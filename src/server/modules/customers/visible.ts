import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import { executePrepared } from '../../db/prepared-statements.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';

/**
 * 404 unless the actor may see the customer. A module of its own, so the areas the customer service itself calls on
 * (tasks, for a customer's plan) can ask it too.
 */
export async function assertCustomerVisible(db: Kysely<DB>, actor: Actor, id: string) {
  // Asked before every read of a customer's records: a look-up by key, planned once per connection.
  const [row] = await executePrepared(
    db,
    db.selectFrom('customers').select('id').where('id', '=', id).where(visibleTo(actor, 'customers.user_id')),
  );
  if (!row) throw notFound('Customer');
}
