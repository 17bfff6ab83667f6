import type { Kysely } from 'kysely';
import { publicKeyOf, publicVehiclePath } from '../../../shared/listings/paths.js';
import type { LeadVehicle } from '../../../shared/leads/types.js';
import type { PhotoSize } from '../../../shared/vehicles/photos.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { dealerOf } from '../../platform/settings.js';
import { needsBuyersGuide } from '../vehicles/index.js';
import { storedKeyOf } from '../vehicles/index.js';
import { shownPublicly } from './feeds.js';

type Db = Kysely<DB>;

/**
 * A vehicle's public page: shown while available, listed and, used, with its Buyers Guide; a sold one says so; anything
 * else is not found.
 */
export type PublicVehicle = Awaited<ReturnType<typeof publicVehicle>>;

const publicColumns = [
  'vehicles.id',
  'vehicles.public_key',
  'vehicles.year',
  'vehicles.make',
  'vehicles.model',
  'vehicles.vin',
  'vehicles.condition',
  'vehicles.mileage',
  'vehicles.color',
  'vehicles.price_cents',
  'vehicles.location',
  'vehicles.features',
  'vehicles.status',
  'vehicles.listed',
] as const;

/** The vehicle a public address names (by the key at its end), with its photos and the dealer; 404 when none. */
export async function publicVehicle(db: Db, ref: string) {
  const key = publicKeyOf(ref);
  const vehicle = key
    ? await db
        .selectFrom('vehicles')
        .select([...publicColumns, needsBuyersGuide.as('needs_buyers_guide')])
        .where('vehicles.public_key', '=', key)
        .executeTakeFirst()
    : undefined;
  // A vehicle taken off the listings is not found, as one that never was, and so is a used one still without its
  // Buyers Guide (16 CFR 455.2); a sold one's page says it was sold.
  if (!vehicle || !vehicle.listed || vehicle.needs_buyers_guide || (vehicle.status !== 'available' && vehicle.status !== 'sold'))
    throw notFound('Vehicle');
  const [photos, dealer] = await Promise.all([
    db
      .selectFrom('vehicle_photos')
      .select(['id', 'width', 'height'])
      .where('vehicle_id', '=', vehicle.id)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
    dealerOf(db),
  ]);
  return { ...vehicle, path: publicVehiclePath(vehicle), sold: vehicle.status === 'sold', photos, dealer };
}

/** A stored size of a photo of a vehicle shown publicly; 404 otherwise. */
export async function openPublicPhoto(db: Db, store: BlobStore, ref: string, photoId: string, size: PhotoSize) {
  const key = publicKeyOf(ref);
  const row = key
    ? await db
        .selectFrom('vehicle_photos')
        .innerJoin('vehicles', 'vehicles.id', 'vehicle_photos.vehicle_id')
        .select(['vehicle_photos.thumb_key', 'vehicle_photos.card_key', 'vehicle_photos.full_key'])
        .where('vehicles.public_key', '=', key)
        .where('vehicle_photos.id', '=', photoId)
        .where(shownPublicly)
        .executeTakeFirst()
    : undefined;
  const stored = row && (await store.open(storedKeyOf(row, size)));
  if (!stored) throw notFound('Photo');
  return stored;
}

/** The vehicle a lead from its page is about, as the lead intake records a vehicle of interest. */
export const vehicleOfInterest = (vehicle: PublicVehicle): LeadVehicle => ({
  interest: 'buy',
  status: vehicle.condition,
  year: vehicle.year,
  make: vehicle.make,
  model: vehicle.model,
  vin: vehicle.vin,
  trim: null,
  price_cents: vehicle.price_cents,
});
