import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { seesAllRecords } from '../../shared/users/roles.js';
import { forbidden } from '../http/errors.js';
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
export const maySee = (actor: Actor, ownerId: string) => seesAll(actor) || ownerId === actor.userId;

/** Whether the actor works on every record (admins and editors) rather than only on their own. */
export const seesAll = (actor: Actor) => seesAllRecords(actor.role);

/**
 * What an actor may do beside seeing rows, in one place: `'admin'` is admins only; `'editor'` is admins and editors,
 * who see every record. Areas ask `hasRole` or `requireRole` and never compare roles themselves.
 */
export type Capability = 'admin' | 'editor';

export const hasRole = (actor: Actor, capability: Capability) =>
  capability === 'admin' ? actor.role === 'admin' : seesAll(actor);

/** The one refusal of each capability. */
export const roleRefusals: Record<Capability, string> = {
  admin: 'Only admins can do that',
  editor: 'Only admins and editors can do that',
};

/** Refuses (403) an actor without the capability. */
export function requireRole(actor: Actor, capability: Capability): void {
  if (!hasRole(actor, capability)) throw forbidden(roleRefusals[capability]);
}
