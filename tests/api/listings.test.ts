import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import jsQR from 'jsqr';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_NOT_FOUND, type KeyedListingFeed } from '../../src/shared/listings/schemas.js';
import { publicVehiclePath } from '../../src/shared/listings/paths.js';
import type { Vehicle } from '../../src/shared/vehicles/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { multipartBody } from '../helpers/document-files.js';
import { pdfPageImage, pdfPages, pdfWords } from '../helpers/pdf-tools.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The private seller's contact, set on every vehicle the tests add and found nowhere the public reads: numbers and an
 * address no dealership setting or other fixture uses, in every form a page or feed might write them.
 */
const SELLER_PHONE = '(737) 555-0188';
const SELLER_EMAIL = 'pat.quietseller@sellers.example';
const sellerTraces = ['555-0188', '5550188', '555 0188', 'quietseller'];
const expectNoSellerContact = (body: string, where: string) => {
  for (const trace of sellerTraces) expect(body, `${where}: ${trace}`).not.toContain(trace);
};

let t: TestContext;
let agent: TestUser;
let admin: TestUser;

/** A vehicle as agent Lena adds it; a used one is given its Buyers Guide by the admin unless `guide` is false. */
async function createVehicle(fields: Record<string, unknown> = {}, { guide = true } = {}) {
  const response = await t.call({
    method: 'POST',
    url: '/api/vehicles',
    as: agent,
    payload: {
      make: 'Mazda',
      model: 'CX-5 Touring',
      year: 2021,
      mileage: 28_400,
      price_cents: 2_689_900,
      vin: 'JM3KFBCM1M0123456',
      color: 'Soul Red',
      location: 'Austin, TX',
      features: ['Backup Camera', 'Heated Seats'],
      contact_name: 'Private Seller Pat',
      contact_phone: SELLER_PHONE,
      contact_email: SELLER_EMAIL,
      notes: 'Owner wants a quick sale; floor is $25,000',
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const vehicle = response.json() as Vehicle;
  if (guide && vehicle.condition === 'used') await completeGuide(vehicle);
  return vehicle;
}

async function completeGuide(vehicle: Vehicle) {
  const current = (await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}/buyers-guide`, as: admin })).json();
  const saved = await t.call({
    method: 'PUT',
    url: `/api/vehicles/${vehicle.id}/buyers-guide`,
    as: admin,
    payload: { guide: { version: 'as_is', dealer_warranty: 'none' }, updated_at: current.updated_at },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function addPhoto(vehicleId: string, color = { r: 30, g: 120, b: 200 }) {
  const { default: sharp } = await import('sharp');
  const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const { payload, headers } = multipartBody('front.jpg', image, 'image/jpeg');
  const response = await t.call({ method: 'POST', url: `/api/vehicles/${vehicleId}/photos`, as: agent, payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const setVehicle = async (vehicle: Vehicle, changes: Partial<Vehicle>) => {
  const current = (await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).json() as Vehicle;
  const { id: _id, user_id: _user, created_at: _created, public_key: _key, ...fields } = current;
  const saved = await t.call({
    method: 'PUT',
    url: `/api/vehicles/${vehicle.id}`,
    as: agent,
    payload: { ...fields, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
};

const anonymous = (
  url: string,
  options: { method?: 'GET' | 'POST'; payload?: string; headers?: Record<string, string>; ip?: string } = {},
) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url,
    payload: options.payload,
    headers: options.headers,
    remoteAddress: options.ip ?? '203.0.113.7',
  });

let feed: KeyedListingFeed;
const feedUrl = (format: 'csv' | 'xml' | 'json', key = feed.key) => `/feeds/${key}/vehicles.${format}`;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://cars.example' });
  agent = await t.createUser('agent', 'Lena Agent');
  admin = await t.createUser('admin', 'Ari Admin');
  const created = await t.call({ method: 'POST', url: '/api/settings/listing-feeds', as: admin, payload: { name: 'CarMarket' } });
  expect(created.statusCode, created.body).toBe(201);
  feed = created.json();
});
afterAll(() => t.close());

describe("a vehicle's public page", () => {
  it('shows the listed vehicle with its photos, price and dealer, at an address not made of its id', async () => {
    const vehicle = await createVehicle();
    const cover = await addPhoto(vehicle.id);
    const second = await addPhoto(vehicle.id, { r: 200, g: 40, b: 40 });
    const page = publicVehiclePath(vehicle);
    expect(page).toBe(`/cars/2021-mazda-cx-5-touring-${vehicle.public_key}`);
    expect(page).not.toContain(vehicle.id);

    const response = await anonymous(page);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const html = response.body;
    for (const text of [
      '2021 Mazda CX-5 Touring',
      '$26,899',
      '28,400 mi',
      'JM3KFBCM1M0123456',
      'Soul Red',
      'Heated Seats',
      'Torque Auto Brokerage',
    ])
      expect(html, text).toContain(text);
    expect(html).toContain(`src="${page}/photos/${cover}/card.jpg"`);
    expect(html).toContain(`src="${page}/photos/${second}/thumb.jpg"`);
    expect(html).toContain('<meta property="og:image" content="https://cars.example');
    expect(html).toContain('"@type":"Car"');
    // The brokerage's own notes and the seller's contact stay inside Torque.
    expect(html).not.toContain('Private Seller Pat');
    expectNoSellerContact(html, 'page');
    expect(html).not.toContain('floor is');
    expect(html).toContain(`action="/api/listings/2021-mazda-cx-5-touring-${vehicle.public_key}/lead"`);

    // The key alone finds it, whatever words come before it; its photos are served to anyone.
    expect((await anonymous(`/cars/${vehicle.public_key}`)).statusCode).toBe(200);
    expect((await anonymous(`/cars/an-old-name-${vehicle.public_key}`)).statusCode).toBe(200);
    const photo = await anonymous(`${page}/photos/${cover}/full.jpg`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');

    // Its id, a guess, another vehicle's photo: not found.
    for (const url of [`/cars/${vehicle.id}`, `/cars/${'0'.repeat(32)}`, `/cars/x${vehicle.public_key}`, '/cars/%00'])
      expect((await anonymous(url)).statusCode, url).toBe(404);
    const other = await createVehicle({ vin: null });
    expect((await anonymous(`${publicVehiclePath(other)}/photos/${cover}/full.jpg`)).statusCode).toBe(404);
  });

  it('is not shown while the vehicle is unlisted or on a pending deal, and says so once it is sold', async () => {
    const vehicle = await createVehicle({ vin: null });
    const photo = await addPhoto(vehicle.id);
    const page = publicVehiclePath(vehicle);
    await setVehicle(vehicle, { listed: false });
    expect((await anonymous(page)).statusCode).toBe(404);
    expect((await anonymous(`${page}/photos/${photo}/card.jpg`)).statusCode).toBe(404);
    await setVehicle(vehicle, { listed: true, status: 'reserved' });
    expect((await anonymous(page)).statusCode).toBe(404);
    await setVehicle(vehicle, { status: 'sold' });
    const sold = await anonymous(page);
    expect(sold.statusCode).toBe(410);
    expect(sold.body).toContain('This vehicle has been sold.');
    expect(sold.body).not.toContain('<form');
    // Its photos are no longer served, and the page does not show them.
    expect(sold.body).not.toContain(`${page}/photos/`);
    expect((await anonymous(`${page}/photos/${photo}/card.jpg`)).statusCode).toBe(404);
  });

  it("takes a visitor's message into the lead intake with the vehicle of interest", async () => {
    const vehicle = await createVehicle({ vin: 'JM3KFBCM1M0654321', model: 'CX-30' });
    const page = publicVehiclePath(vehicle);
    const lead = `/api/listings${page.slice('/cars'.length)}/lead`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    // No way to answer: the form again, with what was typed; nothing kept.
    const refused = await anonymous(lead, {
      method: 'POST',
      headers: form,
      payload: 'name=Quinn+Visitor&comments=Hi',
      ip: '203.0.113.21',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="Quinn Visitor"');
    expect(refused.body).toContain('aria-invalid="true"');
    expect(await t.database.db.selectFrom('leads').select('id').where('source_name', '=', 'Vehicle page').execute()).toEqual([]);

    const sent = await anonymous(lead, {
      method: 'POST',
      headers: form,
      payload: 'name=Quinn+Visitor&email=quinn%40example.com&phone=&comments=Is+it+still+available%3F&website=',
      ip: '203.0.113.21',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${page}?sent=1#contact`);
    expect((await anonymous(`${page}?sent=1`)).body).toContain('has your message about this 2021 Mazda CX-30');
    const kept = await t.database.db
      .selectFrom('leads')
      .select(['channel', 'parsed', 'customer_id', 'assigned_user_id'])
      .where('source_name', '=', 'Vehicle page')
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      channel: 'form',
      parsed: {
        customer: { name: 'Quinn Visitor', email: 'quinn@example.com', comments: 'Is it still available?' },
        vehicle: {
          interest: 'buy',
          status: 'used',
          year: 2021,
          make: 'Mazda',
          model: 'CX-30',
          vin: 'JM3KFBCM1M0654321',
          price_cents: 2_689_900,
        },
      },
    });
    expect(kept.customer_id).not.toBeNull();

    // A program fills in the field people never see: thanked, and not kept. A sold vehicle takes no more messages.
    const trapped = await anonymous(lead, {
      method: 'POST',
      headers: form,
      payload: 'name=Bot&email=bot%40example.com&website=x',
      ip: '203.0.113.22',
    });
    expect(trapped.statusCode).toBe(303);
    expect(await t.database.db.selectFrom('leads').select('id').where('source_name', '=', 'Vehicle page').execute()).toHaveLength(
      1,
    );
    await setVehicle(vehicle, { status: 'sold' });
    const late = await anonymous(lead, {
      method: 'POST',
      headers: form,
      payload: 'name=Late&email=late%40example.com',
      ip: '203.0.113.23',
    });
    expect(late.statusCode).toBe(410);
    expect(await t.database.db.selectFrom('leads').select('id').where('source_name', '=', 'Vehicle page').execute()).toHaveLength(
      1,
    );
  });
});

describe('a used vehicle without its Buyers Guide (16 CFR 455.2)', () => {
  it('is on no public page and in no feed until the guide is completed, and says why; a new vehicle needs none', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/settings/listing-feeds',
      as: admin,
      payload: { name: 'Guide check' },
    });
    const own = created.json() as KeyedListingFeed;
    const feedIds = async () => {
      const json = (await anonymous(feedUrl('json', own.key))).json().vehicles.map((v: { id: string }) => v.id);
      const xml = [...(await anonymous(feedUrl('xml', own.key))).body.matchAll(/<vehicle id="([^"]+)">/g)].map((m) => m[1]);
      const csv = (parseCsv((await anonymous(feedUrl('csv', own.key))).body, { columns: true }) as { id: string }[]).map(
        (row) => row.id,
      );
      return { json, xml, csv };
    };
    const counts = async () => {
      const { listed, awaiting_buyers_guide } = (
        await t.call({ method: 'GET', url: '/api/settings/listing-feeds', as: admin })
      ).json();
      return { listed, awaiting_buyers_guide };
    };
    const before = await counts();

    const used = await createVehicle({ vin: 'JM3KFBCM1M0999999', model: 'CX-9 Unguided' }, { guide: false });
    const photo = await addPhoto(used.id);
    const fresh = await createVehicle({ vin: null, model: 'CX-90 New', condition: 'new', mileage: 9, year: 2026 });
    const page = publicVehiclePath(used);

    // Listed and available, yet held back: its page answers as an unlisted vehicle's, its photos and form too.
    expect(used.listed).toBe(true);
    expect((await anonymous(page)).statusCode).toBe(404);
    expect((await anonymous(`/cars/${used.public_key}`)).statusCode).toBe(404);
    expect((await anonymous(`${page}/photos/${photo}/card.jpg`)).statusCode).toBe(404);
    const lead = await anonymous(`/api/listings${page.slice('/cars'.length)}/lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Early+Bird&email=early%40example.com',
      ip: '203.0.113.31',
    });
    expect(lead.statusCode).toBe(404);
    for (const [format, ids] of Object.entries(await feedIds())) {
      expect(ids, format).not.toContain(used.public_key);
      expect(ids, format).toContain(fresh.public_key);
    }
    expect((await anonymous(publicVehiclePath(fresh))).statusCode).toBe(200);
    // The vehicle page and Settings → Listing Feeds say why.
    const detail = (await t.call({ method: 'GET', url: `/api/vehicles/${used.id}`, as: agent })).json();
    expect(detail.needs_buyers_guide).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${fresh.id}`, as: agent })).json().needs_buyers_guide).toBe(false);
    expect(await counts()).toEqual({ listed: before.listed + 1, awaiting_buyers_guide: before.awaiting_buyers_guide + 1 });

    // Completed by the admin: shown at once, with no other step.
    await completeGuide(used);
    expect((await anonymous(page)).statusCode).toBe(200);
    expect((await anonymous(`${page}/photos/${photo}/card.jpg`)).statusCode).toBe(200);
    for (const [format, ids] of Object.entries(await feedIds())) expect(ids, format).toContain(used.public_key);
    expect((await t.call({ method: 'GET', url: `/api/vehicles/${used.id}`, as: agent })).json().needs_buyers_guide).toBe(false);
    expect(await counts()).toEqual({ listed: before.listed + 2, awaiting_buyers_guide: before.awaiting_buyers_guide });
  });

  it('still says a sold one was sold', async () => {
    const vehicle = await createVehicle({ vin: null, model: 'Sold Unguided' }, { guide: false });
    await setVehicle(vehicle, { status: 'sold' });
    expect((await anonymous(publicVehiclePath(vehicle))).statusCode).toBe(410);
  });
});

describe('the window sticker', () => {
  it("prints the vehicle's price, facts and VIN, with a QR code that opens its public page", async () => {
    const vehicle = await createVehicle({ vin: 'JM3KFBCM1M0777777', model: 'CX-50' });
    await addPhoto(vehicle.id);
    const response = await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}/window-sticker.pdf`, as: agent });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const [text] = (await pdfPages(response.rawPayload)).map((page) => page.replace(/\s+/g, ' '));
    for (const fact of [
      '2021 Mazda CX-50',
      '$26,899',
      '28,400 mi',
      'Soul Red',
      'JM3KFBCM1M0777777',
      'Backup Camera',
      'Scan for photos and details',
    ])
      expect(text, fact).toContain(fact);
    const image = await pdfPageImage(response.rawPayload, 1, 150);
    const code = jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(code?.data).toBe(`https://cars.example${publicVehiclePath(vehicle)}`);
  });
});

describe('the window sticker, a long colour', () => {
  it('prints the whole colour under its label, on more lines rather than cut', async () => {
    // Ford's name for the paint, 35 characters: wider than the sticker's column of facts at its size.
    const color = 'Rapid Red Metallic Tinted Clearcoat';
    const vehicle = await createVehicle({ vin: 'JM3KFBCM1M0888888', model: 'CX-30', color });
    const response = await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}/window-sticker.pdf`, as: agent });
    expect(response.statusCode).toBe(200);
    const words = await pdfWords(response.rawPayload);
    const label = words.find((word) => word.text === 'COLOR')!;
    const year = words.find((word) => word.text === 'YEAR' && Math.abs(word.yMin - label.yMin) < 1)!;
    // The words between the Color label's left edge and the next label's, in the lines under it.
    const under = words.filter(
      (word) => word.xMin >= label.xMin - 1 && word.xMax < year.xMin && word.yMin > label.yMax && word.yMin < label.yMax + 60,
    );
    expect(under.map((word) => word.text).join(' ')).toBe(color);
    expect(words.some((word) => word.text.includes('…'))).toBe(false);
  });
});

describe('the listing feeds', () => {
  it('list every available, listed vehicle with its photos, valid against the documented JSON and XML schemas', async () => {
    const vehicle = await createVehicle({ vin: 'JM3KFBCM1M0111111', model: 'MX-5 Miata', features: ['=SUM(A1)', 'Convertible'] });
    const photo = await addPhoto(vehicle.id);
    const hidden = await createVehicle({ vin: null, model: 'Hidden' });
    await setVehicle(hidden, { listed: false });

    const json = await anonymous(feedUrl('json'));
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const document = json.json();
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(root, 'docs/listing-feed.schema.json'), 'utf8')));
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const listed = document.vehicles.find((v: { vin: string }) => v.vin === 'JM3KFBCM1M0111111');
    expect(listed).toMatchObject({
      id: vehicle.public_key,
      url: `https://cars.example${publicVehiclePath(vehicle)}`,
      year: 2021,
      make: 'Mazda',
      model: 'MX-5 Miata',
      condition: 'used',
      price: '26899.00',
      currency: 'USD',
      photos: [{ url: `https://cars.example${publicVehiclePath(vehicle)}/photos/${photo}/full.jpg`, width: 1200, height: 800 }],
    });
    expect(document.vehicles.map((v: { model: string }) => v.model)).not.toContain('Hidden');
    // The photo's address in the feed is served to anyone.
    expect((await anonymous(new URL(listed.photos[0].url).pathname)).statusCode).toBe(200);

    const xml = await anonymous(feedUrl('xml'));
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-feed-'));
    try {
      fs.writeFileSync(path.join(dir, 'feed.xml'), xml.rawPayload);
      const checked = await run('xmllint', [
        '--noout',
        '--schema',
        path.join(root, 'docs/listing-feed.xsd'),
        path.join(dir, 'feed.xml'),
      ]);
      expect(checked.stderr).toContain('feed.xml validates');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(xml.body).toContain(`<vehicle id="${vehicle.public_key}">`);
    expect(xml.body.match(/<vehicle /g)).toHaveLength(document.vehicles.length);

    const csv = await anonymous(feedUrl('csv'));
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body, { columns: true }) as Record<string, string>[];
    // The columns docs/listing-feed.md documents, in its order.
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'url',
      'vin',
      'year',
      'make',
      'model',
      'condition',
      'mileage',
      'exterior_color',
      'price',
      'currency',
      'location',
      'features',
      'photo_urls',
      'dealer_name',
      'dealer_phone',
      'dealer_address',
      'updated_at',
    ]);
    const row = rows.find((r) => r.id === vehicle.public_key)!;
    expect(row).toMatchObject({
      model: 'MX-5 Miata',
      price: '26899.00',
      features: "'=SUM(A1)|Convertible",
      dealer_name: 'Torque Auto Brokerage',
    });
    expect(row.photo_urls).toBe(listed.photos[0].url);

    // The seller's contact is in none of the three.
    expectNoSellerContact(json.body, 'JSON feed');
    expectNoSellerContact(xml.body, 'XML feed');
    expectNoSellerContact(csv.body, 'CSV feed');
    expect(csv.body).not.toContain('Private Seller Pat');
  });

  it('drop a vehicle at once when it is sold, unlisted or deleted', async () => {
    const inFeed = async () => ((await anonymous(feedUrl('json'))).json().vehicles as { id: string }[]).map((v) => v.id);
    const sold = await createVehicle({ vin: null, model: 'To Be Sold' });
    const deleted = await createVehicle({ vin: null, model: 'To Be Deleted' });
    expect(await inFeed()).toEqual(expect.arrayContaining([sold.public_key, deleted.public_key]));
    await setVehicle(sold, { status: 'sold' });
    expect((await t.call({ method: 'DELETE', url: `/api/vehicles/${deleted.id}`, as: agent })).statusCode).toBe(204);
    const now = await inFeed();
    expect(now).not.toContain(sold.public_key);
    expect(now).not.toContain(deleted.public_key);
  });

  it('refuse a wrong key, and a key replaced or of a feed removed; each read is counted', async () => {
    // The real key with its last character changed (to one it is not).
    const nearMiss = `${feed.key.slice(0, -1)}${feed.key.endsWith('A') ? 'B' : 'A'}`;
    for (const key of ['x'.repeat(43), 'short', nearMiss])
      for (const format of ['json', 'xml', 'csv'] as const) {
        const refused = await anonymous(feedUrl(format, key));
        expect(refused.statusCode, `${format} ${key}`).toBe(404);
        expect(refused.json().error.message).toBe(FEED_NOT_FOUND);
      }
    expect((await anonymous(`/feeds/${feed.key}/vehicles.pdf`)).statusCode).toBe(404);

    const before = (await t.call({ method: 'GET', url: '/api/settings/listing-feeds', as: admin })).json().items[0];
    expect(before.reads).toBeGreaterThan(0);
    expect(before.last_read_at).not.toBeNull();

    const rekeyed = await t.call({ method: 'POST', url: `/api/settings/listing-feeds/${feed.id}/key`, as: admin });
    expect(rekeyed.statusCode).toBe(200);
    const renewed = rekeyed.json() as KeyedListingFeed;
    expect(renewed.key).not.toBe(feed.key);
    expect(renewed.urls.json).toBe(`https://cars.example/feeds/${renewed.key}/vehicles.json`);
    expect((await anonymous(feedUrl('json'))).statusCode).toBe(404);
    expect((await anonymous(feedUrl('json', renewed.key))).statusCode).toBe(200);
    // Only the key's hash is kept, and the list never shows a key.
    const stored = await t.database.db
      .selectFrom('listing_feeds')
      .selectAll()
      .where('id', '=', feed.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(renewed.key);
    expect(JSON.stringify((await t.call({ method: 'GET', url: '/api/settings/listing-feeds', as: admin })).json())).not.toContain(
      renewed.key,
    );

    expect((await t.call({ method: 'DELETE', url: `/api/settings/listing-feeds/${feed.id}`, as: admin })).statusCode).toBe(204);
    expect((await anonymous(feedUrl('json', renewed.key))).statusCode).toBe(404);
    const duplicate = await t.call({ method: 'POST', url: '/api/settings/listing-feeds', as: admin, payload: { name: 'Twice' } });
    expect(duplicate.statusCode).toBe(201);
    const again = await t.call({ method: 'POST', url: '/api/settings/listing-feeds', as: admin, payload: { name: 'Twice' } });
    expect(again.statusCode).toBe(409);
  });
});
