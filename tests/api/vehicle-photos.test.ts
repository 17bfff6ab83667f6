import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  MAX_PHOTOS_PER_VEHICLE,
  PHOTO_NOT_IMAGE,
  PHOTO_ORDER_MISMATCH,
  PHOTO_TOO_MANY_PIXELS,
  PHOTOS_FULL,
  type VehiclePhoto,
} from '../../src/shared/vehicles/photos.js';
import { createLocalStore } from '../../src/server/storage/local-store.js';
import { multipartBody } from '../helpers/document-files.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

let t: TestContext;
let agent: TestUser;
let otherAgent: TestUser;

const thisYear = new Date().getFullYear();

async function createVehicle(as: TestUser) {
  const response = await t.call({
    method: 'POST',
    url: '/api/vehicles',
    as,
    payload: { make: 'Subaru', model: 'Outback', year: thisYear, price_cents: 3_100_000 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A 1200 × 800 JPEG taken 'rotated' (EXIF orientation 6) with the camera's GPS position in it. */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 30, b: 40 } } })
    .jpeg()
    .withExifMerge({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Whether EXIF data holds a GPS block: the GPS IFD pointer's tag, 0x8825, in either byte order. */
const hasGps = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

const upload = (as: TestUser, vehicleId: string, name: string, content: Buffer, mime = 'image/jpeg') => {
  const { payload, headers } = multipartBody(name, content, mime);
  return t.call({ method: 'POST', url: `/api/vehicles/${vehicleId}/photos`, as, payload, headers });
};
const list = async (as: TestUser, vehicleId: string) =>
  (await t.call({ method: 'GET', url: `/api/vehicles/${vehicleId}/photos`, as })).json().items as VehiclePhoto[];
const stored = async (url: string, as: TestUser) => {
  const response = await t.call({ method: 'GET', url, as });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('image/jpeg');
  return response.rawPayload;
};

beforeAll(async () => {
  t = await createTestContext();
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
});
afterAll(() => t.close());

describe("a vehicle's photos", () => {
  it('are kept upright in three sizes, as JPEGs with no location or any other metadata', async () => {
    const vehicleId = await createVehicle(agent);
    const sent = await phonePhoto();
    const sentMeta = await sharp(sent).metadata();
    expect(sentMeta.orientation).toBe(6);
    expect(hasGps(sentMeta.exif!)).toBe(true);
    const response = await upload(agent, vehicleId, 'IMG_0001.jpg', sent);
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json() as VehiclePhoto;
    // Orientation 6 turns the 1200 × 800 picture upright: 800 wide, 1200 high.
    expect(photo).toMatchObject({ position: 0, file_name: 'IMG_0001.jpg', width: 800, height: 1200 });
    for (const [size, edge] of [
      ['thumb', 320],
      ['card', 960],
      ['full', 1200],
    ] as const) {
      const bytes = await stored(photo.urls[size], agent);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBe(edge);
      expect(meta.height).toBeGreaterThan(meta.width!);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      if (size === 'full') {
        const { createHash } = await import('node:crypto');
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(photo.sha256);
      }
    }
    // Another agent's vehicle: neither its photos nor their files.
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${vehicleId}/photos`, as: otherAgent })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: photo.urls.full, as: otherAgent })).statusCode).toBe(404);
    expect((await upload(otherAgent, vehicleId, 'x.jpg', sent)).statusCode).toBe(404);
  });

  it('are checked by their content: a script named .jpg and an image too large to decode are refused', async () => {
    const vehicleId = await createVehicle(agent);
    const script = await upload(agent, vehicleId, 'car.jpg', Buffer.from('#!/bin/sh\nrm -rf /\n'));
    expect(script.statusCode).toBe(415);
    expect(script.json().error.message).toBe(PHOTO_NOT_IMAGE);
    const pdf = await upload(agent, vehicleId, 'car.jpg', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'));
    expect(pdf.statusCode).toBe(415);
    // 10,000 × 10,000 is 100 megapixels: refused from its header, before it is decoded.
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await upload(agent, vehicleId, 'huge.png', huge, 'image/png');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(PHOTO_TOO_MANY_PIXELS);
    expect(await list(agent, vehicleId)).toEqual([]);
    // PNG and WebP photos are taken, as JPEGs.
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#00a' } })
      .webp()
      .toBuffer();
    expect((await upload(agent, vehicleId, 'side.png', png, 'image/png')).statusCode).toBe(201);
    expect((await upload(agent, vehicleId, 'back.webp', webp, 'image/webp')).statusCode).toBe(201);
    expect((await list(agent, vehicleId)).map((p) => [p.file_name, p.width, p.height])).toEqual([
      ['side.png', 400, 300],
      ['back.webp', 400, 300],
    ]);
  });

  it("take a phone's HEIC (decoded by libheif) and an AVIF, as JPEGs with the picture's own colours", async () => {
    const vehicleId = await createVehicle(agent);
    // tests/fixtures/phone.heic: 640 × 480, HEVC, green with a yellow top-left quarter (made with libheif's heif-enc).
    const heic = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/phone.heic'));
    const response = await upload(agent, vehicleId, 'IMG_0002.HEIC', heic, 'image/heic');
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json() as VehiclePhoto;
    expect(photo).toMatchObject({ file_name: 'IMG_0002.HEIC', width: 640, height: 480 });
    const { data, info } = await sharp(await stored(photo.urls.full, agent))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 640, height: 480, channels: 3 });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const near = (got: number[], want: number[]) => got.every((value, i) => Math.abs(value - want[i]!) < 24);
    expect(near(pixel(80, 60), [230, 200, 20]), String(pixel(80, 60))).toBe(true);
    expect(near(pixel(560, 420), [20, 140, 60]), String(pixel(560, 420))).toBe(true);

    const avif = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#a05' } })
      .avif()
      .toBuffer();
    expect((await upload(agent, vehicleId, 'rear.avif', avif, 'image/avif')).statusCode).toBe(201);
    // A HEIC that is cut short is not a photo.
    const broken = await upload(agent, vehicleId, 'cut.heic', heic.subarray(0, 600), 'image/heic');
    expect(broken.statusCode).toBe(415);
    expect((await list(agent, vehicleId)).map((p) => p.file_name)).toEqual(['IMG_0002.HEIC', 'rear.avif']);
  });

  it('keep every photo of uploads at the same time, each in a place of its own, up to the limit', async () => {
    const vehicleId = await createVehicle(agent);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, n) => upload(agent, vehicleId, `photo-${n}.jpg`, photo)));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const photos = await list(agent, vehicleId);
    expect(photos).toHaveLength(6);
    expect(photos.map((p) => p.position).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);

    // The limit: fill up with rows (the files are not what is counted), then one more is refused.
    const row = await t.database.db
      .selectFrom('vehicle_photos')
      .selectAll()
      .where('vehicle_id', '=', vehicleId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('vehicle_photos')
      .values(
        Array.from({ length: MAX_PHOTOS_PER_VEHICLE - 6 }, (_, n) => ({
          ...row,
          id: crypto.randomUUID(),
          position: 6 + n,
          thumb_key: `${row.thumb_key}-${n}`,
          card_key: `${row.card_key}-${n}`,
          full_key: `${row.full_key}-${n}`,
        })),
      )
      .execute();
    const full = await upload(agent, vehicleId, 'one-more.jpg', photo);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(PHOTOS_FULL);
  });

  it('keep their order and cover, and a deleted photo or vehicle leaves no file behind', async () => {
    const vehicleId = await createVehicle(agent);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#543' } })
      .jpeg()
      .toBuffer();
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) ids.push((await upload(agent, vehicleId, `p${n}.jpg`, photo)).json().id);
    const order = (payload: Record<string, unknown>) =>
      t.call({ method: 'PUT', url: `/api/vehicles/${vehicleId}/photos/order`, as: agent, payload });
    // The third becomes the cover.
    const reordered = await order({ ids: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await list(agent, vehicleId)).map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);
    for (const ids_ of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [ids[0], ids[1], crypto.randomUUID()],
    ]) {
      const bad = await order({ ids: ids_ });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(PHOTO_ORDER_MISMATCH);
    }
    expect((await list(agent, vehicleId)).map((p) => p.id)).toEqual([ids[2], ids[0], ids[1]]);

    const store = createLocalStore(t.config.dataDir);
    const keysOf = async (id?: string) =>
      (
        await t.database.db
          .selectFrom('vehicle_photos')
          .select(['thumb_key', 'card_key', 'full_key'])
          .where('vehicle_id', '=', vehicleId)
          .$if(id !== undefined, (qb) => qb.where('id', '=', id!))
          .execute()
      ).flatMap((r) => [r.thumb_key, r.card_key, r.full_key]);
    const first = await keysOf(ids[0]);
    for (const key of first) expect(await store.exists(key)).toBe(true);
    expect((await t.call({ method: 'DELETE', url: `/api/vehicles/${vehicleId}/photos/${ids[0]}`, as: agent })).statusCode).toBe(
      204,
    );
    for (const key of first) expect(await store.exists(key)).toBe(false);

    const rest = await keysOf();
    expect(rest).toHaveLength(6);
    expect((await t.call({ method: 'DELETE', url: `/api/vehicles/${vehicleId}`, as: agent })).statusCode).toBe(204);
    for (const key of rest) expect(await store.exists(key)).toBe(false);
    expect(await t.database.db.selectFrom('vehicle_photos').select('id').where('vehicle_id', '=', vehicleId).execute()).toEqual(
      [],
    );
  });
});
