import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let emma: TestUser;
let liam: TestUser;
let chloe: { id: string };
let lena: { id: string };

const thisYear = new Date().getUTCFullYear();

const dealBody = (overrides: Record<string, unknown> = {}) => ({
  date: `${thisYear}-05-02`,
  manufacturer: 'Audi',
  model: 'Q5',
  year: thisYear,
  customer_name: 'Chloe Bennett',
  customer_phone: null,
  customer_email: null,
  agent_name: 'Anyone',
  contract_price_cents: 4_800_000,
  broker_fee_cents: 150_000,
  ...overrides,
});

const post = (as: TestUser, overrides: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/deals', payload: dealBody(overrides), as });

async function insertCustomer(owner: TestUser, name: string, email: string | null, phone: string | null) {
  return t.database.db
    .insertInto('customers')
    .values({ user_id: owner.id, name, email, phone, status: 'prospect' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const count = async (table: 'customers' | 'deals') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const lookup = async (as: TestUser, q: string) => {
  const response = await t.call({ method: 'GET', url: `/api/customers/lookup?q=${encodeURIComponent(q)}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; name: string; user_id: string; owner_name: string }[];
};

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Alex Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  emma = await t.createUser('agent', 'Emma Carter');
  liam = await t.createUser('agent', 'Liam Brooks');
  chloe = await insertCustomer(emma, 'Chloe Bennett', 'Chloe.Bennett@example.com', '(737) 555-0183');
  lena = await insertCustomer(liam, 'Lena Bennett', 'lena@example.com', null);
});
afterAll(() => t.close());

describe("the deal form's customer search", () => {
  it('finds every customer for admins and editors, with whose each is, by name or e-mail', async () => {
    for (const as of [admin, editor]) {
      expect(await lookup(as, 'bennett')).toEqual([
        {
          id: chloe.id,
          name: 'Chloe Bennett',
          email: 'Chloe.Bennett@example.com',
          phone: '(737) 555-0183',
          user_id: emma.id,
          owner_name: 'Emma Carter',
        },
        {
          id: lena.id,
          name: 'Lena Bennett',
          email: 'lena@example.com',
          phone: null,
          user_id: liam.id,
          owner_name: 'Liam Brooks',
        },
      ]);
      expect((await lookup(as, 'lena@exam')).map((c) => c.id)).toEqual([lena.id]);
    }
  });

  it("finds only an agent's own customers", async () => {
    expect((await lookup(emma, 'bennett')).map((c) => c.name)).toEqual(['Chloe Bennett']);
    expect((await lookup(liam, 'bennett')).map((c) => c.name)).toEqual(['Lena Bennett']);
    expect(await lookup(liam, 'chloe')).toEqual([]);
  });

  it('keeps the referral picker to the owner\u2019s own customers', async () => {
    const options = (await t.call({ method: 'GET', url: '/api/customers/options?q=bennett', as: admin })).json();
    expect(options).toEqual([]);
  });
});

describe("a deal's new customer who already is one", () => {
  it('refuses an e-mail an admin may see with 409 naming the customer, and stores nothing', async () => {
    const [customers, deals] = [await count('customers'), await count('deals')];
    const response = await post(admin, {
      user_id: emma.id,
      customer_name: 'Chloe B.',
      customer_email: 'chloe.bennett@EXAMPLE.com',
      create_customer: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'DUPLICATE_CUSTOMER',
      message: 'Chloe Bennett is already a customer',
      fields: { customer_email: 'Chloe Bennett is already a customer' },
      match: {
        id: chloe.id,
        name: 'Chloe Bennett',
        email: 'Chloe.Bennett@example.com',
        phone: '(737) 555-0183',
        user_id: emma.id,
        owner_name: 'Emma Carter',
        matched: 'email',
      },
    });
    expect([await count('customers'), await count('deals')]).toEqual([customers, deals]);
  });

  it('refuses a phone the agent\u2019s own customer has, written another way', async () => {
    const customers = await count('customers');
    const response = await post(emma, { customer_name: 'Chloe', customer_phone: '+1 737-555-0183', create_customer: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'DUPLICATE_CUSTOMER',
      fields: { customer_phone: 'Chloe Bennett is already a customer' },
      match: { id: chloe.id, matched: 'phone' },
    });
    expect(await count('customers')).toBe(customers);
  });

  it("never names another agent's customer to an agent, and stores nothing", async () => {
    const [customers, deals] = [await count('customers'), await count('deals')];
    const response = await post(liam, {
      customer_name: 'Chloe',
      customer_email: 'chloe.bennett@example.com',
      create_customer: true,
    });
    expect(response.statusCode).toBe(409);
    const { error } = response.json();
    expect(error).toEqual({
      code: 'DUPLICATE_CUSTOMER',
      message: expect.stringContaining('already a customer of another agent'),
      fields: { customer_email: expect.stringContaining('Ask a manager') },
    });
    expect(JSON.stringify(error)).not.toMatch(/Chloe Bennett|Emma|chloe\.bennett/i);
    expect([await count('customers'), await count('deals')]).toEqual([customers, deals]);
  });

  it('puts the deal on the existing customer when she is chosen, adding no customer, and her sale moves her', async () => {
    const customers = await count('customers');
    const response = await post(admin, {
      user_id: emma.id,
      customer_id: chloe.id,
      customer_email: 'chloe.bennett@example.com',
      create_customer: true,
      status: 'completed',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ customer_id: chloe.id, user_id: emma.id, agent_name: 'Emma Carter' });
    expect(await count('customers')).toBe(customers);
    const record = (await t.call({ method: 'GET', url: `/api/deals?customer_id=${chloe.id}`, as: emma })).json();
    expect(record.items.map((d: { id: string }) => d.id)).toEqual([response.json().id]);
    const customer = await t.database.db
      .selectFrom('customers')
      .select(['status', 'pipeline_stage'])
      .where('id', '=', chloe.id)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ status: 'active', pipeline_stage: 'Closed' });
  });

  it('still adds a new customer whose e-mail and phone nobody has', async () => {
    const response = await post(liam, {
      customer_name: 'Nadia New',
      customer_email: 'nadia@example.com',
      customer_phone: '(512) 555-0199',
      create_customer: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const customer = await t.database.db
      .selectFrom('customers')
      .select(['name', 'user_id'])
      .where('id', '=', response.json().customer_id)
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ name: 'Nadia New', user_id: liam.id });
  });
});
