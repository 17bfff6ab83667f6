import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { AppError, conflict, notFound, staleWrite } from '../../http/errors.js';
import type { VehicleInput, VehicleUpdate } from '../../../shared/vehicles/schemas.js';
import type { VehicleDetail, VehicleTimelineEntry, VinDuplicate } from '../../../shared/vehicles/types.js';
import { vehicleStatusRule } from '../../../shared/vehicles/status-rule.js';
import { normalizeVin } from '../../../shared/vehicles/vin.js';
import { auditTimeline, changedFields, recordAudit, recordAudits } from '../../platform/audit.js';
import { activeOwner } from '../../platform/users.js';
import type { ReassignInput, ReassignResult } from '../../../shared/common/reassign.js';
import {
  changeableVehicle,
  needsBuyersGuide,
  selectVehicles,
  vehicleColumns,
  vehiclesChanged,
  visibleVehicle,
  type VehicleRow,
} from './list.js';
import { inventoryVisibleTo, requireRole } from '../../auth/scope.js';
import { photoKeysOfVehicle } from './photos.js';

/** A vehicle the actor may not see answers exactly as one that does not exist. */
const vehicleNotFound = () => notFound('Vehicle');

/** What the vehicle's deals allow its status to be. */
async function statusRuleOf(db: Kysely<DB>, vehicleId: string) {
  const deals = await db.selectFrom('deals').select('status').distinct().where('vehicle_id', '=', vehicleId).execute();
  return vehicleStatusRule(deals.map((d) => d.status));
}

/** The vehicle page: the vehicle, what its deals allow its status to be, and whether it waits for its Buyers Guide. */
export async function getVehicleDetail(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<VehicleRow & Pick<VehicleDetail, 'status_rule' | 'needs_buyers_guide' | 'owner_name'>> {
  const vehicle = await selectVehicles(db, actor)
    .select((eb) => [
      needsBuyersGuide.as('needs_buyers_guide'),
      eb
        .selectFrom('users')
        .select('users.name')
        .whereRef('users.id', '=', 'vehicles.user_id')
        .$asScalar()
        .$notNull()
        .as('owner_name'),
    ])
    .where('vehicles.id', '=', id)
    .executeTakeFirst();
  if (!vehicle) throw vehicleNotFound();
  return { ...vehicle, status_rule: await statusRuleOf(db, id) };
}

export async function createVehicle(db: Kysely<DB>, actor: Actor, input: VehicleInput): Promise<VehicleRow> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('vehicles')
      .values({ ...input, user_id: actor.userId })
      .returning(vehicleColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'vehicle',
      entityId: row.id,
      action: 'created',
      changes: changedFields({}, input),
    });
    await vehiclesChanged(tx, actor, [row.user_id]);
    return row;
  });
}

/** Saves an edit made on the version loaded at `updated_at`; a newer version in the database refuses it. */
export async function updateVehicle(db: Kysely<DB>, actor: Actor, id: string, input: VehicleUpdate): Promise<VehicleRow> {
  const { updated_at: loadedAt, ...values } = input;
  return db.transaction().execute(async (tx) => {
    const before = await changeableVehicle(tx, actor, id);
    if (before.updated_at.getTime() !== new Date(loadedAt).getTime()) throw staleWrite();
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return before;
    if (changes.status) {
      const rule = await statusRuleOf(tx, id);
      if (rule && !rule.allowed.includes(values.status))
        throw new AppError(409, 'CONFLICT', rule.reason, { status: rule.reason });
    }
    const after = await tx
      .updateTable('vehicles')
      .set({
        ...values,
        // Strictly later than the version replaced, even for two saves within one millisecond.
        updated_at: sql<Date>`greatest(clock_timestamp(), updated_at + interval '1 millisecond')`,
      })
      .where('id', '=', id)
      .returning(vehicleColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, { entityType: 'vehicle', entityId: id, action: 'updated', changes });
    await vehiclesChanged(tx, actor, [after.user_id]);
    return after;
  });
}

/**
 * Deletes a vehicle the actor may edit. One that deals still name is refused: the deals would lose what they sold.
 * Its audit rows stay; its photos go with it, and the keys of their files are returned to remove once it has.
 */
export async function deleteVehicle(db: Kysely<DB>, actor: Actor, id: string): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const vehicle = await changeableVehicle(tx, actor, id);
    const { deals } = await tx
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<number>().as('deals'))
      .where('vehicle_id', '=', id)
      .executeTakeFirstOrThrow();
    if (deals > 0) {
      throw conflict(
        `This vehicle is on ${deals === 1 ? 'a deal' : `${deals} deals`}. Remove it from ${deals === 1 ? 'that deal' : 'those deals'} before deleting it.`,
      );
    }
    const photoFiles = await photoKeysOfVehicle(tx, id);
    await tx.deleteFrom('vehicles').where('id', '=', id).execute();
    await recordAudit(tx, actor, {
      entityType: 'vehicle',
      entityId: id,
      action: 'deleted',
      changes: { make: vehicle.make, model: vehicle.model, year: vehicle.year, vin: vehicle.vin },
    });
    await vehiclesChanged(tx, actor, [vehicle.user_id]);
    return photoFiles;
  });
}

/** Who created and changed the vehicle, and what, newest first. */
export async function vehicleTimeline(db: Kysely<DB>, actor: Actor, id: string): Promise<VehicleTimelineEntry[]> {
  await visibleVehicle(db, actor, id);
  return (await auditTimeline(db, 'vehicle', id)) as VehicleTimelineEntry[];
}

/** The first vehicle the actor can see that already carries this VIN. */
export async function findVinDuplicate(
  db: Kysely<DB>,
  actor: Actor,
  vin: string | undefined,
  excludeId?: string,
): Promise<VinDuplicate> {
  const normalized = vin ? normalizeVin(vin) : '';
  if (!normalized) return { duplicate: null };
  let query = db
    .selectFrom('vehicles')
    .where(inventoryVisibleTo(actor, 'vehicles.user_id'))
    .select(['vehicles.id', 'vehicles.make', 'vehicles.model', 'vehicles.year'])
    .where('vehicles.vin', '=', normalized);
  if (excludeId) query = query.where('vehicles.id', '<>', excludeId);
  const duplicate = await query.orderBy('vehicles.created_at', 'desc').limit(1).executeTakeFirst();
  return { duplicate: duplicate ?? null };
}

/**
 * Admins and editors give vehicles, one or many, to another user: each change audited on the vehicle (`reassigned`,
 * from and to), both owners' inventories refreshed. Vehicles already theirs are left as they are; a missing one
 * answers 404.
 */
export async function reassignVehicles(db: Kysely<DB>, actor: Actor, input: ReassignInput): Promise<ReassignResult> {
  requireRole(actor, 'editor');
  return db.transaction().execute(async (tx) => {
    const to = await activeOwner(tx, input.user_id);
    const ids = [...new Set(input.ids)];
    const vehicles = await tx
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.user_id')
      .select(['vehicles.id', 'vehicles.user_id', 'users.name as owner_name'])
      .where('vehicles.id', 'in', ids)
      .orderBy('vehicles.id')
      .forUpdate('vehicles')
      .execute();
    if (vehicles.length !== ids.length) throw vehicleNotFound();
    const moving = vehicles.filter((v) => v.user_id !== to.id);
    if (moving.length === 0) return { reassigned: 0, to };
    await tx
      .updateTable('vehicles')
      .set({ user_id: to.id, updated_at: sql<Date>`greatest(clock_timestamp(), updated_at + interval '1 millisecond')` })
      .where(
        'id',
        'in',
        moving.map((v) => v.id),
      )
      .execute();
    await recordAudits(
      tx,
      actor,
      moving.map((v) => ({
        entityType: 'vehicle',
        entityId: v.id,
        action: 'reassigned',
        changes: { user_id: { from: v.user_id, to: to.id }, from: v.owner_name, to: to.name },
      })),
    );
    await vehiclesChanged(tx, actor, [to.id, ...moving.map((v) => v.user_id)]);
    return { reassigned: moving.length, to };
  });
}
