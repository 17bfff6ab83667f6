import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUIDE_DURATION_REQUIRED,
  GUIDE_NOT_COMPLETED,
  GUIDE_NOT_USED,
  GUIDE_PERCENT_MESSAGE,
  GUIDE_SYSTEMS_REQUIRED,
} from '../../src/shared/vehicles/buyers-guide.js';
import type { DealDetail } from '../../src/shared/deals/types.js';
import type { VehicleListItem } from '../../src/shared/vehicles/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { darkPixels, pdfPageImage, pdfPages, pdfWords, type Word } from '../helpers/pdf-tools.js';

let t: TestContext;
let agent: TestUser;
let editor: TestUser;
let admin: TestUser;
const thisYear = new Date().getFullYear();
const VIN = '1HGCV1F34KA012345';

async function createVehicle(fields: Record<string, unknown> = {}) {
  const response = await t.call({
    method: 'POST',
    url: '/api/vehicles',
    as: agent,
    payload: { make: 'Honda', model: 'Accord', year: 2019, mileage: 41_250, price_cents: 2_499_500, vin: VIN, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; updated_at: string; condition: string; public_key: string };
}

const readGuide = async (id: string, as: TestUser = agent) =>
  (await t.call({ method: 'GET', url: `/api/vehicles/${id}/buyers-guide`, as })).json() as {
    guide: Record<string, unknown> | null;
    updated_at: string;
  };

const saveGuide = async (id: string, guide: Record<string, unknown>, as: TestUser = editor) =>
  t.call({
    method: 'PUT',
    url: `/api/vehicles/${id}/buyers-guide`,
    as,
    payload: { guide, updated_at: (await readGuide(id)).updated_at },
  });

const limitedWarranty = {
  version: 'as_is',
  dealer_warranty: 'limited',
  labor_percent: 50,
  parts_percent: 100,
  systems_covered: 'Engine, transmission and drive axle',
  duration: '90 days or 3,000 miles, whichever comes first',
  manufacturer_warranty: true,
  service_contract: true,
  complaints_contact: 'Dana Price, General Manager',
};

const pdf = async (url: string, as: TestUser = agent) => {
  const response = await t.call({ method: 'GET', url, as });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
};

/**
 * The box a heading of the form is marked in, left of the heading (`size` points square, `gap` points before the
 * heading's first word, its top level with the top of the heading's line of `font` points: poppler places a word's
 * top at Helvetica Bold's ascent, 0.718 of the size above the baseline, which is the size below the line's top): how many of its inner pixels are ink, at 144 dpi.
 */
function inkInBox(
  words: Word[],
  image: Awaited<ReturnType<typeof pdfPageImage>>,
  phrase: string,
  [size, gap, font]: [number, number, number],
) {
  const parts = phrase.split(' ');
  const start = words.findIndex(
    (word, i) => word.page === 1 && parts.every((part, j) => words[i + j]?.text === part && words[i + j]?.page === 1),
  );
  expect(start, `"${phrase}" on the first page`).toBeGreaterThanOrEqual(0);
  const first = words[start]!;
  const top = first.yMin - (1 - 0.718) * font;
  return darkPixels(image, { x: first.xMin - gap - size + 2.5, y: top + 2.5, width: size - 5, height: size - 5 }, 144);
}

beforeAll(async () => {
  t = await createTestContext();
  agent = await t.createUser('agent', 'Gina Agent');
  editor = await t.createUser('editor', 'Eddie Editor');
  admin = await t.createUser('admin', 'Ada Admin');
  const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
  const saved = await t.call({
    method: 'PUT',
    url: '/api/settings',
    as: admin,
    payload: {
      ...settings,
      company: {
        ...settings.company,
        name: 'Lone Star Motors',
        address: '100 Congress Ave\nAustin, TX 78701',
        phone: '(512) 555-0100',
        email: 'sales@lonestar.example',
      },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('the Buyers Guide of a used vehicle', () => {
  it('is completed by an editor, audited, and read by the agent; another agent may not complete it', async () => {
    const vehicle = await createVehicle();
    expect(vehicle.condition).toBe('used');
    expect((await readGuide(vehicle.id)).guide).toBeNull();

    const colleague = await t.createUser('agent', 'Colin Colleague');
    const refused = await saveGuide(vehicle.id, limitedWarranty, colleague);
    expect(refused.statusCode).toBe(404);
    expect((await readGuide(vehicle.id)).guide).toBeNull();

    const saved = await saveGuide(vehicle.id, limitedWarranty);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().guide).toMatchObject({ ...limitedWarranty, other_used_warranty: false, saved_by: 'Eddie Editor' });
    expect((await readGuide(vehicle.id)).guide).toMatchObject(limitedWarranty);

    const timeline = (await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}/timeline`, as: agent })).json() as {
      action: string;
      changes: Record<string, { to: unknown }>;
    }[];
    expect(timeline[0]).toMatchObject({ action: 'buyers_guide_completed', changes: { dealer_warranty: { to: 'limited' } } });

    // As is again: the blanks of the warranty are no longer kept.
    const changed = await saveGuide(vehicle.id, { ...limitedWarranty, dealer_warranty: 'none' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().guide).toMatchObject({
      dealer_warranty: 'none',
      labor_percent: null,
      systems_covered: null,
      duration: null,
    });
  });

  it("refuses a stale version, a new vehicle and choices that leave the form's blanks empty, storing nothing", async () => {
    const vehicle = await createVehicle();
    const stale = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}/buyers-guide`,
      as: editor,
      payload: { guide: limitedWarranty, updated_at: '2020-01-01T00:00:00.000Z' },
    });
    expect(stale.statusCode).toBe(409);

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { dealer_warranty: 'limited' },
        {
          labor_percent: GUIDE_PERCENT_MESSAGE,
          parts_percent: GUIDE_PERCENT_MESSAGE,
          systems_covered: GUIDE_SYSTEMS_REQUIRED,
          duration: GUIDE_DURATION_REQUIRED,
        },
      ],
      [{ ...limitedWarranty, labor_percent: 101 }, { labor_percent: GUIDE_PERCENT_MESSAGE }],
      [{ ...limitedWarranty, parts_percent: 12.5 }, { parts_percent: GUIDE_PERCENT_MESSAGE }],
      [{ dealer_warranty: 'full', systems_covered: 'All\u0000' }, { duration: GUIDE_DURATION_REQUIRED }],
      [{ version: 'sold_as_seen' }, {}],
      [{ service_contract: 'yes' }, { service_contract: 'Service contract must be checked or not' }],
    ];
    for (const [guide, fields] of cases) {
      const response = await saveGuide(vehicle.id, guide);
      expect(response.statusCode, JSON.stringify(guide)).toBe(400);
      const body = response.json().error;
      for (const [field, message] of Object.entries(fields)) expect(body.fields[`guide.${field}`], field).toBe(message);
    }
    expect((await readGuide(vehicle.id)).guide).toBeNull();

    const fresh = await createVehicle({ condition: 'new', mileage: 12, year: thisYear });
    const notUsed = await saveGuide(fresh.id, limitedWarranty);
    expect(notUsed.statusCode).toBe(409);
    expect(notUsed.json().error.message).toBe(GUIDE_NOT_USED);
    const noPdf = await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}/buyers-guide.pdf`, as: agent });
    expect(noPdf.statusCode).toBe(409);
    expect(noPdf.json().error.message).toBe(GUIDE_NOT_COMPLETED);
  });

  it('flags a used vehicle offered for sale without one in the inventory list, until it is completed', async () => {
    const used = await createVehicle({ model: 'Flagged Civic' });
    const fresh = await createVehicle({ model: 'Flagged Civic New', condition: 'new', mileage: 8, year: thisYear });
    const flags = async () => {
      const page = (await t.call({ method: 'GET', url: '/api/vehicles?q=flagged%20civic&limit=10', as: agent })).json() as {
        items: VehicleListItem[];
      };
      return Object.fromEntries(page.items.map((v) => [v.id, v.needs_buyers_guide]));
    };
    expect(await flags()).toEqual({ [used.id]: true, [fresh.id]: false });
    expect((await saveGuide(used.id, { version: 'implied_only' })).statusCode).toBe(200);
    expect(await flags()).toEqual({ [used.id]: false, [fresh.id]: false });
  });

  it('keeps a listed used vehicle off its public page until an editor completes its guide, as its page says', async () => {
    const used = await createVehicle({ model: 'Held Civic' });
    const publicPage = () => t.app.inject({ method: 'GET', url: `/cars/${used.public_key}`, remoteAddress: '203.0.113.9' });
    const detail = async () => (await t.call({ method: 'GET', url: `/api/vehicles/${used.id}`, as: agent })).json();
    expect(await detail()).toMatchObject({ listed: true, status: 'available', needs_buyers_guide: true });
    expect((await publicPage()).statusCode).toBe(404);
    // A colleague of the agent who added it may not complete it; an editor does.
    const colleague = await t.createUser('agent', 'Cora Colleague');
    expect((await saveGuide(used.id, { version: 'as_is' }, colleague)).statusCode).toBe(404);
    expect((await publicPage()).statusCode).toBe(404);
    expect((await saveGuide(used.id, { version: 'as_is' })).statusCode).toBe(200);
    expect((await detail()).needs_buyers_guide).toBe(false);
    expect((await publicPage()).statusCode).toBe(200);
  });

  it('prints the FTC form with the chosen boxes marked and the VIN, in English and in Spanish', async () => {
    const vehicle = await createVehicle();
    expect((await saveGuide(vehicle.id, { ...limitedWarranty, stock_number: 'U-4471' })).statusCode).toBe(200);
    const english = await pdf(`/api/vehicles/${vehicle.id}/buyers-guide.pdf`);
    const [front, back] = await pdfPages(english);
    for (const heading of [
      'BUYERS GUIDE',
      'IMPORTANT: Spoken promises are difficult to enforce.',
      'WARRANTIES FOR THIS VEHICLE:',
      'AS IS - NO DEALER WARRANTY',
      'DEALER WARRANTY',
      'FULL WARRANTY.',
      'LIMITED WARRANTY. The dealer will pay 50% of the labor and 100% of the parts',
      'SYSTEMS COVERED:',
      'DURATION:',
      'NON-DEALER WARRANTIES FOR THIS VEHICLE:',
      "MANUFACTURER'S WARRANTY STILL APPLIES.",
      'SERVICE CONTRACT.',
      'ASK THE DEALER IF YOUR MECHANIC CAN INSPECT THE VEHICLE ON OR OFF THE LOT.',
      'OBTAIN A VEHICLE HISTORY REPORT AND CHECK FOR OPEN SAFETY RECALLS.',
      'Si el concesionario gestiona la venta en español',
      VIN,
      'Honda',
      'Accord',
      '2019',
      'U-4471',
      'Engine, transmission and drive axle',
    ])
      expect(front!.replace(/\s+/g, ' '), heading).toContain(heading);
    for (const text of [
      'Here is a list of some major defects that may occur in used vehicles.',
      'Inoperable Accessories',
      'Catalytic Converter',
      'Air Bags',
      'Lone Star Motors',
      '100 Congress Ave, Austin, TX 78701',
      'sales@lonestar.example',
      'FOR COMPLAINTS AFTER SALE, CONTACT:',
      'Dana Price, General Manager',
      'I hereby acknowledge receipt of the Buyers Guide at the closing of this sale.',
      'violates federal law (16 C.F.R. 455).',
    ])
      expect(back!.replace(/\s+/g, ' '), text).toContain(text);

    // The boxes, as pixels: marked ones hold an X, the others only their border (left out of the area measured).
    const words = await pdfWords(english);
    const image = await pdfPageImage(english, 1, 144);
    const ink = (phrase: string, box: [number, number, number]) => inkInBox(words, image, phrase, box);
    // Each box's size, the space between it and its heading, and the heading's type size, as the form sets them.
    const large: [number, number, number] = [22, 8, 19];
    const small: [number, number, number] = [12, 6, 9.5];
    expect(ink('AS IS - NO DEALER WARRANTY', large)).toBeLessThan(5);
    expect(ink('DEALER WARRANTY FULL', large)).toBeGreaterThan(150);
    expect(ink('FULL WARRANTY.', [12, 6, 10])).toBeLessThan(5);
    expect(ink('LIMITED WARRANTY.', small)).toBeGreaterThan(50);
    expect(ink("MANUFACTURER'S WARRANTY STILL APPLIES.", small)).toBeGreaterThan(50);
    expect(ink("MANUFACTURER'S USED VEHICLE WARRANTY APPLIES.", small)).toBeLessThan(5);
    expect(ink('OTHER USED VEHICLE WARRANTY APPLIES.', small)).toBeLessThan(5);
    expect(ink('SERVICE CONTRACT.', [16, 8, 9.5])).toBeGreaterThan(50);

    // Sold as is where the state allows no such sale: Implied Warranties Only, marked; in Spanish for a Spanish sale.
    expect((await saveGuide(vehicle.id, { version: 'implied_only' })).statusCode).toBe(200);
    const spanish = await pdf(`/api/vehicles/${vehicle.id}/buyers-guide.pdf?lang=es`);
    const [frente, dorso] = (await pdfPages(spanish)).map((page) => page.replace(/\s+/g, ' '));
    for (const text of [
      'GUÍA DEL COMPRADOR',
      'SOLO GARANTÍAS IMPLÍCITAS',
      'GARANTÍA DEL CONCESIONARIO',
      'CONTRATO DE MANTENIMIENTO.',
      VIN,
    ])
      expect(frente, text).toContain(text);
    expect(frente).not.toContain('COMO ESTÁ');
    expect(dorso).toContain(
      'Por este medio confirmo que he recibido copia de la Guía del Comprador al momento de la compraventa.',
    );
    const spanishWords = await pdfWords(spanish);
    const spanishImage = await pdfPageImage(spanish, 1, 144);
    expect(inkInBox(spanishWords, spanishImage, 'SOLO GARANTÍAS IMPLÍCITAS', [22, 8, 19])).toBeGreaterThan(150);
    expect(inkInBox(spanishWords, spanishImage, 'GARANTÍA DEL CONCESIONARIO', [22, 8, 19])).toBeLessThan(5);
  });

  it('is kept by the deal that sells the vehicle, as it was then, whatever changes after', async () => {
    const vehicle = await createVehicle({ model: 'Accord Sport' });
    expect((await saveGuide(vehicle.id, limitedWarranty)).statusCode).toBe(200);
    const created = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: agent,
      payload: {
        date: `${thisYear}-03-01`,
        manufacturer: 'Honda',
        model: 'Accord Sport',
        year: 2019,
        customer_name: 'Pat Buyer',
        agent_name: 'x',
        contract_price_cents: 2_450_000,
        broker_fee_cents: 100_000,
        vehicle_id: vehicle.id,
        status: 'pending',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const dealId = created.json().id as string;
    const read = async () => (await t.call({ method: 'GET', url: `/api/deals/${dealId}`, as: agent })).json() as DealDetail;
    // Not yet sold: the deal keeps nothing, and has no guide to print.
    expect((await read()).buyers_guide).toBeNull();
    expect((await t.call({ method: 'GET', url: `/api/deals/${dealId}/buyers-guide.pdf`, as: agent })).statusCode).toBe(404);

    const completed = await t.call({
      method: 'PUT',
      url: `/api/deals/${dealId}`,
      as: agent,
      payload: { ...(created.json() as Record<string, unknown>), status: 'completed', updated_at: (await read()).updated_at },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const kept = (await read()).buyers_guide!;
    expect(kept).toMatchObject({
      ...limitedWarranty,
      vehicle: { year: 2019, make: 'Honda', model: 'Accord Sport', vin: VIN },
      dealer: { name: 'Lone Star Motors', phone: '(512) 555-0100' },
    });

    // The vehicle's guide and the company change afterwards; the deal's guide prints as it was at the sale.
    expect((await saveGuide(vehicle.id, { version: 'as_is' })).statusCode).toBe(200);
    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    await t.call({
      method: 'PUT',
      url: '/api/settings',
      as: admin,
      payload: { ...settings, company: { ...settings.company, name: 'Renamed Motors' } },
    });
    expect((await read()).buyers_guide).toEqual(kept);
    const [front, back] = (await pdfPages(await pdf(`/api/deals/${dealId}/buyers-guide.pdf`))).map((p) => p.replace(/\s+/g, ' '));
    expect(front).toContain('The dealer will pay 50% of the labor and 100% of the parts');
    expect(back).toContain('Lone Star Motors');
    expect(back).not.toContain('Renamed Motors');
    await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: settings });
  });
});
