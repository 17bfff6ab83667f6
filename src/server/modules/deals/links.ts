import { sql, type Kysely } from 'kysely';
import type { DealInput } from '../../../shared/deals/schemas.js';
import type { Actor } from '../../auth/actor.js';
import { inventoryVisibleTo, seesAll, visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { ALREADY_ANOTHER_AGENTS_CUSTOMER, alreadyACustomer } from '../../../shared/customers/schemas.js';
import { AppError, badRequest } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { existingCustomer } from '../customers/index.js';
import { insertCustomers } from '../customers/index.js';

type Tx = Kysely<DB>;

/** Users the actor may make the owner of a deal: any agent and themselves for admins and editors, else only themselves. */
export async function assignableAgents(db: Tx, actor: Actor) {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where((eb) => eb.or([eb('banned', 'is', null), eb('banned', '=', false)]))
    .orderBy('name');
  query = seesAll(actor)
    ? query.where((eb) => eb.or([eb('role', '=', 'agent'), eb('id', '=', actor.userId)]))
    : query.where('id', '=', actor.userId);
  return query.execute();
}

/**
 * The deal's owning agent. Agents always own their own deals; others may pick any agent or themselves, or keep the
 * owner the deal already has.
 */
export async function resolveOwner(db: Tx, actor: Actor, requested: string | null, current: string | null = null) {
  const id = seesAll(actor) ? (requested ?? actor.userId) : actor.userId;
  const owner = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where((eb) => eb.or([eb('role', '=', 'agent'), eb('id', '=', actor.userId), ...(current ? [eb('id', '=', current)] : [])]))
    .executeTakeFirst();
  if (!owner) throw badRequest('Agent name is required', { user_id: 'Agent name is required' });
  return owner;
}

/** A deal's customer and vehicle are its agent's own, so the deal never shows or moves another agent's records. */
const ownedByAnotherAgent = (what: 'Customer' | 'Vehicle', field: 'customer_id' | 'vehicle_id') =>
  badRequest(`${what} belongs to another agent`, { [field]: `${what} belongs to another agent` });

/**
 * The picked customer: the one the deal already links (`kept`, only while its owner stays), or one the actor may see
 * that belongs to the deal's agent. Without one picked, a new customer of the deal's agent made from the typed details,
 * unless their e-mail or phone is already a customer's: then nothing is stored and the deal is refused with that
 * customer, to be picked instead (`refuseDuplicate`).
 */
export async function resolveCustomer(db: Tx, actor: Actor, ownerId: string, input: DealInput, kept: string | null = null) {
  if (input.customer_id) {
    const keeping = input.customer_id === kept;
    let query = db.selectFrom('customers').select(['id', 'user_id']).where('id', '=', input.customer_id);
    if (!keeping) query = query.where(visibleTo(actor, 'user_id'));
    const found = await query.executeTakeFirst();
    if (!found) throw badRequest('Customer not found', { customer_id: 'Customer not found' });
    if (!keeping && found.user_id !== ownerId) throw ownedByAnotherAgent('Customer', 'customer_id');
    return found.id;
  }
  if (!input.create_customer) return null;
  const [written] = await insertCustomers(
    db,
    actor,
    [{ user_id: ownerId, name: input.customer_name, email: input.customer_email, phone: input.customer_phone, status: 'active' }],
    {
      origin: 'deal',
      dedupe: true,
      audit: {
        changes: ({ name, email, phone, status }) => ({ name, email, phone, status, source: 'deal' }),
      },
    },
  );
  if (!written!.created) throw await refuseDuplicate(db, actor, written!.row, input);
  return written!.row.id;
}

/**
 * 409 for a deal's new customer who already is one: named, with whose they are, when the actor may see them; else only
 * that they are another agent's (as lead intake says), so a customer the actor may not see is never named.
 */
async function refuseDuplicate(db: Tx, actor: Actor, existing: Row<'customers'>, input: DealInput) {
  const { matched, match } = await existingCustomer(db, actor, existing, { email: input.customer_email });
  const message = match ? alreadyACustomer(match.name) : ALREADY_ANOTHER_AGENTS_CUSTOMER;
  const field = matched === 'email' ? 'customer_email' : 'customer_phone';
  return new AppError(409, 'DUPLICATE_CUSTOMER', message, { [field]: message }, undefined, match ?? undefined);
}

/**
 * The picked vehicle: the one the deal already links (`kept`, only while its owner stays), or one the actor may see
 * that belongs to the deal's agent, or any the actor may see while the dealership shares its inventory. Locked for this transaction so two deals cannot move its status at once.
 */
export async function resolveVehicle(
  db: Tx,
  actor: Actor,
  ownerId: string,
  vehicleId: string | null,
  kept: string | null = null,
) {
  if (!vehicleId) return null;
  const keeping = vehicleId === kept;
  let query = db.selectFrom('vehicles').select(['id', 'user_id']).where('id', '=', vehicleId).forUpdate();
  if (!keeping) query = query.where(inventoryVisibleTo(actor, 'user_id'));
  const found = await query.executeTakeFirst();
  if (!found) throw badRequest('Vehicle not found', { vehicle_id: 'Vehicle not found' });
  // A shared inventory is sold by anyone: the vehicle stays its owner's while the deal is the deal agent's.
  if (!keeping && found.user_id !== ownerId && actor.inventory !== 'dealership')
    throw ownedByAnotherAgent('Vehicle', 'vehicle_id');
  return found.id;
}

/**
 * A vehicle follows its deals: sold while a completed deal holds it, pending while an open one does, otherwise
 * available again. The change is audited against the vehicle, carrying the deal that caused it.
 */
export async function syncVehicleStatus(db: Tx, actor: Actor, vehicleId: string, dealId: string) {
  const { rows } = await sql<{ before: string; after: string; owner: string }>`
    WITH target AS (
      SELECT CASE
        WHEN bool_or(status = 'completed') THEN 'sold'
        WHEN bool_or(status IN ('pending', 'in-progress')) THEN 'pending'
        ELSE 'available' END AS status
      FROM deals WHERE vehicle_id = ${vehicleId}
    ),
    previous AS (SELECT status FROM vehicles WHERE id = ${vehicleId} FOR UPDATE)
    UPDATE vehicles v SET status = target.status, updated_at = greatest(clock_timestamp(), v.updated_at + interval '1 millisecond')
    FROM target, previous
    WHERE v.id = ${vehicleId} AND v.status IS DISTINCT FROM target.status
    RETURNING previous.status AS before, v.status AS after, v.user_id AS owner
  `.execute(db);
  const moved = rows[0];
  if (!moved) return;
  await recordAudit(db, actor, {
    entityType: 'vehicle',
    entityId: vehicleId,
    action: 'status_changed',
    changes: { status: { from: moved.before, to: moved.after }, deal_id: dealId },
  });
  await publishChange(db, 'vehicles', actor.inventory === 'dealership' ? 'all' : [moved.owner]);
}
