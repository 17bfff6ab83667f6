import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import { fileTypeFromFile } from 'file-type';
import {
  MAX_PHOTO_PIXELS,
  MAX_PHOTOS_PER_VEHICLE,
  PHOTO_EDGE,
  PHOTO_NOT_IMAGE,
  PHOTO_ORDER_MISMATCH,
  PHOTO_TOO_MANY_PIXELS,
  PHOTOS_FULL,
  photoSizes,
  photoUrl,
  type PhotoSize,
  type VehiclePhoto,
} from '../../../shared/vehicles/photos.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { onFirstUse } from '../../first-use.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { pendingKey, type BlobStore } from '../../storage/blob-store.js';
import type { Spool } from '../../storage/spool.js';
import { recordAudit } from '../../platform/audit.js';
import { displayName } from '../documents/index.js';
import type { ErrorLog } from '../documents/index.js';
import { changeableVehicle, vehiclesChanged, visibleVehicle } from './list.js';

type Db = Kysely<DB>;

/** sharp (libvips) is loaded on the first photo, not at start-up; it keeps no decoded images between calls. */
const loadSharp = onFirstUse(async () => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
});

/** What sharp reads itself; a phone's HEIC (HEVC, which sharp's libvips is built without) is decoded by libheif. */
const photoTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const heifTypes = new Set(['image/heic', 'image/heif']);
const notPhoto = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_NOT_IMAGE);
const tooManyPixels = () => new AppError(413, 'PAYLOAD_TOO_LARGE', PHOTO_TOO_MANY_PIXELS);

/**
 * A phone's HEIC photo decoded to pixels by libheif compiled to WebAssembly (heic-decode), in a thread of its own: a
 * 12-megapixel photo takes seconds, during which the server's main thread would answer no one. The thread reads the
 * image's size first and decodes only one within MAX_PHOTO_PIXELS; it is ended once it has answered.
 */
const HEIC_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoder);
(async () => {
  const images = await decode.all({ buffer: workerData.buffer });
  try {
    const primary = images[0];
    if (!primary || !primary.width || !primary.height) return parentPort.postMessage({ refused: 'not a photo' });
    if (primary.width * primary.height > workerData.maxPixels) return parentPort.postMessage({ refused: 'too many pixels' });
    const { width, height, data } = await primary.decode();
    parentPort.postMessage({ width, height, data }, [data.buffer]);
  } finally {
    images.dispose();
  }
})().catch(() => parentPort.postMessage({ refused: 'not a photo' }));
`;
type HeicAnswer = { refused: 'not a photo' | 'too many pixels' } | { width: number; height: number; data: Uint8ClampedArray };

/**
 * HEICs decoded at once in this process, one a core: each thread holds libheif's memory (a 12-megapixel photo's
 * pixels are 48 MB), and more threads than cores decode no faster.
 */
const heicSlots = { free: Math.max(1, os.availableParallelism()), waiting: [] as (() => void)[] };
async function inHeicSlot<T>(work: () => Promise<T>): Promise<T> {
  if (heicSlots.free > 0) heicSlots.free--;
  else await new Promise<void>((resolve) => heicSlots.waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = heicSlots.waiting.shift();
    if (next) next();
    else heicSlots.free++;
  }
}

function decodeHeic(buffer: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  return inHeicSlot(() => decodeInThread(buffer));
}

function decodeInThread(buffer: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const decoder = createRequire(import.meta.url).resolve('heic-decode');
  const thread = new Worker(HEIC_THREAD, { eval: true, workerData: { decoder, buffer, maxPixels: MAX_PHOTO_PIXELS } });
  const answer = new Promise<HeicAnswer>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', () => reject(new Error('The HEIC thread ended without an answer')));
  });
  return answer
    .then((decoded) => {
      if ('refused' in decoded) throw decoded.refused === 'too many pixels' ? tooManyPixels() : notPhoto();
      return decoded;
    })
    .catch((error: unknown) => {
      throw error instanceof AppError ? error : notPhoto();
    })
    .finally(() => thread.terminate());
}

type Processed = {
  width: number;
  height: number;
  sha256: string;
  bytes: number;
  files: Record<PhotoSize, { path: string; size: number }>;
};

/**
 * The picture an upload holds, for sharp to read once: a file sharp decodes itself (its header read first, so one
 * above MAX_PHOTO_PIXELS is refused before it is decoded), or a HEIC's primary image decoded to pixels by libheif
 * (its size, too, is read before its pixels are).
 */
async function pictureOf(upload: string, mime: string) {
  const sharp = await loadSharp();
  if (heifTypes.has(mime)) {
    const { width, height, data } = await decodeHeic(await fs.promises.readFile(upload));
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  }
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw notPhoto();
    });
  if (!meta.width || !meta.height) throw notPhoto();
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw tooManyPixels();
  return sharp(upload, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });
}

/**
 * The photo as Torque keeps it, from the uploaded file's own bytes: a JPEG, PNG, WebP, AVIF or a phone's HEIC
 * (whatever its name says), at most MAX_PHOTO_PIXELS, turned upright by its orientation and written in each size as
 * a JPEG with no metadata at all, so no location or camera detail is kept. The upload is decoded once, into the full
 * size; the card and the thumbnail are made from that.
 */
async function processPhoto(upload: string, spool: Spool): Promise<Processed> {
  const type = await fileTypeFromFile(upload);
  if (!type || !(photoTypes.has(type.mime) || heifTypes.has(type.mime))) throw notPhoto();
  const picture = await pictureOf(upload, type.mime);
  const sharp = await loadSharp();
  const files = {} as Processed['files'];
  const written: string[] = [];
  try {
    let full = { width: 0, height: 0 };
    for (const size of ['full', 'card', 'thumb'] as const) {
      const path = spool.file();
      written.push(path);
      const edge = PHOTO_EDGE[size];
      const source = size === 'full' ? picture.rotate() : sharp(files.full.path);
      const info = await source
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: size === 'thumb' ? 75 : 82, mozjpeg: true })
        .toFile(path)
        .catch(() => {
          throw notPhoto();
        });
      files[size] = { path, size: info.size };
      if (size === 'full') full = { width: info.width, height: info.height };
    }
    const sha256 = crypto
      .createHash('sha256')
      .update(await fs.promises.readFile(files.full.path))
      .digest('hex');
    const bytes = photoSizes.reduce((total, size) => total + files[size].size, 0);
    return { ...full, sha256, bytes, files };
  } catch (error) {
    await Promise.all(written.map((path) => fs.promises.rm(path, { force: true })));
    throw error;
  }
}

const photoKeys = (vehicleId: string, photoId: string) =>
  Object.fromEntries(photoSizes.map((size) => [size, `vehicle-photos/${vehicleId}/${photoId}-${size}.jpg`])) as Record<
    PhotoSize,
    string
  >;

/** The stored file of one size of a photo. */
export const storedKeyOf = (row: Pick<Row<'vehicle_photos'>, 'thumb_key' | 'card_key' | 'full_key'>, size: PhotoSize) =>
  ({ thumb: row.thumb_key, card: row.card_key, full: row.full_key })[size];

const keysOf = (row: Pick<Row<'vehicle_photos'>, 'thumb_key' | 'card_key' | 'full_key'>) => [
  row.thumb_key,
  row.card_key,
  row.full_key,
];

const toPhoto = (row: Row<'vehicle_photos'>): VehiclePhoto => ({
  id: row.id,
  position: row.position,
  file_name: row.file_name,
  width: row.width,
  height: row.height,
  sha256: row.sha256,
  urls: {
    thumb: photoUrl(row.vehicle_id, row.id, 'thumb'),
    card: photoUrl(row.vehicle_id, row.id, 'card'),
    full: photoUrl(row.vehicle_id, row.id, 'full'),
  },
  created_at: row.created_at.toISOString(),
});

/** The vehicle's photos in the order shown, the cover first. */
export async function listPhotos(db: Db, actor: Actor, vehicleId: string) {
  await visibleVehicle(db, actor, vehicleId);
  const rows = await db
    .selectFrom('vehicle_photos')
    .selectAll()
    .where('vehicle_id', '=', vehicleId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  return { items: rows.map(toPhoto) };
}

/** Removes stored files whose rows are gone; one that fails is left for the blob sweep. */
export async function removeStored(store: BlobStore, keys: readonly string[], log: ErrorLog) {
  await Promise.all(
    keys.map((key) =>
      store
        .remove(key)
        .catch((error: unknown) => log.error({ err: error, key }, 'photo removed but its file is left for the sweep')),
    ),
  );
}

type PhotoDeps = { store: BlobStore; spool: Spool; instanceId: string; log: ErrorLog };

/**
 * Adds one uploaded photo at the end of the vehicle's: its sizes are stored under pending keys, its row is written
 * with the vehicle locked (so uploads at the same time each get a place of their own, and the limit holds), and its
 * files move to their own keys once the row has committed.
 */
export async function addPhoto(
  db: Db,
  actor: Actor,
  vehicleId: string,
  upload: { path: string; fileName: string | undefined },
  deps: PhotoDeps,
): Promise<VehiclePhoto> {
  await visibleVehicle(db, actor, vehicleId);
  const processed = await processPhoto(upload.path, deps.spool);
  const id = crypto.randomUUID();
  const keys = photoKeys(vehicleId, id);
  const pending = photoSizes.map((size) => ({ from: pendingKey(deps.instanceId, keys[size]), to: keys[size], size }));
  try {
    for (const { from, size } of pending) {
      await deps.store.put(from, {
        path: processed.files[size].path,
        size: processed.files[size].size,
        contentType: 'image/jpeg',
      });
    }
  } finally {
    await Promise.all(photoSizes.map((size) => fs.promises.rm(processed.files[size].path, { force: true })));
  }
  let row: Row<'vehicle_photos'>;
  try {
    row = await db.transaction().execute(async (tx) => {
      const vehicle = await changeableVehicle(tx, actor, vehicleId);
      const { count, last } = await tx
        .selectFrom('vehicle_photos')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('position').as('last')])
        .where('vehicle_id', '=', vehicleId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_PHOTOS_PER_VEHICLE) throw conflict(PHOTOS_FULL);
      const inserted = await tx
        .insertInto('vehicle_photos')
        .values({
          id,
          vehicle_id: vehicleId,
          position: last === null ? 0 : Number(last) + 1,
          file_name: displayName(upload.fileName),
          width: processed.width,
          height: processed.height,
          thumb_key: keys.thumb,
          card_key: keys.card,
          full_key: keys.full,
          sha256: processed.sha256,
          bytes: processed.bytes,
          uploaded_by: actor.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(tx, actor, {
        entityType: 'vehicle',
        entityId: vehicleId,
        action: 'photo_added',
        changes: { photo_id: id, file_name: inserted.file_name },
      });
      await vehiclesChanged(tx, actor, [vehicle.user_id]);
      return inserted;
    });
  } catch (error) {
    await Promise.all(pending.map(({ from }) => deps.store.remove(from).catch(() => undefined)));
    throw error;
  }
  for (const { from, to } of pending) {
    await deps.store
      .move(from, to)
      .catch((error: unknown) =>
        deps.log.error({ err: error, key: to }, 'photo saved under its pending key; the sweep moves it'),
      );
  }
  return toPhoto(row);
}

/** Puts the vehicle's photos in the order given (every one of them, each once); the first is the cover. */
export async function orderPhotos(db: Db, actor: Actor, vehicleId: string, ids: string[]) {
  return db.transaction().execute(async (tx) => {
    const vehicle = await changeableVehicle(tx, actor, vehicleId);
    const current = await tx.selectFrom('vehicle_photos').select('id').where('vehicle_id', '=', vehicleId).execute();
    const known = new Set(current.map((p) => p.id));
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw badRequest(PHOTO_ORDER_MISMATCH, { ids: PHOTO_ORDER_MISMATCH });
    await sql`
      update vehicle_photos p set position = o.position - 1
      from unnest(${sql.val(ids)}::uuid[]) with ordinality as o(id, position)
      where p.id = o.id and p.vehicle_id = ${vehicleId}`.execute(tx);
    await recordAudit(tx, actor, {
      entityType: 'vehicle',
      entityId: vehicleId,
      action: 'photos_ordered',
      changes: { cover: ids[0] },
    });
    await vehiclesChanged(tx, actor, [vehicle.user_id]);
    return listPhotos(tx, actor, vehicleId);
  });
}

/** Deletes one photo, and its files once its row is gone. */
export async function removePhoto(db: Db, store: BlobStore, actor: Actor, vehicleId: string, photoId: string, log: ErrorLog) {
  const removed = await db.transaction().execute(async (tx) => {
    const vehicle = await changeableVehicle(tx, actor, vehicleId);
    const row = await tx
      .deleteFrom('vehicle_photos')
      .where('id', '=', photoId)
      .where('vehicle_id', '=', vehicleId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Photo');
    await recordAudit(tx, actor, {
      entityType: 'vehicle',
      entityId: vehicleId,
      action: 'photo_removed',
      changes: { photo_id: photoId, file_name: row.file_name },
    });
    await vehiclesChanged(tx, actor, [vehicle.user_id]);
    return row;
  });
  await removeStored(store, keysOf(removed), log);
}

/** A stored size of a photo of a vehicle the actor may see. */
export async function openPhoto(db: Db, store: BlobStore, actor: Actor, vehicleId: string, photoId: string, size: PhotoSize) {
  await visibleVehicle(db, actor, vehicleId);
  const row = await db
    .selectFrom('vehicle_photos')
    .select(['thumb_key', 'card_key', 'full_key'])
    .where('id', '=', photoId)
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
  if (!row) throw notFound('Photo');
  const stored = await store.open(storedKeyOf(row, size));
  if (!stored) throw notFound('Photo');
  return stored;
}

/** The stored files of a vehicle's photos, read before the vehicle is deleted, to remove once it is. */
export async function photoKeysOfVehicle(db: Db, vehicleId: string) {
  const rows = await db
    .selectFrom('vehicle_photos')
    .select(['thumb_key', 'card_key', 'full_key'])
    .where('vehicle_id', '=', vehicleId)
    .execute();
  return rows.flatMap(keysOf);
}

/** Which of these storage keys a photo names, for the blob sweep. */
export async function referencedPhotoKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const photos = keys.filter((key) => key.startsWith('vehicle-photos/'));
  if (photos.length === 0) return new Set();
  const rows = await db
    .selectFrom('vehicle_photos')
    .select(['thumb_key', 'card_key', 'full_key'])
    .where((eb) => eb.or([eb('thumb_key', 'in', photos), eb('card_key', 'in', photos), eb('full_key', 'in', photos)]))
    .execute();
  return new Set(rows.flatMap(keysOf));
}

/** The id of the vehicle's cover photo, the first of its photos, or null when it has none. */
export async function coverPhotoId(db: Db, vehicleId: string): Promise<string | null> {
  const row = await db
    .selectFrom('vehicle_photos')
    .select('id')
    .where('vehicle_id', '=', vehicleId)
    .orderBy('position')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The card size of a photo, read whole (about 100 KB): the vehicle's cover, or the photo named (a quote's, while it
 * is kept); null when there is none.
 */
export async function coverPhoto(db: Db, store: BlobStore, vehicleId: string, photoId?: string): Promise<Buffer | null> {
  const id = photoId ?? (await coverPhotoId(db, vehicleId));
  const row = id
    ? await db
        .selectFrom('vehicle_photos')
        .select('card_key')
        .where('id', '=', id)
        .where('vehicle_id', '=', vehicleId)
        .executeTakeFirst()
    : undefined;
  const stored = row && (await store.open(row.card_key));
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
