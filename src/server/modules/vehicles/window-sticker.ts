import type { Kysely } from 'kysely';
import { publicVehiclePath } from '../../../shared/listings/paths.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { dealerOf } from '../../platform/settings.js';
import { visibleVehicle } from './list.js';
import { coverPhoto } from './photos.js';

/**
 * The vehicle's window sticker (a vehicle the actor may see): its cover photo, price, facts and features, and a QR
 * code of its public page at `origin`. pdf-lib and the QR writer load with the first sticker, not at start-up.
 */
export async function windowSticker(db: Kysely<DB>, store: BlobStore, actor: Actor, vehicleId: string, origin: string) {
  const vehicle = await visibleVehicle(db, actor, vehicleId);
  const [coverJpeg, dealer] = await Promise.all([coverPhoto(db, store, vehicleId), dealerOf(db)]);
  const { windowStickerPdf } = await import('../../render/window-sticker-pdf.js');
  return windowStickerPdf({ vehicle, dealer, url: `${origin}${publicVehiclePath(vehicle)}`, coverJpeg });
}
