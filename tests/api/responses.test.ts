import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  customerDetailSchema,
  customerListItemSchema,
  customerPageSchema,
  customerSchema,
} from '../../src/shared/customers/types.js';
import { dealDetailSchema, dealPageSchema, dealSchema } from '../../src/shared/deals/types.js';
import { vehicleDetailSchema, vehicleListItemSchema, vehiclePageSchema, vehicleSchema } from '../../src/shared/vehicles/types.js';
import { compileSerializer } from '../../src/server/http/serializer.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

let t: TestContext;
let agent: TestUser;
const ids = { customer: '', vehicle: '', deal: '' };
const year = new Date().getUTCFullYear();

/** The body has exactly the fields `schema` names, each of the declared type. */
function expectShape(body: unknown, schema: z.ZodObject) {
  expect(Object.keys(body as object).sort()).toEqual(Object.keys(schema.shape).sort());
  expect(schema.strict().safeParse(body).error).toBeUndefined();
}

async function get(url: string) {
  const response = await t.call({ method: 'GET', url, as: agent });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestContext();
  agent = await t.createUser('agent', 'Emma Carter');
  const created = async (url: string, payload: object) => {
    const response = await t.call({ method: 'POST', url, payload, as: agent });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const customer = await created('/api/customers', { name: 'Olivia Smith', email: 'olivia@example.com', status: 'active' });
  expectShape(customer, customerSchema);
  ids.customer = customer.id;
  const vehicle = await created('/api/vehicles', { make: 'BMW', model: 'X5', year, price_cents: 6_500_000, status: 'available' });
  expectShape(vehicle, vehicleSchema);
  ids.vehicle = vehicle.id;
  const deal = await created('/api/deals', {
    date: `${year}-03-14`,
    manufacturer: 'BMW',
    model: 'X5',
    year,
    customer_id: ids.customer,
    vehicle_id: ids.vehicle,
    customer_name: 'Olivia Smith',
    agent_name: 'Emma Carter',
    contract_price_cents: 6_500_000,
    broker_fee_cents: 250_000,
  });
  expectShape(deal, dealSchema);
  ids.deal = deal.id;
});
afterAll(() => t.close());

describe('responses follow their shared schemas', () => {
  it('lists and details of customers, vehicles and deals have exactly the declared fields', async () => {
    const customers = await get('/api/customers');
    expectShape(customers, customerPageSchema);
    expectShape(customers.items[0], customerListItemSchema);
    expectShape(await get(`/api/customers/${ids.customer}`), customerDetailSchema);

    const vehicles = await get('/api/vehicles');
    expectShape(vehicles, vehiclePageSchema);
    expectShape(vehicles.items[0], vehicleListItemSchema);
    expectShape(await get(`/api/vehicles/${ids.vehicle}`), vehicleDetailSchema);

    const deals = await get('/api/deals');
    expectShape(deals, dealPageSchema);
    expectShape(deals.items[0], dealSchema);
    const detail = await get(`/api/deals/${ids.deal}`);
    expectShape(detail, dealDetailSchema);
    expect(detail.customer.id).toBe(ids.customer);
    expect(detail.vehicle.id).toBe(ids.vehicle);
  });

  it('writes moments as ISO text and calendar days as YYYY-MM-DD', async () => {
    const deal = await get(`/api/deals/${ids.deal}`);
    expect(deal.date).toBe(`${year}-03-14`);
    expect(new Date(deal.created_at).toISOString()).toBe(deal.created_at);
  });

  it('never sends a column the schema does not name, even one a later migration adds', async () => {
    await sql`ALTER TABLE customers ADD COLUMN internal_note text NOT NULL DEFAULT 'not for clients'`.execute(t.database.db);
    await sql`ALTER TABLE deals ADD COLUMN internal_note text NOT NULL DEFAULT 'not for clients'`.execute(t.database.db);
    try {
      for (const url of ['/api/customers', `/api/customers/${ids.customer}`, '/api/deals', `/api/deals/${ids.deal}`]) {
        const response = await t.call({ method: 'GET', url, as: agent });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('not for clients');
      }
    } finally {
      await sql`ALTER TABLE customers DROP COLUMN internal_note`.execute(t.database.db);
      await sql`ALTER TABLE deals DROP COLUMN internal_note`.execute(t.database.db);
    }
  });

  it("compiles every route's response schemas (each is compiled on its route's first reply, not at start)", () => {
    const compiled: string[] = [];
    for (const route of t.app.routeList) {
      const responses = (route.schema as { response?: Record<string, z.ZodType> } | undefined)?.response ?? {};
      for (const [status, schema] of Object.entries(responses)) {
        expect(() => compileSerializer(schema), `${route.method} ${route.url} ${status}`).not.toThrow();
        expect(compileSerializer(schema)).toBeTypeOf('function');
        compiled.push(`${route.method} ${route.url} ${status}`);
      }
    }
    expect(compiled.length).toBeGreaterThan(100);
  });
});
