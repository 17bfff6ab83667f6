import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestUser } from '../helpers/app.js';
import { rowCount } from '../helpers/databases.js';

/** An ADF lead for one person; `extra` goes inside the prospect. */
const adf = (name: string, phone: string, email?: string, extra = '') => `<?xml version="1.0"?>
<adf><prospect>
  <requestdate>2026-11-20T09:15:00-06:00</requestdate>
  <vehicle interest="buy" status="used"><year>2023</year><make>Audi</make><model>Q7</model><price>54900</price></vehicle>
  <customer><contact><name part="full">${name}</name><phone type="cellphone">${phone}</phone>${email ? `<email>${email}</email>` : ''}</contact></customer>
  ${extra}
</prospect></adf>`;

const specSample = `<?ADF VERSION "1.0"?>
<?XML VERSION \u201C1.0\u201D?>
<adf><prospect><requestdate>2000-03-30T15:30:20-08:00</requestdate>
<vehicle><year>1999</year><make>Chevrolet</make><model>Blazer</model></vehicle>
<customer><contact><name part="full">John Doe</name><phone>393-999-3922</phone></contact></customer>
<vendor><contact><name part="full">Acura of Bellevue</name></contact></vendor>
</prospect></adf>`;

async function setUp() {
  const t = await createTestContext();
  const admin = await t.createUser('admin', 'Lead Admin');
  const created = await t.call({ method: 'POST', url: '/api/settings/lead-sources', as: admin, payload: { name: 'CarMarket' } });
  expect(created.statusCode, created.body).toBe(201);
  const source = created.json() as { id: string; key: string; path: string };
  const post = (body: string, key: string | null = source.key) =>
    t.call({
      method: 'POST',
      url: key === null ? '/api/leads/adf' : `/api/leads/adf?key=${encodeURIComponent(key)}`,
      headers: { 'content-type': 'application/xml', 'x-requested-with': '' },
      payload: body,
    });
  const count = (table: 'leads' | 'customers') => rowCount(t.database, table);
  return { t, admin, source, post, count };
}

describe('ADF lead intake', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  let sofia: TestUser;
  let liam: TestUser;
  beforeAll(async () => {
    ctx = await setUp();
    sofia = await ctx.t.createUser('agent', 'Sofia Reyes');
    liam = await ctx.t.createUser('agent', 'Liam Brooks');
  });
  afterAll(() => ctx.t.close());

  it('refuses a post without a source key, or with a wrong one, and stores nothing', async () => {
    expect((await ctx.post(specSample, null)).statusCode).toBe(401);
    expect((await ctx.post(specSample, 'not-a-key')).statusCode).toBe(401);
    const header = await ctx.t.call({
      method: 'POST',
      url: '/api/leads/adf',
      headers: { 'content-type': 'application/xml', 'x-lead-key': ctx.source.key },
      payload: '   ',
    });
    expect(header.statusCode).toBe(400);
    const nul = await ctx.post(specSample.replace('John Doe', 'John\u0000Doe'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe('An ADF document cannot hold a NUL character');
    expect(await ctx.count('leads')).toBe(0);
  });

  it('turns the specification\u2019s sample into a customer given to the next agent, with the reason', async () => {
    const response = await ctx.post(specSample);
    expect(response.statusCode, response.body).toBe(202);
    const outcome = response.json();
    expect(outcome).toMatchObject({
      status: 'parsed',
      leads: [{ new_customer: true, assignment_reason: 'next in rotation' }],
    });
    const customer = (
      await ctx.t.call({ method: 'GET', url: `/api/customers/${outcome.leads[0].customer_id}`, as: ctx.admin })
    ).json();
    expect(customer).toMatchObject({ name: 'John Doe', phone: '(393) 999-3922', status: 'prospect', lead_source: 'Website' });
    const owner = [sofia, liam].find((a) => a.id === customer.user_id)!;
    expect(outcome.leads[0].assigned_to).toBe(owner.name);
    const notes = (await ctx.t.call({ method: 'GET', url: '/api/notifications', as: owner })).json().items;
    expect(notes[0]).toMatchObject({
      title: 'New lead',
      content: 'John Doe from CarMarket, 1999 Chevrolet Blazer: next in rotation',
    });
  });

  it('gives three leads from one phone in a day one customer with three leads, all to the same agent', async () => {
    const outcomes = [];
    for (const phone of ['(512) 555-0142', '512.555.0142', '+1 512 555 0142'])
      outcomes.push((await ctx.post(adf('Maria Lopez', phone))).json().leads[0]);
    expect(new Set(outcomes.map((o) => o.customer_id)).size).toBe(1);
    expect(outcomes.map((o) => o.new_customer)).toEqual([true, false, false]);
    const owner = outcomes[0].assigned_to as string;
    expect(outcomes.slice(1).map((o) => o.assignment_reason)).toEqual([
      `returning customer of ${owner}`,
      `returning customer of ${owner}`,
    ]);
    const leads = await ctx.t.database.db
      .selectFrom('leads')
      .select('id')
      .where('customer_id', '=', outcomes[0].customer_id)
      .execute();
    expect(leads).toHaveLength(3);
  });

  it('gives a lead from a known customer\u2019s e-mail to that customer\u2019s agent', async () => {
    const known = await ctx.t.call({
      method: 'POST',
      url: '/api/customers',
      as: liam,
      payload: { name: 'Noah Known', email: 'noah.known@example.com' },
    });
    const outcome = (await ctx.post(adf('Noah K.', '(737) 555-0100', 'Noah.Known@Example.com'))).json().leads[0];
    expect(outcome).toMatchObject({
      customer_id: known.json().id,
      new_customer: false,
      assigned_to: 'Liam Brooks',
      assignment_reason: 'returning customer of Liam Brooks',
    });
  });

  it('leaves out of the customer what the customer form would refuse, and keeps the lead as sent', async () => {
    const outcome = (await ctx.post(adf('Odd Address', '(830) 555-0123', `${'x'.repeat(300)}@example.com`))).json().leads[0];
    expect(outcome.new_customer).toBe(true);
    const customer = (await ctx.t.call({ method: 'GET', url: `/api/customers/${outcome.customer_id}`, as: ctx.admin })).json();
    expect(customer).toMatchObject({ name: 'Odd Address', email: null, phone: '(830) 555-0123' });
    const lead = await ctx.t.database.db.selectFrom('leads').select('raw').where('id', '=', outcome.id).executeTakeFirstOrThrow();
    expect(lead.raw).toContain('x'.repeat(300));
  });

  it('keeps what it cannot read, flagged with the reason, counts it, and tells the admins', async () => {
    const before = await ctx.count('customers');
    const response = await ctx.post(specSample.slice(0, 150));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ status: 'flagged', reason: expect.stringMatching(/^Not well-formed XML/) });
    const stored = await ctx.t.database.db.selectFrom('leads').selectAll().where('status', '=', 'flagged').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ raw: specSample.slice(0, 150), customer_id: null, source_name: 'CarMarket' });
    expect(await ctx.count('customers')).toBe(before);
    const sources = (await ctx.t.call({ method: 'GET', url: '/api/settings/lead-sources', as: ctx.admin })).json().items;
    expect(sources).toEqual([expect.objectContaining({ name: 'CarMarket', flagged: 1, leads: 7 })]);
    const notes = (await ctx.t.call({ method: 'GET', url: '/api/notifications', as: ctx.admin })).json().items;
    expect(notes[0]).toMatchObject({ title: 'A lead needs a person' });
  });

  it('lets only admins manage sources; a removed source\u2019s key no longer works', async () => {
    expect((await ctx.t.call({ method: 'GET', url: '/api/settings/lead-sources', as: sofia })).statusCode).toBe(403);
    const twice = await ctx.t.call({
      method: 'POST',
      url: '/api/settings/lead-sources',
      as: ctx.admin,
      payload: { name: 'CarMarket' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual({ name: 'A lead source with this name already exists' });
    const other = (
      await ctx.t.call({ method: 'POST', url: '/api/settings/lead-sources', as: ctx.admin, payload: { name: 'Call tracking' } })
    ).json();
    expect((await ctx.post(adf('Ava Caller', '(214) 555-0199'), other.key)).statusCode).toBe(202);
    expect(
      (await ctx.t.call({ method: 'DELETE', url: `/api/settings/lead-sources/${other.id}`, as: ctx.admin })).statusCode,
    ).toBe(204);
    expect((await ctx.post(adf('Ava Caller', '(214) 555-0199'), other.key)).statusCode).toBe(401);
  });
});

describe('lead assignment', () => {
  it('shares 30 new leads fairly among 4 active agents, 7 or 8 each, and never gives one to a deactivated agent', async () => {
    const ctx = await setUp();
    try {
      const agents = [];
      for (const name of ['Ana One', 'Ben Two', 'Cy Three', 'Di Four']) agents.push(await ctx.t.createUser('agent', name));
      const gone = await ctx.t.createUser('agent', 'Ed Gone');
      await ctx.t.database.db.updateTable('users').set({ banned: true }).where('id', '=', gone.id).execute();
      const given = new Map<string, number>();
      for (let i = 0; i < 30; i++) {
        const outcome = (await ctx.post(adf(`Buyer ${i}`, `(512) 555-${String(1000 + i)}`))).json().leads[0];
        expect(outcome.assignment_reason).toBe('next in rotation');
        given.set(outcome.assigned_to, (given.get(outcome.assigned_to) ?? 0) + 1);
      }
      expect([...given.keys()].sort()).toEqual(['Ana One', 'Ben Two', 'Cy Three', 'Di Four']);
      expect([...given.values()].sort()).toEqual([7, 7, 8, 8]);
    } finally {
      await ctx.t.close();
    }
  });
});
