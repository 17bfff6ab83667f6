import { sql } from 'kysely';
import { suggestedMakes } from '../../src/shared/vehicles/options.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import type { Vehicle, VehicleSummary } from '../../src/shared/vehicles/types.js';

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let agent: TestUser;
let otherAgent: TestUser;

const base = { make: 'Audi', model: 'Q7', year: 2018, price_cents: 45_000_00 };

async function addVehicle(as: TestUser, fields: Record<string, unknown> = {}): Promise<Vehicle> {
  const response = await t.call({ method: 'POST', url: '/api/vehicles', payload: { ...base, ...fields }, as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function allPages(as: TestUser, query: string, limit = 3): Promise<Vehicle[]> {
  const items: Vehicle[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/vehicles?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = (await t.call({ method: 'GET', url, as })).json();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  agent = await t.createUser('agent', 'Aaron Agent');
  otherAgent = await t.createUser('agent', 'Olga Other');
});
afterAll(() => t.close());

describe('adding a vehicle', () => {
  it('stores the vehicle for its creator with the form defaults and an audit row', async () => {
    const vehicle = await addVehicle(agent, { vin: 'wa1a4afy2j2008189', color: '', contact_email: '' });
    expect(vehicle).toMatchObject({
      ...base,
      user_id: agent.id,
      vin: 'WA1A4AFY2J2008189',
      color: null,
      contact_email: null,
      mileage: 0,
      status: 'available',
      features: [],
    });
    expect(Object.keys(vehicle)).not.toContain('search_text');
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('entity_id', '=', vehicle.id).execute();
    expect(audit).toMatchObject([{ actor_id: agent.id, entity_type: 'vehicle', action: 'created' }]);
  });

  it('answers each invalid field with the spec message', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/vehicles',
      as: agent,
      payload: { make: '', model: ' ', year: 1899, mileage: -5, price_cents: -1, contact_email: 'nope', status: 'available' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      make: 'Make is required',
      model: 'Model is required',
      year: 'Invalid year',
      mileage: 'Mileage must be positive',
      price_cents: 'Price must be positive',
      contact_email: 'Invalid email',
    });
    expect(await t.database.db.selectFrom('vehicles').select('id').where('make', '=', '').execute()).toEqual([]);
  });

  it('takes years up to the current year plus two', async () => {
    const max = new Date().getFullYear() + 2;
    expect((await addVehicle(agent, { year: max })).year).toBe(max);
    const response = await t.call({ method: 'POST', url: '/api/vehicles', as: agent, payload: { ...base, year: max + 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ year: 'Year too far in future' });
  });

  it('refuses a malformed VIN but keeps one whose check digit does not add up', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/vehicles', as: agent, payload: { ...base, vin: '1FTMW1T88MFA0000O' } });
    expect(bad.json().error.fields).toEqual({ vin: 'VIN cannot contain the letters I, O or Q' });
    const short = await t.call({ method: 'POST', url: '/api/vehicles', as: agent, payload: { ...base, vin: '1FTMW1T88' } });
    expect(short.json().error.fields).toEqual({ vin: 'VIN must be 17 characters' });
    expect((await addVehicle(agent, { vin: '1FTMW1T89MFA00001' })).vin).toBe('1FTMW1T89MFA00001');
  });
});

describe('VIN duplicates', () => {
  it('warns about a VIN already in the visible inventory, in any case', async () => {
    const vehicle = await addVehicle(agent, { vin: '5YJ3E1EA7KF317000', make: 'Tesla', model: 'Model 3' });
    const found = await t.call({ method: 'GET', url: '/api/vehicles/vin-check?vin=5yj3e1ea7kf317000', as: agent });
    expect(found.json()).toEqual({ duplicate: { id: vehicle.id, make: 'Tesla', model: 'Model 3', year: 2018 } });
    const self = await t.call({
      method: 'GET',
      url: `/api/vehicles/vin-check?vin=5YJ3E1EA7KF317000&exclude_id=${vehicle.id}`,
      as: agent,
    });
    expect(self.json()).toEqual({ duplicate: null });
    expect(
      (await t.call({ method: 'GET', url: '/api/vehicles/vin-check?vin=5YJ3E1EA7KF317000', as: admin })).json().duplicate.id,
    ).toBe(vehicle.id);
  });

  it('says nothing about a VIN only another agent holds', async () => {
    await addVehicle(otherAgent, { vin: '1M8GDM9AXKP042788' });
    const response = await t.call({ method: 'GET', url: '/api/vehicles/vin-check?vin=1M8GDM9AXKP042788', as: agent });
    expect(response.json()).toEqual({ duplicate: null });
  });
});

describe('editing a vehicle', () => {
  it('saves a change, moves updated_at on and records what changed', async () => {
    const vehicle = await addVehicle(agent, { model: 'A6' });
    const response = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}`,
      as: agent,
      payload: { ...base, model: 'A6', status: 'sold', price_cents: 43_500_00, updated_at: vehicle.updated_at },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved: Vehicle = response.json();
    expect(saved).toMatchObject({ status: 'sold', price_cents: 43_500_00 });
    expect(new Date(saved.updated_at).getTime()).toBeGreaterThan(new Date(vehicle.updated_at).getTime());
    const timeline = (await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}/timeline`, as: agent })).json();
    expect(timeline).toHaveLength(2);
    expect(timeline[0]).toMatchObject({
      action: 'updated',
      actor_name: 'Aaron Agent',
      impersonator_name: null,
      changes: { status: { from: 'available', to: 'sold' }, price_cents: { from: 45_000_00, to: 43_500_00 } },
    });
    expect(timeline[1].action).toBe('created');
  });

  it('refuses a save based on an older version with 409 and writes nothing', async () => {
    const vehicle = await addVehicle(agent);
    const first = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}`,
      as: agent,
      payload: { ...base, color: 'Red', updated_at: vehicle.updated_at },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}`,
      as: editor,
      payload: { ...base, color: 'Blue', updated_at: vehicle.updated_at },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('STALE');
    const stored = await t.database.db
      .selectFrom('vehicles')
      .select('color')
      .where('id', '=', vehicle.id)
      .executeTakeFirstOrThrow();
    expect(stored.color).toBe('Red');
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('entity_id', '=', vehicle.id).execute();
    expect(audit).toHaveLength(2);
  });

  it('lets admins and editors change any vehicle, keeping its owner', async () => {
    const vehicle = await addVehicle(agent);
    const response = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}`,
      as: editor,
      payload: { ...base, status: 'reserved', updated_at: vehicle.updated_at },
    });
    expect(response.json()).toMatchObject({ status: 'reserved', user_id: agent.id });
  });
});

describe("another agent's vehicles", () => {
  let hidden: Vehicle;
  beforeAll(async () => {
    hidden = await addVehicle(otherAgent, { make: 'Porsche', model: 'Zyxwv Hidden', vin: 'WP0AA2A71JL000001' });
  });

  it('are missing from list, search, summary, options and export', async () => {
    const everything = await allPages(agent, '', 100);
    expect(everything.every((v) => v.user_id === agent.id)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/vehicles?q=zyxwv', as: agent })).json().items).toEqual([]);
    expect(
      (await t.call({ method: 'GET', url: '/api/vehicles?q=zyxwv', as: admin })).json().items.map((v: Vehicle) => v.id),
    ).toEqual([hidden.id]);
    expect((await t.call({ method: 'GET', url: '/api/vehicles/summary?q=zyxwv', as: agent })).json().total).toBe(0);
    expect((await t.call({ method: 'GET', url: '/api/vehicles/options?q=zyxwv', as: agent })).json()).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/vehicles/options?q=zyxwv', as: editor })).json()).toHaveLength(1);
    const csv = (await t.call({ method: 'GET', url: '/api/vehicles/export.csv', as: agent })).body;
    expect(csv).not.toContain('Zyxwv');
  });

  it('answer 404 to view, edit and timeline', async () => {
    for (const url of [`/api/vehicles/${hidden.id}`, `/api/vehicles/${hidden.id}/timeline`]) {
      const response = await t.call({ method: 'GET', url, as: agent });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Vehicle not found' } });
    }
    const edit = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${hidden.id}`,
      as: agent,
      payload: { ...base, updated_at: hidden.updated_at },
    });
    expect(edit.statusCode).toBe(404);
    const stored = await t.database.db
      .selectFrom('vehicles')
      .select('make')
      .where('id', '=', hidden.id)
      .executeTakeFirstOrThrow();
    expect(stored.make).toBe('Porsche');
    expect((await t.call({ method: 'GET', url: '/api/vehicles/not-a-uuid', as: agent })).statusCode).toBe(404);
  });
});

describe('the inventory list', () => {
  let fleet: Vehicle[];
  let listerUser: TestUser;
  beforeAll(async () => {
    const lister = await t.createUser('agent', 'Lena Lister');
    const specs = [
      { make: 'BMW', model: 'X5', year: 2021, price_cents: 61_000_00, status: 'available', vin: 'WBAJA7C55KWW00001' },
      { make: 'BMW', model: 'M4', year: 2023, price_cents: 78_500_00, status: 'sold' },
      { make: 'Tesla', model: 'Model Y', year: 2022, price_cents: 52_000_00, status: 'pending' },
      { make: 'Lexus', model: 'RX 350', year: 2019, price_cents: 38_900_00, status: 'available' },
      { make: 'Volvo', model: 'XC90', year: 2020, price_cents: 47_250_00, status: 'reserved' },
      { make: 'bmw', model: '330i', year: 2017, price_cents: 24_999_99, status: 'available' },
      { make: 'Porsche', model: 'Macan 100%_off', year: 2024, price_cents: 69_000_00, status: 'available' },
    ];
    fleet = [];
    for (const [i, spec] of specs.entries()) {
      const vehicle = await addVehicle(lister, spec);
      // One minute apart, so "newest first" has one right answer.
      const createdAt = new Date(Date.UTC(2026, 0, 1, 12, i));
      await sql`update vehicles set created_at = ${createdAt} where id = ${vehicle.id}`.execute(t.database.db);
      fleet.push({ ...vehicle, created_at: createdAt.toISOString() });
    }
    listerUser = lister;
  });

  it('pages newest first without repeating or skipping a vehicle', async () => {
    const listed = await allPages(listerUser, 'sort=newest', 2);
    expect(listed.map((v) => v.id)).toEqual([...fleet].reverse().map((v) => v.id));
  });

  it.each([
    ['price_asc', (a: Vehicle, b: Vehicle) => a.price_cents - b.price_cents],
    ['price_desc', (a: Vehicle, b: Vehicle) => b.price_cents - a.price_cents],
    ['year_asc', (a: Vehicle, b: Vehicle) => a.year - b.year],
    ['year_desc', (a: Vehicle, b: Vehicle) => b.year - a.year],
    ['oldest', () => 0],
  ] as const)('pages sorted by %s', async (sort, order) => {
    const listed = await allPages(listerUser, `sort=${sort}`, 3);
    expect(listed.map((v) => v.id)).toEqual([...fleet].sort(order).map((v) => v.id));
  });

  it('finds a vehicle by make, model or VIN in any case, with % and _ taken literally', async () => {
    const ids = async (q: string) => (await allPages(listerUser, `q=${encodeURIComponent(q)}`)).map((v) => v.model).sort();
    expect(await ids('bmw')).toEqual(['330i', 'M4', 'X5']);
    expect(await ids('odel')).toEqual(['Model Y']);
    expect(await ids('baja7c55k')).toEqual(['X5']);
    expect(await ids('100%_')).toEqual(['Macan 100%_off']);
    expect(await ids('%')).toEqual(['Macan 100%_off']);
  });

  it('filters by status, make, year range and price range', async () => {
    const models = async (query: string) => (await allPages(listerUser, query)).map((v) => v.model).sort();
    expect(await models('status=available')).toEqual(['330i', 'Macan 100%_off', 'RX 350', 'X5']);
    expect(await models('make=BMW')).toEqual(['330i', 'M4', 'X5']);
    expect(await models('year_min=2020&year_max=2022')).toEqual(['Model Y', 'X5', 'XC90']);
    expect(await models('price_min=4725000&price_max=6100000')).toEqual(['Model Y', 'X5', 'XC90']);
    expect(await models('status=available&make=bmw&year_min=2018')).toEqual(['X5']);
  });

  it.each(['', 'status=available', 'q=bmw', 'make=bmw&price_max=6100000', 'year_min=2030'])(
    'summarises exactly the listed vehicles for "%s"',
    async (query) => {
      const listed = await allPages(listerUser, query);
      const summary: VehicleSummary = (
        await t.call({ method: 'GET', url: `/api/vehicles/summary?${query}`, as: listerUser })
      ).json();
      const count = (status: string) => listed.filter((v) => v.status === status).length;
      expect(summary).toEqual({
        total: listed.length,
        available: count('available'),
        pending: count('pending'),
        sold: count('sold'),
        reserved: count('reserved'),
        // The value of what is still to sell, as on the dashboard.
        total_value_cents: listed.filter((v) => v.status !== 'sold').reduce((sum, v) => sum + v.price_cents, 0),
      });
    },
  );

  it('answers a count for every status, declared in the API docs, and the counts add up to the total', async () => {
    // The spec's vehicle statuses (available, pending, sold, reserved), each counted, beside the total and its value.
    const statuses = ['available', 'pending', 'sold', 'reserved'];
    const fields = ['total', ...statuses, 'total_value_cents'].sort();
    const docs = (await t.call({ method: 'GET', url: '/api/docs/json', as: listerUser })).json();
    const declared = docs.paths['/api/vehicles/summary'].get.responses?.['200']?.content?.['application/json']?.schema;
    expect(Object.keys(declared?.properties ?? {}).sort()).toEqual(fields);
    for (const query of ['', 'make=bmw', 'q=x', 'status=reserved']) {
      const summary = (await t.call({ method: 'GET', url: `/api/vehicles/summary?${query}`, as: listerUser })).json();
      expect(Object.keys(summary).sort(), query).toEqual(fields);
      expect(
        statuses.reduce((sum, status) => sum + summary[status], 0),
        query,
      ).toBe(summary.total);
    }
  });

  it('exports the filtered vehicles only, as CSV', async () => {
    const response = await t.call({ method: 'GET', url: '/api/vehicles/export.csv?make=bmw&sort=price_desc', as: listerUser });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="vehicles-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Year,Make,Model,VIN,Color,Mileage,Price,Status,Location,Contact Name,Contact Phone,Contact Email,Features,Notes,Date Added',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(' '))).toEqual([
      '2023 BMW M4',
      '2021 BMW X5',
      '2017 bmw 330i',
    ]);
    expect(lines[2]).toContain('WBAJA7C55KWW00001,,0,61000.00,Available');
  });

  it('offers at most 20 visible vehicles to the deal picker', async () => {
    const options = (await t.call({ method: 'GET', url: '/api/vehicles/options?q=bmw&status=available', as: listerUser })).json();
    expect(options.map((o: Vehicle) => o.model).sort()).toEqual(['330i', 'X5']);
    expect(Object.keys(options[0]).sort()).toEqual(['id', 'make', 'model', 'price_cents', 'status', 'vin', 'year']);
    for (let i = 0; i < 21; i++) await addVehicle(admin, { model: `Fleet ${i}` });
    expect((await t.call({ method: 'GET', url: '/api/vehicles/options', as: admin })).json()).toHaveLength(20);
  });

  it.each([
    ['newest', '1'],
    ['newest', '2026-01-01'],
    ['oldest', '-271821-04-20T00:00:00.000Z'],
    ['oldest', '0000-01-01T00:00:00.000Z'],
    ['price_desc', 1e21],
    ['price_asc', 1.5],
    ['year_desc', 3_000_000_000],
    ['year_asc', '2020'],
  ])('answers 400 Invalid cursor for a forged %s cursor value %j', async (sort, value) => {
    const cursor = Buffer.from(JSON.stringify([value, crypto.randomUUID()])).toString('base64url');
    const response = await t.call({ method: 'GET', url: `/api/vehicles?sort=${sort}&cursor=${cursor}`, as: listerUser });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', message: 'Invalid cursor' });
  });

  it('refuses a forged cursor', async () => {
    const cursor = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    const response = await t.call({ method: 'GET', url: `/api/vehicles?cursor=${cursor}`, as: listerUser });
    expect(response.statusCode).toBe(400);
  });
});

describe('inventory value', () => {
  it('is one figure on the dashboard and the inventory page: the vehicles not yet sold', async () => {
    const owner = await t.createUser('agent', 'Vera Value');
    for (const [status, price_cents] of [
      ['available', 10_000_00],
      ['pending', 20_000_00],
      ['reserved', 30_000_00],
      ['sold', 40_000_00],
    ] as const) {
      await addVehicle(owner, { status, price_cents });
    }
    const summary = (await t.call({ method: 'GET', url: '/api/vehicles/summary', as: owner })).json();
    const dashboard = (await t.call({ method: 'GET', url: '/api/dashboard', as: owner })).json();
    expect(summary.total_value_cents).toBe(60_000_00);
    expect(dashboard.stats.inventory_value_cents.current).toBe(summary.total_value_cents);
  });
});

describe('make suggestions', () => {
  it('suggests the makes of the inventory each user sees, the most stocked first, beside any make typed', async () => {
    await addVehicle(otherAgent, { make: 'Polestar', model: '2' });
    await addVehicle(agent, { make: 'Rivian', model: 'R1S' });
    await addVehicle(agent, { make: 'Rivian', model: 'R1T' });
    const makes = async (as: TestUser) =>
      ((await t.call({ method: 'GET', url: '/api/vehicles/makes', as })).json() as { items: string[] }).items;
    const agents = await makes(agent);
    expect(agents).toContain('Rivian');
    expect(agents).not.toContain('Polestar');
    expect(await makes(admin)).toEqual(expect.arrayContaining(['Rivian', 'Polestar']));
    expect(suggestedMakes(agents)).toEqual(expect.arrayContaining(['Rivian', 'Toyota', 'BMW']));
    // The inventory's makes join the spec's suggestions, each once whatever its case, in alphabetical order.
    const specMakes = [
      'BMW',
      'Mercedes-Benz',
      'Audi',
      'Tesla',
      'Porsche',
      'Lexus',
      'Acura',
      'Infiniti',
      'Cadillac',
      'Lincoln',
      'Genesis',
      'Volvo',
      'Jaguar',
      'Land Rover',
      'Ford',
      'Chevrolet',
      'Toyota',
      'Honda',
      'Nissan',
      'Mazda',
      'Subaru',
      'Hyundai',
    ];
    const merged = suggestedMakes(['bmw', ' Rivian ']);
    expect(merged).toEqual(expect.arrayContaining([...specMakes, 'Rivian']));
    expect(merged.filter((make) => make.toLowerCase() === 'bmw')).toEqual(['BMW']);
    expect(merged.filter((make) => make.toLowerCase().trim() === 'rivian')).toEqual(['Rivian']);
    expect(merged).toEqual([...merged].sort((a, b) => a.localeCompare(b)));
  });
});
