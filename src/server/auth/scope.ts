import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { can, type Action } from '../../shared/users/permissions.js';
import { mayChangeRecord, seesAllRecords } from '../../shared/users/roles.js';
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

/**
 * Who may see a vehicle: as any record (its owner, admins and editors), or everyone when the dealership shares its
 * inventory (Settings → Team, `actor.inventory`). The inventory's lists, pickers, pages, figures and export all read it.
 */
export function inventoryVisibleTo(actor: Actor, ownerColumn: string): RawBuilder<SqlBool> {
  return actor.inventory === 'dealership' ? sql<SqlBool>`true` : visibleTo(actor, ownerColumn);
}

/** The same rule for a vehicle already read. */
export const maySeeVehicle = (actor: Actor, ownerId: string) => actor.inventory === 'dealership' || maySee(actor, ownerId);

/**
 * Whether the actor may change a record they can see: its owner, admins and editors. Only the shared inventory lets
 * anyone see a record they may not change.
 */
export const mayChange = (actor: Actor, ownerId: string) => mayChangeRecord({ id: actor.userId, role: actor.role }, ownerId);

export const CHANGE_REFUSAL = 'Only its owner, editors and admins can change it';

/** Refuses (403) a change to a record the actor can see but does not own (a colleague's vehicle in a shared inventory). */
export function requireChange(actor: Actor, ownerId: string): void {
  if (!mayChange(actor, ownerId)) throw forbidden(CHANGE_REFUSAL);
}

/** Whether the actor works on every record (admins and editors) rather than only on their own. */
export const seesAll = (actor: Actor) => seesAllRecords(actor.role);

/**
 * What an actor may do beside seeing rows, in one place: `'admin'` is admins only; `'editor'` is admins and editors,
 * who see every record. Areas ask `hasRole` or `requireRole` and never compare roles themselves.
 */
export type Capability = Extract<Action, 'admin' | 'editor'>;

export const hasRole = (actor: Actor, capability: Capability) => can(actor, capability);

/** The one refusal of each capability. */
export const roleRefusals: Record<Capability, string> = {
  admin: 'Only admins can do that',
  editor: 'Only admins and editors can do that',
};

/** Refuses (403) an actor without the capability. */
export function requireRole(actor: Actor, capability: Capability): void {
  if (!hasRole(actor, capability)) throw forbidden(roleRefusals[capability]);
}
