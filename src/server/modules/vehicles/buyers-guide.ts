import { sql, type Kysely } from 'kysely';
import {
  buyersGuideSchema,
  dealBuyersGuideSchema,
  GUIDE_NOT_COMPLETED,
  GUIDE_NOT_USED,
  type BuyersGuideChoices,
  type DealBuyersGuide,
  type GuideLanguage,
  type SaveBuyersGuide,
  type SavedBuyersGuide,
  type VehicleBuyersGuide,
} from '../../../shared/vehicles/buyers-guide.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { conflict, notFound, staleWrite } from '../../http/errors.js';
import type { GuideFacts } from '../../render/buyers-guide-pdf.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import { dealerOf } from '../../platform/settings.js';
import { changeableVehicle, vehiclesChanged, visibleVehicle } from './list.js';

type Db = Kysely<DB>;

/** The guide kept for a vehicle, read through today's schema (a choice added since reads as its default). */
async function savedGuide(db: Db, vehicleId: string): Promise<SavedBuyersGuide | null> {
  const row = await db
    .selectFrom('vehicle_buyers_guides as g')
    .leftJoin('users as u', 'u.id', 'g.saved_by')
    .select(['g.guide', 'g.saved_at', 'u.name as saved_by'])
    .where('g.vehicle_id', '=', vehicleId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...buyersGuideSchema.parse(row.guide),
    saved_at: row.saved_at.toISOString(),
    saved_by: row.saved_by ?? 'A former user',
  };
}

export async function getBuyersGuide(db: Db, actor: Actor, vehicleId: string): Promise<VehicleBuyersGuide> {
  const vehicle = await visibleVehicle(db, actor, vehicleId);
  return { guide: await savedGuide(db, vehicleId), updated_at: vehicle.updated_at.toISOString() };
}

/**
 * Completes or changes a used vehicle's guide (its owner, editors and admins): saved on the vehicle's version read, audited
 * with what changed, and the vehicle's version moves on so another screen's edit learns of it.
 */
export async function saveBuyersGuide(db: Db, actor: Actor, vehicleId: string, input: SaveBuyersGuide) {
  return db.transaction().execute(async (tx) => {
    const vehicle = await changeableVehicle(tx, actor, vehicleId);
    if (vehicle.updated_at.getTime() !== new Date(input.updated_at).getTime()) throw staleWrite();
    if (vehicle.condition !== 'used') throw conflict(GUIDE_NOT_USED);
    const before = await savedGuide(tx, vehicleId);
    const changes = changedFields<Record<string, unknown>>(before ?? {}, input.guide);
    if (before && Object.keys(changes).length === 0) return getBuyersGuide(tx, actor, vehicleId);
    await tx
      .insertInto('vehicle_buyers_guides')
      .values({ vehicle_id: vehicleId, guide: JSON.stringify(input.guide), saved_by: actor.userId })
      .onConflict((oc) =>
        oc.column('vehicle_id').doUpdateSet({ guide: JSON.stringify(input.guide), saved_by: actor.userId, saved_at: sql`now()` }),
      )
      .execute();
    await tx
      .updateTable('vehicles')
      .set({ updated_at: sql<Date>`greatest(clock_timestamp(), updated_at + interval '1 millisecond')` })
      .where('id', '=', vehicleId)
      .execute();
    await recordAudit(tx, actor, {
      entityType: 'vehicle',
      entityId: vehicleId,
      action: before ? 'buyers_guide_changed' : 'buyers_guide_completed',
      changes,
    });
    await vehiclesChanged(tx, actor, [vehicle.user_id]);
    return getBuyersGuide(tx, actor, vehicleId);
  });
}

/** pdf-lib and the guide's layout load with the first guide printed, not at start-up. */
const printGuide = async (guide: BuyersGuideChoices, facts: GuideFacts, language: GuideLanguage) =>
  (await import('../../render/buyers-guide-pdf.js')).buyersGuidePdf(guide, facts, language);

/** The vehicle's guide as a PDF to print, in English or Spanish; 409 until it is completed. */
export async function vehicleBuyersGuidePdf(db: Db, actor: Actor, vehicleId: string, language: GuideLanguage) {
  const vehicle = await visibleVehicle(db, actor, vehicleId);
  if (vehicle.condition !== 'used') throw conflict(GUIDE_NOT_USED);
  const guide = await savedGuide(db, vehicleId);
  if (!guide) throw conflict(GUIDE_NOT_COMPLETED);
  return printGuide(guide, { vehicle, dealer: await dealerOf(db) }, language);
}

/**
 * The deal keeps the guide its used vehicle carries as the sale completes: the choices, the vehicle and the dealer
 * as they are now, so what was agreed prints the same however they change later. Called in the deal's transaction
 * whenever it completes; a vehicle with no guide leaves the deal without one.
 */
export async function keepBuyersGuide(tx: Db, dealId: string, vehicleId: string) {
  const vehicle = await tx
    .selectFrom('vehicles')
    .select(['year', 'make', 'model', 'vin', 'condition'])
    .where('id', '=', vehicleId)
    .executeTakeFirst();
  const guide = vehicle?.condition === 'used' ? await savedGuide(tx, vehicleId) : null;
  if (!vehicle || !guide) return;
  const kept: DealBuyersGuide = {
    ...guide,
    vehicle: { year: vehicle.year, make: vehicle.make, model: vehicle.model, vin: vehicle.vin },
    dealer: await dealerOf(tx),
    sold_at: new Date().toISOString(),
  };
  await tx
    .insertInto('deal_buyers_guides')
    .values({ deal_id: dealId, guide: JSON.stringify(kept) })
    .onConflict((oc) => oc.column('deal_id').doUpdateSet({ guide: JSON.stringify(kept), created_at: sql`now()` }))
    .execute();
}

/** The guide a deal kept from its sale, or null; the caller has checked the actor may see the deal. */
export async function dealBuyersGuide(db: Db, dealId: string): Promise<DealBuyersGuide | null> {
  const row = await db.selectFrom('deal_buyers_guides').select('guide').where('deal_id', '=', dealId).executeTakeFirst();
  return row ? dealBuyersGuideSchema.parse(row.guide) : null;
}

/** The guide a deal kept, printed as it was at the sale. */
export async function dealBuyersGuidePdf(db: Db, dealId: string, language: GuideLanguage) {
  const kept = await dealBuyersGuide(db, dealId);
  if (!kept) throw notFound('Buyers Guide');
  return printGuide(buyersGuideSchema.parse(kept), kept, language);
}
