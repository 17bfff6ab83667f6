import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { rowCount } from '../helpers/databases.js';

let t: TestContext;
let agent: TestUser;
let customer: { id: string; updated_at: string };

const thisYear = new Date().getUTCFullYear();

const NUL = 'Ann\u0000Smith';
const LONE_SURROGATE = '\\ud800'; // as written inside JSON text
const impossibleDays = ['2023-02-29', '2025-02-30', '0000-01-01', '2024-13-01', '2024-04-31'];

const vehicleBody = { make: 'BMW', model: 'X5', year: thisYear, price_cents: 5_000_000 };
const dealBody = {
  date: `${thisYear}-03-14`,
  manufacturer: 'BMW',
  model: 'X5',
  year: thisYear,
  customer_name: 'Olivia Smith',
  agent_name: 'Anyone',
  contract_price_cents: 6_500_000,
  broker_fee_cents: 250_000,
};

async function counts() {
  const count = (table: 'customers' | 'vehicles' | 'deals' | 'audit_log') => rowCount(t.database, table);
  return {
    customers: await count('customers'),
    vehicles: await count('vehicles'),
    deals: await count('deals'),
    audit: await count('audit_log'),
  };
}

/** A JSON body with one field's value written as raw JSON text, so it can carry a lone surrogate escape. */
const rawJson = (body: Record<string, unknown>, field: string, jsonText: string) =>
  JSON.stringify({ ...body, [field]: '__RAW__' }).replace('"__RAW__"', jsonText);

function expectRefused(response: { statusCode: number; json: () => { error?: { code: string; message: string } } }) {
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
}

beforeAll(async () => {
  t = await createTestContext();
  agent = await t.createUser('agent', 'Nadia Nul');
  const created = await t.call({ method: 'POST', url: '/api/customers', payload: { name: 'Plain Customer' }, as: agent });
  customer = created.json();
});
afterAll(() => t.close());

describe('text that cannot be stored', () => {
  const writes = () =>
    [
      ['POST', '/api/customers', { name: 'Ok' }, 'name'],
      ['POST', '/api/customers', { name: 'Ok' }, 'notes'],
      ['PUT', `/api/customers/${customer.id}`, { name: 'Ok', updated_at: customer.updated_at }, 'location'],
      ['POST', '/api/vehicles', vehicleBody, 'make'],
      ['POST', '/api/vehicles', vehicleBody, 'contact_name'],
      ['POST', '/api/deals', dealBody, 'customer_name'],
      ['POST', '/api/deals', dealBody, 'notes'],
      ['PATCH', '/api/users/me', { name: 'Ok' }, 'name'],
    ] as const;

  it('refuses a NUL byte in any text field with 400 and stores nothing', async () => {
    const before = await counts();
    for (const [method, url, body, field] of writes()) {
      const response = await t.call({ method, url, payload: { ...body, [field]: NUL }, as: agent });
      expectRefused(response);
      expect(response.json().error.fields?.[field], `${method} ${url} ${field}`).toBe('Contains characters that cannot be saved');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a lone UTF-16 surrogate in any text field with 400 and stores nothing', async () => {
    const before = await counts();
    for (const [method, url, body, field] of writes()) {
      const response = await t.call({
        method,
        url,
        payload: rawJson(body, field, `"Ann${LONE_SURROGATE}"`),
        headers: { 'content-type': 'application/json' },
        as: agent,
      });
      expectRefused(response);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a NUL in list entries (features, car preferences)', async () => {
    expectRefused(
      await t.call({ method: 'POST', url: '/api/vehicles', payload: { ...vehicleBody, features: ['Sun\u0000roof'] }, as: agent }),
    );
    expectRefused(
      await t.call({ method: 'POST', url: '/api/customers', payload: { name: 'Ok', preferred_cars: ['SUV\u0000'] }, as: agent }),
    );
  });

  it('refuses a NUL in every search and filter with 400', async () => {
    const searches = [
      '/api/customers?q=',
      '/api/customers/summary?q=',
      '/api/customers/export.csv?q=',
      '/api/customers/options?q=',
      '/api/customers/lookup?q=',
      '/api/customers/duplicates?email=',
      '/api/customers/duplicates?phone=',
      '/api/vehicles?q=',
      '/api/vehicles?make=',
      '/api/vehicles/summary?q=',
      '/api/vehicles/export.csv?q=',
      '/api/vehicles/options?q=',
      '/api/vehicles/vin-check?vin=',
      '/api/deals?q=',
    ];
    for (const url of searches) {
      const response = await t.call({ method: 'GET', url: `${url}smith%00`, as: agent });
      expect(response.statusCode, url).toBe(400);
      // Percent-escapes that decode to no character are searched for as the text they are.
      for (const value of ['%ED%A0%80', '%C0%AF', '%']) {
        expect((await t.call({ method: 'GET', url: `${url}${value}`, as: agent })).statusCode, `${url}${value}`).toBeLessThan(
          500,
        );
      }
    }
  });
});

describe('impossible dates', () => {
  it('refuses them in every date field with 400 and stores nothing', async () => {
    const before = await counts();
    for (const day of impossibleDays) {
      const birthday = await t.call({ method: 'POST', url: '/api/customers', payload: { name: 'Ok', birthday: day }, as: agent });
      expectRefused(birthday);
      expect(birthday.json().error.fields.birthday).toBe('Invalid date');
      const deal = await t.call({ method: 'POST', url: '/api/deals', payload: { ...dealBody, date: day }, as: agent });
      expectRefused(deal);
      expect(deal.json().error.fields.date).toBe('Invalid date');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses them in the date filters with 400', async () => {
    for (const day of impossibleDays) {
      for (const url of ['/api/customers', '/api/customers/summary', '/api/customers/export.csv']) {
        expect((await t.call({ method: 'GET', url: `${url}?added_from=${day}`, as: agent })).statusCode).toBe(400);
        expect((await t.call({ method: 'GET', url: `${url}?added_to=${day}`, as: agent })).statusCode).toBe(400);
      }
    }
  });

  it('still takes 29 February of a leap year', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'Leap Day', birthday: '2024-02-29' },
      as: agent,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().birthday).toBe('2024-02-29');
  });

  it('refuses a version that is not a moment, instead of treating it as stale', async () => {
    const response = await t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { name: 'Plain Customer', updated_at: '2025-02-30T00:00:00.000Z' },
      as: agent,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('ranges in filters', () => {
  it("says what is wrong with a 'from' after its 'to'", async () => {
    const years = await t.call({ method: 'GET', url: '/api/vehicles?year_min=2025&year_max=2019', as: agent });
    expect(years.statusCode).toBe(400);
    expect(years.json().error.fields).toEqual({ year_max: "'Year to' can't be before 'Year from'" });
    const prices = await t.call({ method: 'GET', url: '/api/vehicles/summary?price_min=500&price_max=100', as: agent });
    expect(prices.json().error.fields).toEqual({ price_max: "'Price to' can't be below 'Price from'" });
    const days = await t.call({ method: 'GET', url: '/api/customers?added_from=2025-05-01&added_to=2025-04-01', as: agent });
    expect(days.json().error.fields).toEqual({ added_to: "'Added to' can't be before 'Added from'" });
  });

  it('says what is wrong with a year or a price that is not a number', async () => {
    for (const [query, field, message] of [
      ['year_min=abc', 'year_min', 'Enter a year such as 2020'],
      ['price_min=-100', 'price_min', 'Enter an amount of 0 or more'],
      ['price_max=1e30', 'price_max', 'Enter an amount of 0 or more'],
      ['price_max=100000000001', 'price_max', 'Amount is too large'],
    ] as const) {
      const response = await t.call({ method: 'GET', url: `/api/vehicles?${query}`, as: agent });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
  });
});

describe('money', () => {
  it('caps every amount at $1,000,000,000', async () => {
    const over = 1_000_000_000_00 + 1;
    for (const [url, body, field] of [
      ['/api/deals', dealBody, 'contract_price_cents'],
      ['/api/deals', dealBody, 'broker_fee_cents'],
      ['/api/deals', dealBody, 'monthly_payment_cents'],
      ['/api/vehicles', vehicleBody, 'price_cents'],
      ['/api/customers', { name: 'Ok' }, 'budget_cents'],
    ] as const) {
      const response = await t.call({ method: 'POST', url, payload: { ...body, [field]: over }, as: agent });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field]).toMatch(/too (large|high)/);
    }
    const atCap = await t.call({
      method: 'POST',
      url: '/api/deals',
      payload: { ...dealBody, contract_price_cents: 1_000_000_000_00 },
      as: agent,
    });
    expect(atCap.statusCode).toBe(201);
  });

  it('adds up thousands of deals at the cap without overflowing', async () => {
    const owner = await t.createUser('agent', 'Max Cap');
    await t.database.pool.query(
      `INSERT INTO deals (user_id, date, manufacturer, model, year, customer_name, agent_name, contract_price_cents, broker_fee_cents, status)
       SELECT $1, make_date($2, 1 + g % 12, 1), 'BMW', 'X5', $2, 'Big Spender', 'Max Cap', 100000000000, 100000000000, 'completed'
       FROM generate_series(1, 2000) g`,
      [owner.id, thisYear],
    );
    const analytics = await t.call({ method: 'GET', url: `/api/analytics/deals?year=${thisYear}`, as: owner });
    expect(analytics.statusCode).toBe(200);
    expect(analytics.json().totals).toMatchObject({ units: 2000, gross_cents: 2000 * 100_000_000_000 });
    expect((await t.call({ method: 'GET', url: '/api/dashboard', as: owner })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/analytics?range=12m', as: owner })).statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/analytics/deals/export.csv?year=${thisYear}&tab=monthly`, as: owner }))
        .statusCode,
    ).toBe(200);
  });
});

describe('refusals in plain words', () => {
  it('names the field, its choices or its limit, never in zod’s own words', async () => {
    const before = await counts();
    for (const [method, url, payload, field, message] of [
      ['POST', '/api/customers', { name: 'Ok', status: 'gold' }, 'status', 'Status must be active, prospect or inactive'],
      ['POST', '/api/customers', { name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
      ['POST', '/api/customers', { name: 'Ok', phone: 5125550101 }, 'phone', 'Phone must be text'],
      ['POST', '/api/customers', { name: 'Ok', preferred_cars: 'SUV' }, 'preferred_cars', 'Car preferences must be a list'],
      [
        'POST',
        '/api/vehicles',
        { ...vehicleBody, status: 'gone' },
        'status',
        'Status must be available, pending, sold or reserved',
      ],
      ['POST', '/api/vehicles', { ...vehicleBody, color: 'x'.repeat(41) }, 'color', 'Color must be at most 40 characters'],
      ['POST', '/api/deals', { ...dealBody, notes: 'x'.repeat(5001) }, 'notes', 'Notes must be at most 5,000 characters'],
    ] as const) {
      const response = await t.call({ method, url, payload, as: agent });
      expect(response.statusCode, `${url} ${field}`).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { [field]: message } });
    }
    const query = await t.call({ method: 'GET', url: '/api/customers?status=gold&limit=500', as: agent });
    expect(query.json().error.fields).toEqual({
      status: 'Status must be active, prospect or inactive',
      limit: 'Page size must be at most 100',
    });
    // The spec's own messages stay as they are.
    const spec = await t.call({ method: 'POST', url: '/api/vehicles', payload: { year: 1800, price_cents: -1 }, as: agent });
    expect(spec.json().error.fields).toMatchObject({
      make: 'Make is required',
      model: 'Model is required',
      year: 'Invalid year',
    });
    expect(await counts()).toEqual(before);
  });
});
