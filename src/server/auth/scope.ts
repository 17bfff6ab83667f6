import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { seesAllRecords } from '../../shared/users/roles.js';
import type { Actor } from './actor.js';

/**
 * Who may see a row, in one place: its owner, and admins and editors, who see every record. `ownerColumn` names the
 * row's owner ('customers.user_id'). It goes into a Kysely `.where(...)` and into raw SQL alike
 * (`AND ${visibleTo(actor, 'c.user_id')}`). A row the actor may not see answers 404, like a missing one.
 */
export function visibleTo(actor: Actor, ownerColumn: string): RawBuilder<SqlBool> {
  return seesAllRecords(actor.role) ? sql<SqlBool>`true` : sql<SqlBool>`${sql.ref(ownerColumn)} = ${actor.userId}`;
}

/** The same rule for a row already read: may the actor see a row owned by `ownerId`? */
export const maySee = (actor: Actor, ownerId: string) => seesAllRecords(actor.role) || ownerId === actor.userId;
