import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/schema.js';
import { LEAD_OF_ANOTHER_AGENT, type LeadItem } from '../../src/shared/leads/schemas.js';
import { alertUnanswered } from '../../src/server/modules/leads/service.js';
import { createTestContext, type TestUser } from '../helpers/app.js';
import { rowCount } from '../helpers/databases.js';
import { liveTab, refreshesCustomers } from '../helpers/live-tab.js';
import { postSignedHook } from '../helpers/signed-hook.js';

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

/** An ADF lead whose name is an external entity: nothing may read the file, nor make a customer named `&xxe;`. */
const withDoctype = `<?xml version="1.0"?>
<!DOCTYPE adf [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
${adf('&xxe;', '(512) 555-0666', 'xxe@example.com').replace('<?xml version="1.0"?>', '')}`;
const customersNamed = (db: Kysely<DB>, name: string) =>
  db.selectFrom('customers').select('id').where('name', '=', name).execute();

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
  /** A mail reaching the inbound hook, signed as the mail service signs it. */
  const inbound = async (payload: Record<string, unknown>) => {
    const secret = (await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin }))
      .json()
      .items.find((h: { name: string }) => h.name === 'inbound_email').secret as string;
    return postSignedHook(t.app, '/api/hooks/inbound-email', secret, payload);
  };
  return { t, admin, source, post, count, inbound };
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
    expect(customer).toMatchObject({
      name: 'John Doe',
      phone: '(393) 999-3922',
      status: 'prospect',
      lead_source: null,
      lead_source_name: 'CarMarket',
      lead_channel: 'adf',
    });
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

  it('refuses what is not an ADF document it can read, with the reason, and keeps nothing', async () => {
    const before = { leads: await ctx.count('leads'), customers: await ctx.count('customers') };
    for (const body of [
      // A reference to no character, in a document escaped as HTML mail carries it, and in plain XML.
      '&lt;adf&gt;&lt;prospect&gt;&lt;customer&gt;&#99999999999;',
      adf('Big Reference', '(512) 555-0190', undefined, '<comments>&#x110000;</comments>'),
      specSample.slice(0, 150),
      'Hello, I want a car',
    ]) {
      const response = await ctx.post(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error.message, body).toMatch(/^The ADF document could not be read: (Not well-formed XML|No <adf>)/);
    }
    expect(await ctx.count('leads')).toBe(before.leads);
    expect(await ctx.count('customers')).toBe(before.customers);
  });

  it('refuses a document that declares a DOCTYPE or uses an entity XML does not define, and makes no customer', async () => {
    const before = await ctx.count('leads');
    const doctype = await ctx.post(withDoctype);
    expect(doctype.statusCode).toBe(400);
    expect(doctype.json().error.message).toBe(
      'The ADF document could not be read: The document declares a DOCTYPE, which ADF does not use',
    );
    const undefinedEntity = await ctx.post(adf('&xxe;', '(512) 555-0667'));
    expect(undefinedEntity.statusCode).toBe(400);
    expect(undefinedEntity.json().error.message).toBe(
      'The ADF document could not be read: The document uses an entity XML does not define: &xxe;',
    );
    expect(await ctx.count('leads')).toBe(before);
    expect(await customersNamed(ctx.t.database.db, '&xxe;')).toEqual([]);
  });

  it('keeps a document read without a lead in it, flagged with the reason, counts it, and tells the admins', async () => {
    const before = await ctx.count('customers');
    const noContact =
      '<adf><prospect><vehicle><make>BMW</make></vehicle><customer><comments>Call me</comments></customer></prospect></adf>';
    const response = await ctx.post(noContact);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ status: 'flagged', reason: 'A prospect has no customer name, e-mail or phone' });
    const stored = await ctx.t.database.db.selectFrom('leads').selectAll().where('status', '=', 'flagged').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ raw: noContact, customer_id: null, source_name: 'CarMarket' });
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

  it('audits a new customer as created from the lead, and refreshes their agent\u2019s lists with lead notices off', async () => {
    const settings = (await ctx.t.call({ method: 'GET', url: '/api/settings', as: ctx.admin })).json();
    const quiet = { ...settings, notifications: { ...settings.notifications, lead_received: [] } };
    expect((await ctx.t.call({ method: 'PUT', url: '/api/settings', as: ctx.admin, payload: quiet })).statusCode).toBe(200);
    const agents = [sofia, liam];
    const tabs = await Promise.all(agents.map((agent) => liveTab(ctx.t, agent)));
    try {
      const outcome = (await ctx.post(adf('Tess Quiet', '(512) 555-0777', 'tess.quiet@example.com'))).json().leads[0];
      expect(outcome).toMatchObject({ new_customer: true, assignment_reason: 'next in rotation' });
      const tab = tabs[agents.findIndex((agent) => agent.name === outcome.assigned_to)]!;
      expect(await tab.next(refreshesCustomers)).toEqual({ type: 'change', area: 'customers' });
      const timeline = (
        await ctx.t.call({ method: 'GET', url: `/api/customers/${outcome.customer_id}/timeline`, as: ctx.admin })
      ).json();
      // In one transaction: the customer created from the lead, and the task to answer it (the first-response rule).
      expect(timeline).toHaveLength(2);
      expect(timeline).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'created_from_lead',
            changes: {
              lead: outcome.id,
              source: 'CarMarket',
              channel: 'adf',
              assigned_to: outcome.assigned_to,
              reason: 'next in rotation',
            },
          }),
          expect.objectContaining({
            action: 'task_added',
            actor_name: 'Torque',
            changes: expect.objectContaining({ rule: 'first_response', title: 'Answer the new lead from CarMarket' }),
          }),
        ]),
      );
    } finally {
      for (const tab of tabs) tab.close();
      await ctx.t.call({ method: 'PUT', url: '/api/settings', as: ctx.admin, payload: settings });
    }
  });

  it('cleans control characters out of a name it is sent, posted or mailed, and keeps the lead', async () => {
    // XML lets C1 controls (here NEL, U+0085) and most C0 ones through as characters: a sender's stray one costs
    // neither the lead nor the name, and no name is stored with a line break or a control character in it.
    const posted = await ctx.post(adf('Ana\u0085Lucía\u0001Peña\u000bEND:VEVENT', '(512) 555-0185'));
    expect(posted.statusCode, posted.body).toBe(202);
    const lead = posted.json().leads[0];
    expect(lead.new_customer).toBe(true);
    const customer = (await ctx.t.call({ method: 'GET', url: `/api/customers/${lead.customer_id}`, as: ctx.admin })).json();
    expect(customer.name).toBe('Ana Lucía Peña END:VEVENT');
    const mailed = await ctx.inbound({
      from: 'leads@autoportal.example',
      to: 'sales@torque.example',
      subject: 'New lead',
      text: adf('Bea\u0085\u0085Núñez\u001b', '(512) 555-0186'),
      message_id: '<lead-controls@autoportal.example>',
    });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json()).toMatchObject({ leads: 1 });
    expect(await customersNamed(ctx.t.database.db, 'Bea Núñez')).toHaveLength(1);
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

describe('limits on ADF intake', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  /** One document of `count` prospects, each a new person. */
  const prospects = (count: number, from: number) =>
    `<adf>${Array.from(
      { length: count },
      (_, i) =>
        `<prospect><customer><contact><name part="full">Bulk ${from + i}</name><phone>(210) 555-${String(from + i).padStart(4, '0')}</phone></contact></customer></prospect>`,
    ).join('')}</adf>`;
  beforeAll(async () => {
    ctx = await setUp();
    await ctx.t.createUser('agent', 'Bulk Agent');
  });
  afterAll(() => ctx.t.close());

  it('refuses a document of more than 50 prospects with 413 and keeps nothing; from mail, keeps it flagged', async () => {
    const tooMany = await ctx.post(prospects(51, 0));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toBe('An ADF document may carry at most 50 prospects');
    expect(await ctx.count('leads')).toBe(0);
    expect(await ctx.count('customers')).toBe(0);
    const mailed = await ctx.inbound({
      from: 'bulk@autoportal.example',
      to: 'sales@torque.example',
      text: prospects(51, 0),
      message_id: '<bulk-1@autoportal.example>',
    });
    expect(mailed.json()).toMatchObject({ leads: 1 });
    const stored = await ctx.t.database.db.selectFrom('leads').select(['status', 'reason', 'channel']).execute();
    expect(stored).toEqual([{ status: 'flagged', reason: 'An ADF document may carry at most 50 prospects', channel: 'email' }]);
    expect(await ctx.count('customers')).toBe(0);
  });

  it('takes 60 prospects a minute from one source, counted one by one, then answers 429 with Retry-After', async () => {
    // The refused document above counted once: 1 + 50 + 9 is the minute's 60.
    const fifty = await ctx.post(prospects(50, 100));
    expect(fifty.statusCode, fifty.body).toBe(202);
    expect(fifty.json().leads).toHaveLength(50);
    for (let i = 0; i < 9; i++) expect((await ctx.post(prospects(1, 200 + i))).statusCode).toBe(202);
    const before = await ctx.count('leads');
    const over = await ctx.post(prospects(1, 300));
    expect(over.statusCode).toBe(429);
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(over.json().error.message).toBe(`Too many leads from this source; try again in ${wait} seconds`);
    expect(await ctx.count('leads')).toBe(before);
  });

  it('holds back no other source', async () => {
    const other = await ctx.t.call({
      method: 'POST',
      url: '/api/settings/lead-sources',
      as: ctx.admin,
      payload: { name: 'Second Market' },
    });
    expect((await ctx.post(prospects(1, 400), other.json().key)).statusCode).toBe(202);
    expect((await ctx.post(prospects(1, 401))).statusCode).toBe(429);
  });
});

describe('leads after intake', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  let emma: TestUser;
  let noah: TestUser;
  let editor: TestUser;
  const list = async (as: TestUser, query = '') =>
    (await ctx.t.call({ method: 'GET', url: `/api/leads?limit=100${query}`, as })).json().items as LeadItem[];
  beforeAll(async () => {
    ctx = await setUp();
    emma = await ctx.t.createUser('agent', 'Emma Carter');
    noah = await ctx.t.createUser('agent', 'Noah Price');
    editor = await ctx.t.createUser('editor', 'Eve Editor');
  });
  afterAll(() => ctx.t.close());

  it('lists leads newest first, each agent their own, with source, reason and no answer yet', async () => {
    const first = (await ctx.post(adf('Iris Vale', '(303) 555-0101', 'iris@example.com'))).json().leads[0];
    const second = (await ctx.post(adf('Omar Reed', '(303) 555-0102'))).json().leads[0];
    const all = await list(ctx.admin);
    expect(all.map((l) => l.name)).toEqual(['Omar Reed', 'Iris Vale']);
    expect(all[1]).toMatchObject({
      id: first.id,
      source_name: 'CarMarket',
      channel: 'adf',
      status: 'parsed',
      vehicle: '2023 Audi Q7',
      assignment_reason: 'next in rotation',
      first_response_at: null,
    });
    const owner = [emma, noah].find((a) => a.name === first.assigned_to)!;
    const other = owner === emma ? noah : emma;
    expect((await list(owner)).map((l) => l.id)).toEqual([first.id]);
    expect((await list(other)).map((l) => l.id)).toEqual([second.id]);
    expect((await ctx.t.call({ method: 'GET', url: `/api/leads/${first.id}`, as: other })).statusCode).toBe(404);
    const detail = (await ctx.t.call({ method: 'GET', url: `/api/leads/${first.id}`, as: owner })).json();
    expect(detail.raw).toContain('<name part="full">Iris Vale</name>');
    expect((await list(owner, '&view=waiting')).map((l) => l.id)).toEqual([first.id]);
    expect((await list(owner, `&customer=${first.customer_id}`)).map((l) => l.id)).toEqual([first.id]);
  });

  it('counts a logged call, an e-mail or an offer by a person as the first answer; an agent sees it on the lead', async () => {
    const [lead] = await list(ctx.admin);
    const owner = [emma, noah].find((a) => a.id === lead!.assigned_to!.id)!;
    const bad = await ctx.t.call({ method: 'POST', url: `/api/leads/${lead!.id}/contacts`, as: owner, payload: { kind: 'fax' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.kind).toBe('Choose how you reached them');
    const logged = await ctx.t.call({
      method: 'POST',
      url: `/api/leads/${lead!.id}/contacts`,
      as: owner,
      payload: { kind: 'call', note: 'Wants a test drive Saturday' },
    });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json()).toMatchObject({ first_response_by: owner.name, first_response_kind: 'contact_logged' });
    expect(Date.parse(logged.json().first_response_at)).toBeGreaterThanOrEqual(Date.parse(lead!.received_at));
    // A second answer does not move the first one.
    const again = await ctx.t.call({
      method: 'POST',
      url: `/api/leads/${lead!.id}/contacts`,
      as: owner,
      payload: { kind: 'text' },
    });
    expect(again.json().first_response_at).toBe(logged.json().first_response_at);
    expect((await list(owner, '&view=waiting')).map((l) => l.id)).not.toContain(lead!.id);
    const timeline = (
      await ctx.t.call({ method: 'GET', url: `/api/customers/${lead!.customer!.id}/timeline`, as: owner })
    ).json() as { action: string; changes: { kind: string; note: string | null } }[];
    expect(timeline.filter((e) => e.action === 'contact_logged').map((e) => [e.changes.kind, e.changes.note])).toEqual([
      ['text', null],
      ['call', 'Wants a test drive Saturday'],
    ]);
  });

  it('tells the admins once of a lead unanswered past the settings\u2019 minutes, and not of an answered one', async () => {
    const waiting = (await list(ctx.admin, '&view=waiting'))[0]!;
    const db = ctx.t.database.db;
    expect(await alertUnanswered(db, 15)).toBe(0);
    await db
      .updateTable('leads')
      .set({ received_at: sql<Date>`now() - interval '16 minutes'` })
      .execute();
    expect(await alertUnanswered(db, 15)).toBe(1);
    expect(await alertUnanswered(db, 15)).toBe(0);
    const notes = (await ctx.t.call({ method: 'GET', url: '/api/notifications', as: ctx.admin })).json().items;
    expect(notes[0]).toMatchObject({
      title: 'Lead waiting',
      content: `${waiting.name} from CarMarket has waited 15 minutes for an answer from ${waiting.assigned_to!.name}.`,
      link: `/customers/${waiting.customer!.id}`,
    });
    expect((await list(ctx.admin)).find((l) => l.id === waiting.id)!.alerted_at).not.toBeNull();
  });

  it('shows speed to lead by source and by agent on the dashboard, an agent their own', async () => {
    const dashboard = (await ctx.t.call({ method: 'GET', url: '/api/dashboard', as: ctx.admin })).json();
    expect(dashboard.speed_to_lead.by_source).toEqual([
      { name: 'CarMarket', leads: 2, answered: 1, p50_seconds: expect.any(Number), p90_seconds: expect.any(Number) },
    ]);
    // The one answered lead's time to its first answer, as the database has it (the test moved its arrival back).
    const answered = await sql<{ seconds: number }>`
      SELECT round(extract(epoch FROM first_response_at - received_at))::int AS seconds FROM leads
      WHERE first_response_at IS NOT NULL`.execute(ctx.t.database.db);
    expect(answered.rows).toHaveLength(1);
    expect(dashboard.speed_to_lead.by_source[0].p50_seconds).toBe(answered.rows[0]!.seconds);
    expect(dashboard.speed_to_lead.by_agent.map((r: { name: string }) => r.name).sort()).toEqual(['Emma Carter', 'Noah Price']);
    const own = (await ctx.t.call({ method: 'GET', url: '/api/dashboard', as: emma })).json();
    expect(own.speed_to_lead.by_agent.map((r: { name: string }) => r.name)).toEqual(['Emma Carter']);
    expect(own.speed_to_lead.by_source[0].leads).toBe(1);
  });

  it('adds a lead by hand through the same intake: an agent keeps it, a known phone goes to its agent', async () => {
    const refused = await ctx.t.call({ method: 'POST', url: '/api/leads', as: emma, payload: { name: 'No Contact' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.email).toBe('Enter an email or a phone number');
    const before = await ctx.count('customers');
    const leadsBefore = await ctx.count('leads');
    const twoLines = await ctx.t.call({
      method: 'POST',
      url: '/api/leads',
      as: emma,
      payload: { name: 'Walk\r\nEND:VEVENT', phone: '720-555-0178' },
    });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().error.fields.name).toBe('A name cannot contain line breaks or control characters');
    expect([await ctx.count('customers'), await ctx.count('leads')]).toEqual([before, leadsBefore]);
    const added = await ctx.t.call({
      method: 'POST',
      url: '/api/leads',
      as: emma,
      payload: {
        name: 'Walk In',
        phone: '720-555-0177',
        interest: 'Tesla Model Y',
        budget_cents: 4_850_000,
        lead_source: 'Walk-in',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      new_customer: true,
      assigned_to: 'Emma Carter',
      assignment_reason: 'added by Emma Carter',
    });
    const customer = (await ctx.t.call({ method: 'GET', url: `/api/customers/${added.json().customer_id}`, as: emma })).json();
    expect(customer).toMatchObject({ lead_source: 'Walk-in', budget_cents: 4_850_000, preferred_cars: ['Tesla Model Y'] });
    // The editor takes the same person's call: one customer, and the lead goes to Emma, whose customer it is.
    const again = await ctx.t.call({
      method: 'POST',
      url: '/api/leads',
      as: editor,
      payload: { name: 'Walk In', phone: '+1 720 555 0177' },
    });
    expect(again.json()).toMatchObject({
      new_customer: false,
      assignment_reason: 'returning customer of Emma Carter, added by Eve Editor',
    });
    expect(await ctx.count('customers')).toBe(before + 1);
    expect((await list(emma, `&customer=${customer.id}`)).map((l) => l.channel)).toEqual(['manual', 'manual']);
  });

  it('tells an agent who adds another agent\u2019s customer only that, and gives the lead to that agent, who is told', async () => {
    const theirs = await ctx.t.call({
      method: 'POST',
      url: '/api/customers',
      as: noah,
      payload: { name: 'Nora Owned', email: 'nora.owned@example.com' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const customer = theirs.json() as { id: string };
    const added = await ctx.t.call({
      method: 'POST',
      url: '/api/leads',
      as: emma,
      payload: { name: 'Nora', email: 'Nora.Owned@example.com', interest: 'Kia EV9' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ passed_on: true, message: LEAD_OF_ANOTHER_AGENT });
    expect((await ctx.t.call({ method: 'GET', url: `/api/customers/${customer.id}`, as: emma })).statusCode).toBe(404);
    expect((await list(emma, `&customer=${customer.id}`)).length).toBe(0);
    const [lead] = await list(noah, `&customer=${customer.id}`);
    expect(lead).toMatchObject({
      channel: 'manual',
      assigned_to: { id: noah.id, name: 'Noah Price' },
      assignment_reason: 'returning customer of Noah Price, added by Emma Carter',
    });
    const [note] = (await ctx.t.call({ method: 'GET', url: '/api/notifications', as: noah })).json().items;
    expect(note).toMatchObject({
      title: 'New lead',
      content: 'Nora from Phone, Kia EV9: returning customer of Noah Price, added by Emma Carter',
      link: `/customers/${customer.id}`,
    });
  });

  it('reads ADF in inbound mail, in the body or an XML attachment, once per mail', async () => {
    const inBody = await ctx.inbound({
      from: 'Leads@AutoPortal.example',
      to: 'sales@torque.example',
      subject: 'New lead',
      text: adf('Mail Body', '(415) 555-0130'),
      message_id: '<lead-1@autoportal.example>',
    });
    expect(inBody.statusCode, inBody.body).toBe(200);
    expect(inBody.json()).toMatchObject({ repeated: false, leads: 1 });
    const attached = {
      from: 'leads@autoportal.example',
      to: 'sales@torque.example',
      subject: 'Lead attached',
      text: 'See the attached lead.',
      message_id: '<lead-2@autoportal.example>',
      attachments: [
        { filename: 'photo.jpg', content_type: 'image/jpeg', content: Buffer.from('not a lead').toString('base64') },
        {
          filename: 'lead.xml',
          content_type: 'application/xml',
          content: Buffer.from(adf('Mail Attachment', '(415) 555-0131')).toString('base64'),
        },
      ],
    };
    expect((await ctx.inbound(attached)).json()).toMatchObject({ repeated: false, leads: 1 });
    expect((await ctx.inbound(attached)).json()).toMatchObject({ repeated: true, leads: 0 });
    const fromMail = (await list(ctx.admin)).filter((l) => l.channel === 'email');
    expect(fromMail.map((l) => [l.name, l.source_name])).toEqual([
      ['Mail Attachment', 'leads@autoportal.example'],
      ['Mail Body', 'leads@autoportal.example'],
    ]);
    const plain = await ctx.inbound({
      from: 'someone@example.com',
      to: 'x',
      subject: 'Hi',
      text: 'No lead here',
      message_id: '<p@x>',
    });
    expect(plain.json().leads).toBe(0);
    const notBase64 = await ctx.inbound({ from: 'a@example.com', to: 'x', attachments: [{ content: '%%%' }] });
    expect(notBase64.statusCode).toBe(400);
  });

  it('keeps ADF in mail that cannot be read as one flagged lead, tells the admins, and reads a retry only once', async () => {
    const flaggedBefore = (await list(ctx.admin, '&view=flagged')).length;
    const mail = {
      from: 'leads@autoportal.example',
      to: 'sales@torque.example',
      subject: 'New lead',
      // An HTML mail's escaped lead with a reference to no character in it.
      text: adf('Mail &#99999999999; Ref', '(415) 555-0140').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
      message_id: '<unreadable-1@autoportal.example>',
    };
    const first = await ctx.inbound(mail);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ repeated: false, leads: 1 });
    const flagged = await list(ctx.admin, '&view=flagged');
    expect(flagged).toHaveLength(flaggedBefore + 1);
    expect(flagged[0]).toMatchObject({ channel: 'email', status: 'flagged', customer: null });
    expect(flagged[0]!.reason).toMatch(/^Not well-formed XML: &#99999999999; is not a character/);
    const notes = (await ctx.t.call({ method: 'GET', url: '/api/notifications', as: ctx.admin })).json().items;
    expect(notes[0]).toMatchObject({ title: 'A lead needs a person' });
    expect(notes[0].content).toContain('from leads@autoportal.example could not be read');
    const retry = await ctx.inbound(mail);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ repeated: true, leads: 0 });
    expect(await list(ctx.admin, '&view=flagged')).toHaveLength(flaggedBefore + 1);
  });

  it('keeps ADF with a DOCTYPE in mail as a flagged lead, and makes no customer of it', async () => {
    const mail = await ctx.inbound({
      from: 'leads@autoportal.example',
      to: 'sales@torque.example',
      subject: 'Lead attached',
      text: 'See the attached lead.',
      message_id: '<doctype-1@autoportal.example>',
      attachments: [
        { filename: 'lead.xml', content_type: 'application/xml', content: Buffer.from(withDoctype).toString('base64') },
      ],
    });
    expect(mail.statusCode, mail.body).toBe(200);
    expect(mail.json()).toMatchObject({ leads: 1 });
    const [flagged] = await list(ctx.admin, '&view=flagged');
    expect(flagged).toMatchObject({
      channel: 'email',
      customer: null,
      assigned_to: null,
      reason: 'The document declares a DOCTYPE, which ADF does not use',
    });
    expect(await customersNamed(ctx.t.database.db, '&xxe;')).toEqual([]);
  });

  it('keeps a lead that could not be read until an admin or editor marks it handled', async () => {
    const flagged = (await ctx.post('<adf><prospect><customer></customer></prospect></adf>')).json().leads[0];
    const [item] = await list(editor, '&view=flagged');
    expect(item).toMatchObject({ id: flagged.id, status: 'flagged', handled_at: null, customer: null });
    expect((await list(emma, '&view=flagged')).length).toBe(0);
    expect((await ctx.t.call({ method: 'POST', url: `/api/leads/${flagged.id}/handled`, as: emma })).statusCode).toBe(403);
    const handled = await ctx.t.call({ method: 'POST', url: `/api/leads/${flagged.id}/handled`, as: editor });
    expect(handled.json()).toMatchObject({ handled_by: 'Eve Editor' });
    const parsed = (await list(ctx.admin, '&view=all')).find((l) => l.status === 'parsed')!;
    expect((await ctx.t.call({ method: 'POST', url: `/api/leads/${parsed.id}/handled`, as: editor })).statusCode).toBe(400);
  });
});

describe('the public web lead form', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    ctx = await setUp();
    await ctx.t.createUser('agent', 'Form Agent');
  });
  afterAll(() => ctx.t.close());
  const form = (fields: Record<string, string>, address = '203.0.113.7') =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/leads/form/${ctx.source.id}`,
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://dealer.example' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('serves a page any site may frame, with the company name and a hidden trap field', async () => {
    const page = await ctx.t.app.inject({ method: 'GET', url: `/lead-form/${ctx.source.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('Contact Torque Auto Brokerage');
    expect(page.body).toContain('name="website"');
    expect((await ctx.t.app.inject({ method: 'GET', url: '/lead-form/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
  });

  it('takes a lead from the form to an agent, and thanks the sender', async () => {
    const sent = await form({ name: 'Web Buyer', email: 'web.buyer@example.com', interest: 'Honda CR-V', budget: '32000' });
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`/lead-form/${ctx.source.id}?sent=1`);
    const [lead] = (await ctx.t.call({ method: 'GET', url: '/api/leads', as: ctx.admin })).json().items as LeadItem[];
    expect(lead).toMatchObject({
      channel: 'form',
      name: 'Web Buyer',
      vehicle: 'Honda CR-V',
      assigned_to: { name: 'Form Agent' },
    });
    const thanks = await ctx.t.app.inject({ method: 'GET', url: `/lead-form/${ctx.source.id}?sent=1` });
    expect(thanks.body).toContain('Thank you');
  });

  it('shows the form again with the message when a field is wrong, and keeps what was typed', async () => {
    const before = await ctx.count('leads');
    const wrong = await form({ name: 'Typo Person', email: 'not-an-email' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Invalid email');
    expect(wrong.body).toContain('value="Typo Person"');
    expect(await ctx.count('leads')).toBe(before);
  });

  it('refuses a name with a line break or a control character, and keeps nothing', async () => {
    const before = { leads: await ctx.count('leads'), customers: await ctx.count('customers') };
    for (const name of ['Web\r\nEND:VEVENT', 'Web\rBuyer', 'Web\u0007Buyer']) {
      const wrong = await form({ name, email: 'two.lines@example.com' }, '203.0.113.44');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain('A name cannot contain line breaks or control characters');
      const json = await ctx.t.app.inject({
        method: 'POST',
        url: `/api/leads/form/${ctx.source.id}`,
        remoteAddress: '203.0.113.45',
        headers: { 'content-type': 'application/json', origin: 'https://dealer.example' },
        payload: { name, email: 'two.lines@example.com' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.fields.name).toBe('A name cannot contain line breaks or control characters');
    }
    expect({ leads: await ctx.count('leads'), customers: await ctx.count('customers') }).toEqual(before);
  });

  it('thanks a program that fills in the hidden field, and keeps nothing', async () => {
    const before = await ctx.count('leads');
    const bot = await form({ name: 'Bot', email: 'bot@example.com', website: 'http://spam.example' }, '198.51.100.9');
    expect(bot.statusCode).toBe(303);
    expect(await ctx.count('leads')).toBe(before);
  });

  it('limits one address to five leads in ten minutes; another address is not held back', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < 5; i++) expect((await form({ name: `Repeat ${i}`, phone: `555-010${i}` }, address)).statusCode).toBe(303);
    const sixth = await form({ name: 'Repeat 6', phone: '555-0106' }, address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('Too many messages from this address');
    expect((await form({ name: 'Neighbour', phone: '555-0199' }, '192.0.2.45')).statusCode).toBe(303);
  });
});

describe('where a lead\u2019s customer came from', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>;
  let agent: TestUser;
  beforeAll(async () => {
    ctx = await setUp();
    agent = await ctx.t.createUser('agent', 'Source Agent');
  });
  afterAll(() => ctx.t.close());

  it('shows the lead source and how it arrived on the dashboard, the customer and the export; a picked source as picked', async () => {
    expect((await ctx.post(adf('Ada Marketplace', '(512) 555-0301'))).statusCode).toBe(202);
    const form = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/leads/form/${ctx.source.id}`,
      remoteAddress: '203.0.113.8',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://dealer.example' },
      payload: new URLSearchParams({ name: 'Fay Form', email: 'fay.form@example.com' }).toString(),
    });
    expect(form.statusCode).toBe(303);
    const byHand = await ctx.t.call({
      method: 'POST',
      url: '/api/leads',
      as: agent,
      payload: { name: 'Hal Hand', phone: '(512) 555-0302', lead_source: 'Social Media' },
    });
    expect(byHand.statusCode, byHand.body).toBe(201);

    const leads = (await ctx.t.call({ method: 'GET', url: '/api/dashboard', as: ctx.admin })).json().recent_leads;
    expect(leads.map((l: { name: string; source: unknown }) => [l.name, l.source])).toEqual([
      ['Hal Hand', { name: 'Social Media', channel: null }],
      ['Fay Form', { name: 'CarMarket', channel: 'form' }],
      ['Ada Marketplace', { name: 'CarMarket', channel: 'adf' }],
    ]);
    const exported = (await ctx.t.call({ method: 'GET', url: '/api/customers/export.csv?sort=name_asc', as: ctx.admin })).body;
    const rows = exported.trim().split('\r\n');
    expect(rows[0]!.split(',').at(-1)).toBe('Lead From');
    expect(rows.slice(1).map((row) => [row.split(',')[0], row.split(',')[6], row.split(',').at(-1)])).toEqual([
      ['Ada Marketplace', '', 'CarMarket (ADF)'],
      ['Fay Form', '', 'CarMarket (Web form)'],
      ['Hal Hand', 'Social Media', ''],
    ]);
  });
});
