import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSource, sampleCustomer } from '../../src/server/scripts/sample-data.js';
import { SUMMARY_BOUND } from '../../src/shared/customers/schemas.js';
import { insertCustomers } from '../../src/server/modules/customers/writer.js';
import { dayIn } from '../../src/shared/common/time.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { actorFor, createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { liveTab, refreshesCustomers } from '../helpers/live-tab.js';
import { publishChange } from '../../src/server/realtime/publish.js';

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let agent: TestUser;
let other: TestUser;

const newCustomer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maria Lopez',
  status: 'prospect',
  email: 'maria@example.com',
  phone: '(555) 201-3344',
  location: 'Austin, TX',
  preferred_cars: ['SUV', 'Luxury', 'Electric'],
  referred_by_customer_id: null,
  referred_by_name: null,
  birthday: '1988-04-12',
  notes: 'Wants a test drive on Saturday',
  lead_source: 'Website',
  budget_cents: 65_000_00,
  ...overrides,
});

async function create(as: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await t.call({ method: 'POST', url: '/api/customers', payload: newCustomer(overrides), as });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const get = (url: string, as: TestUser) => t.call({ method: 'GET', url, as });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  agent = await t.createUser('agent', 'Aaron Agent');
  other = await t.createUser('agent', 'Olga Other');
});
afterAll(() => t.close());

describe('creating a customer', () => {
  it('validates with the spec messages', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/customers',
      payload: newCustomer({ name: '  ', email: 'not-an-email' }),
      as: agent,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ name: 'Name is required', email: 'Invalid email' });
    const missing = await t.call({ method: 'POST', url: '/api/customers', payload: { status: 'active' }, as: agent });
    expect(missing.json().error.fields).toMatchObject({ name: 'Name is required' });
  });

  it('stores empty optional strings as null, stamps the owner and defaults the status to prospect', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/customers',
      payload: {
        name: 'Ben Blank',
        email: '',
        phone: ' ',
        location: '',
        birthday: '',
        notes: '',
        referred_by_name: '',
        lead_source: '',
      },
      as: agent,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Ben Blank',
      status: 'prospect',
      email: null,
      phone: null,
      location: null,
      birthday: null,
      notes: null,
      referred_by_name: null,
      referred_by_customer_id: null,
      lead_source: null,
      budget_cents: null,
      preferred_cars: [],
      user_id: agent.id,
    });
    const row = await t.database.db.selectFrom('customers').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.email).toBeNull();
    expect(row.user_id).toBe(agent.id);
  });

  it('keeps money in cents and makes a referred customer a Referral lead', async () => {
    const referrer = await create(agent, { name: 'Rita Referrer' });
    const referred = await create(agent, { name: 'Ray Referred', referred_by_customer_id: referrer.id, lead_source: 'Website' });
    expect(referred).toMatchObject({ budget_cents: 6_500_000, lead_source: 'Referral', referred_by_customer_id: referrer.id });
    const byName = await create(agent, { name: 'Nina New', referred_by_name: 'Walter Walk', lead_source: null });
    expect(byName.lead_source).toBe('Referral');
    const detail = (await get(`/api/customers/${referred.id}`, agent)).json();
    expect(detail).toMatchObject({ referred_by_customer_name: 'Rita Referrer', owner_name: 'Aaron Agent' });
  });

  it('refuses another agent\u2019s customer as the referrer with 404', async () => {
    const theirs = await create(other, { name: 'Their Customer' });
    const response = await t.call({
      method: 'POST',
      url: '/api/customers',
      payload: newCustomer({ referred_by_customer_id: theirs.id }),
      as: agent,
    });
    expect(response.statusCode).toBe(404);
  });

  it('writes a "created" audit row', async () => {
    const customer = await create(agent, { name: 'Audrey Audit' });
    const timeline = (await get(`/api/customers/${customer.id}/timeline`, agent)).json();
    expect(timeline).toEqual([
      expect.objectContaining({ action: 'created', actor_name: 'Aaron Agent', impersonator_name: null }),
    ]);
  });
});

describe('the customer writer', () => {
  it('refreshes the owner\u2019s customer lists in their other tabs when the form adds one', async () => {
    const tab = await liveTab(t, agent);
    try {
      await create(agent, { name: 'Rhea Realtime', email: null, phone: null });
      expect(await tab.next(refreshesCustomers)).toEqual({ type: 'change', area: 'customers' });
    } finally {
      tab.close();
    }
  });

  it('refreshes every tab of the area in one event when more owners changed than one event names', async () => {
    const tab = await liveTab(t, agent);
    try {
      const strangers = Array.from({ length: 101 }, () => crypto.randomUUID());
      await publishChange(t.database.db, 'customers', strangers);
      expect(await tab.next(refreshesCustomers)).toEqual({ type: 'change', area: 'customers' });
    } finally {
      tab.close();
    }
  });

  it('adds a set in one call: an audit row each, one notice per owner, a known e-mail or phone answered by its customer', async () => {
    const known = await create(other, { name: 'Kim Known', email: 'kim.known@example.com', phone: '(555) 700-0001' });
    const written = await t.database.db.transaction().execute((tx) =>
      insertCustomers(
        tx,
        actorFor(admin),
        [
          { user_id: agent.id, name: 'Set One', email: 'set.one@example.com' },
          { user_id: agent.id, name: 'Set Two', phone: '555-700-0002', referred_by_name: 'Walter Walk' },
          { user_id: agent.id, name: 'Kim Again', email: 'KIM.KNOWN@example.com' },
          { user_id: agent.id, name: 'Set One Again', phone: '555 700 0002' },
          { user_id: other.id, name: 'Set Three', phone: '+1 555 700 0001' },
        ],
        { origin: 'import', dedupe: true },
      ),
    );
    expect(written.map(({ row, created }) => [row.name, created])).toEqual([
      ['Set One', true],
      ['Set Two', true],
      ['Kim Known', false],
      ['Set Two', false],
      ['Kim Known', false],
    ]);
    expect(written[1]!.row.lead_source).toBe('Referral');
    const ids = [written[0]!.row.id, written[1]!.row.id, known.id];
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action', 'actor_id'])
      .where('entity_id', 'in', ids)
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.filter((row) => row.actor_id === admin.id).map((row) => row.action)).toEqual(['created', 'created']);
    const notes = (await get('/api/notifications', agent)).json().items;
    expect(notes[0]).toMatchObject({
      title: 'New customers',
      content: '2 new customers, imported by Ada Admin',
      link: '/customers',
    });
  });

  it('refuses a referrer that is not one of the owner\u2019s customers, and adds nothing', async () => {
    const theirs = await create(other, { name: 'Not Yours', email: null, phone: null });
    const attempt = t.database.db.transaction().execute((tx) =>
      insertCustomers(tx, actorFor(admin), [{ user_id: agent.id, name: 'Rex Refused', referred_by_customer_id: theirs.id }], {
        origin: 'form',
      }),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 404 });
    expect(await t.database.db.selectFrom('customers').select('id').where('name', '=', 'Rex Refused').execute()).toEqual([]);
  });
});

describe('editing a customer', () => {
  it('saves the changed fields and records old and new values', async () => {
    const customer = await create(agent, { name: 'Edgar Edit' });
    const response = await t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { ...newCustomer({ name: 'Edgar Edited', status: 'active' }), updated_at: customer.updated_at },
      as: agent,
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ name: 'Edgar Edited', status: 'active' });
    expect(saved.updated_at).not.toBe(customer.updated_at);
    const timeline = (await get(`/api/customers/${customer.id}/timeline`, agent)).json();
    expect(timeline[0]).toMatchObject({
      action: 'updated',
      changes: { name: { from: 'Edgar Edit', to: 'Edgar Edited' }, status: { from: 'prospect', to: 'active' } },
    });
  });

  it('refuses a stale edit with 409 and writes nothing', async () => {
    const customer = await create(agent, { name: 'Stella Stale' });
    const first = await t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      as: agent,
      payload: { ...newCustomer({ name: 'Stella First' }), updated_at: customer.updated_at },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      as: editor,
      payload: { ...newCustomer({ name: 'Stella Second' }), updated_at: customer.updated_at },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('STALE');
    expect((await get(`/api/customers/${customer.id}`, agent)).json().name).toBe('Stella First');
  });

  it('records the admin behind an edit made while switched to an agent', async () => {
    const customer = await create(agent, { name: 'Ivan Impersonated' });
    const switched = await t.call({ method: 'POST', url: '/api/session/switch', payload: { userId: agent.id }, as: admin });
    expect(switched.statusCode).toBe(200);
    const { cookieHeader } = await import('../helpers/app.js');
    const asAgent = cookieHeader(switched.headers['set-cookie'], admin.cookie);
    const response = await t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      as: asAgent,
      payload: { ...newCustomer({ name: 'Ivan Impersonated', status: 'inactive' }), updated_at: customer.updated_at },
    });
    expect(response.statusCode).toBe(200);
    const timeline = (await get(`/api/customers/${customer.id}/timeline`, agent)).json();
    expect(timeline[0]).toMatchObject({ action: 'updated', actor_name: 'Aaron Agent', impersonator_name: 'Ada Admin' });
  });
});

describe('owner isolation', () => {
  let mine: { id: string; updated_at: string };
  beforeAll(async () => {
    mine = await create(admin, { name: 'Secret Sam', email: 'sam.secret@example.com', phone: '555-777-8888' });
  });

  it('answers 404 for another user\u2019s customer through every path', async () => {
    for (const url of [
      `/api/customers/${mine.id}`,
      `/api/customers/${mine.id}/timeline`,
      `/api/customers/${mine.id}/documents`,
    ]) {
      expect((await get(url, agent)).statusCode, url).toBe(404);
    }
    const edit = await t.call({
      method: 'PUT',
      url: `/api/customers/${mine.id}`,
      payload: { ...newCustomer(), updated_at: mine.updated_at },
      as: agent,
    });
    expect(edit.statusCode).toBe(404);
    expect((await get('/api/customers/not-a-uuid', agent)).statusCode).toBe(404);
  });

  it('leaves it out of the agent\u2019s list, search, counts, export, picker and duplicate warning', async () => {
    const list = (await get('/api/customers?q=secret&limit=100', agent)).json();
    expect(list.items).toEqual([]);
    expect((await get('/api/customers/summary?q=secret', agent)).json().total).toBe(0);
    expect((await get('/api/customers/export.csv?q=secret', agent)).body).not.toContain('Secret Sam');
    expect((await get('/api/customers/options?q=secret', agent)).json()).toEqual([]);
    expect((await get('/api/customers/duplicates?email=SAM.SECRET@example.com', agent)).json()).toEqual([]);
    expect((await get('/api/customers/duplicates?phone=5557778888', agent)).json()).toEqual([]);
  });

  it('keeps a referrer the agent may not see out of the export, as the customer page does', async () => {
    const own = await create(agent, { name: 'Rory Referred', email: 'rory@example.com' });
    const own2 = await create(agent, { name: 'Rosa Referrer', email: 'rosa@example.com' });
    // A link made before referrers had to be the owner's own: a customer the agent cannot see.
    await t.database.db.updateTable('customers').set({ referred_by_customer_id: mine.id }).where('id', '=', own.id).execute();
    await t.call({
      method: 'PUT',
      url: `/api/customers/${own2.id}`,
      as: agent,
      payload: {
        ...newCustomer({ name: 'Rosa Referrer', email: 'rosa@example.com', referred_by_customer_id: own.id }),
        updated_at: own2.updated_at,
      },
    });
    expect((await get(`/api/customers/${own.id}`, agent)).json().referred_by_customer_name).toBeNull();
    const csv = (await get('/api/customers/export.csv?q=ro', agent)).body;
    expect(csv).toContain('Rory Referred');
    expect(csv).not.toContain('Secret Sam');
    // A referrer the agent owns is still named.
    expect(csv.split('\r\n').find((line) => line.startsWith('Rosa Referrer'))).toContain(',Referral,65000.00,Rory Referred,');
    expect((await get('/api/customers/export.csv?q=rory', editor)).body).toContain('Secret Sam');
  });

  it('shows it to admins and editors', async () => {
    for (const user of [admin, editor]) {
      expect((await get(`/api/customers/${mine.id}`, user)).statusCode).toBe(200);
      expect((await get('/api/customers?q=secret', user)).json().items.map((c: { name: string }) => c.name)).toEqual([
        'Secret Sam',
      ]);
    }
  });

  it('warns about a duplicate e-mail or phone the user can see, with whose it is', async () => {
    const sam = { id: mine.id, name: 'Secret Sam', email: 'sam.secret@example.com', phone: '555-777-8888' };
    const owner = { user_id: admin.id, owner_name: 'Ada Admin' };
    const dupes = (await get('/api/customers/duplicates?email=SAM.SECRET@example.com', editor)).json();
    expect(dupes).toEqual([{ ...sam, ...owner, matched: 'email' }]);
    const byPhone = (await get('/api/customers/duplicates?phone=(555) 777 8888', admin)).json();
    expect(byPhone).toEqual([{ ...sam, ...owner, matched: 'phone' }]);
    expect((await get(`/api/customers/duplicates?phone=5557778888&exclude=${mine.id}`, admin)).json()).toEqual([]);
  });

  it('lists only the actor\u2019s own customers in the referral picker, by name', async () => {
    const options = (await get('/api/customers/options', admin)).json() as { name: string }[];
    expect(options.map((o) => o.name)).toEqual(['Secret Sam']);
    const agentOptions = (await get('/api/customers/options', agent)).json() as { name: string }[];
    expect(agentOptions.length).toBeGreaterThan(0);
    expect(agentOptions.map((o) => o.name)).toEqual([...agentOptions.map((o) => o.name)].sort());
  });

  it('requires a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/customers', payload: newCustomer() })).statusCode).toBe(401);
  });
});

describe('the summary cards of the whole list', () => {
  /** The cards as a count of the table itself. */
  const counted = async (userId?: string) => {
    const rows = await t.database.db
      .selectFrom('customers')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .$if(Boolean(userId), (qb) => qb.where('user_id', '=', userId!))
      .groupBy('status')
      .execute();
    const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return {
      total: n('active') + n('prospect') + n('inactive'),
      active: n('active'),
      prospects: n('prospect'),
      inactive: n('inactive'),
      bound: null,
    };
  };

  it('agree with a count of the table through creates, edits, bulk inserts and deletes', async () => {
    const owner = await t.createUser('agent', 'Carla Counter');
    const inStep = async () => {
      const own = await counted(owner.id);
      expect((await get('/api/customers/summary', owner)).json()).toEqual(own);
      for (const who of [admin, editor]) expect((await get('/api/customers/summary', who)).json()).toEqual(await counted());
      return own;
    };
    expect(await inStep()).toEqual({ total: 0, active: 0, prospects: 0, inactive: 0, bound: null });

    const customer = await create(owner, { name: 'Cora Count', status: 'active' });
    expect((await inStep()).active).toBe(1);
    const edited = await t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { ...newCustomer({ name: 'Cora Count', status: 'inactive' }), updated_at: customer.updated_at },
      as: owner,
    });
    expect(edited.statusCode).toBe(200);
    expect(await inStep()).toEqual({ total: 1, active: 0, prospects: 0, inactive: 1, bound: null });

    const rnd = randomSource(11);
    await t.database.db
      .insertInto('customers')
      .values(Array.from({ length: 60 }, (_, i) => sampleCustomer(rnd, i, owner.id, new Date())))
      .execute();
    expect((await inStep()).total).toBe(61);
    await t.database.db.deleteFrom('customers').where('user_id', '=', owner.id).where('status', '=', 'prospect').execute();
    const left = await inStep();
    expect(left.prospects).toBe(0);
    expect(left.total).toBeGreaterThan(1);
  });
});

describe('search, filters, sorting and paging on a few hundred customers', () => {
  type Row = ReturnType<typeof sampleCustomer>;
  let bulk: TestUser;
  let rows: Row[];
  const DAY = 86_400_000;
  const base = Date.parse('2025-03-01T12:00:00Z');

  beforeAll(async () => {
    bulk = await t.createUser('agent', 'Bulk Agent');
    const rnd = randomSource(7);
    rows = Array.from({ length: 320 }, (_, i) => sampleCustomer(rnd, i, bulk.id, new Date(base - (i * DAY) / 4)));
    rows[5]!.name = 'Zoë O\u2019Hara';
    await t.database.db.insertInto('customers').values(rows).execute();
  });

  const all = async (query: string, as = bulk) => {
    const seen: { id: string; name: string; created_at: string }[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/customers?${query}&limit=25${cursor ? `&cursor=${cursor}` : ''}`, as);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.items.length).toBeLessThanOrEqual(25);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  it('pages through every customer once, newest first, 25 per page by default', async () => {
    const first = (await get('/api/customers', bulk)).json();
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen = await all('sort=newest');
    expect(seen).toHaveLength(320);
    expect(new Set(seen.map((c) => c.id)).size).toBe(320);
    const times = seen.map((c) => Date.parse(c.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oldest = await all('sort=oldest');
    expect(oldest.map((c) => c.id)).toEqual(seen.map((c) => c.id).reverse());
  });

  it('pages by name in the same order as one large page', async () => {
    const paged = await all('sort=name_asc');
    expect(paged).toHaveLength(320);
    const big = (await get('/api/customers?sort=name_asc&limit=100', bulk)).json();
    expect(paged.slice(0, 100).map((c) => c.id)).toEqual(big.items.map((c: { id: string }) => c.id));
    const desc = await all('sort=name_desc');
    expect(desc.map((c) => c.id)).toEqual(paged.map((c) => c.id).reverse());
  });

  it('searches name or e-mail, case-insensitively, as a substring', async () => {
    for (const q of ['SMITH', 'son', 'a.w', 'zo', 'o\u2019h']) {
      const expected = rows.filter((r) => r.name.toLowerCase().includes(q.toLowerCase()) || r.email?.includes(q.toLowerCase()));
      const found = await all(`q=${encodeURIComponent(q)}`);
      expect(found.map((c) => c.name).sort(), q).toEqual(expected.map((r) => r.name).sort());
      expect((await get(`/api/customers/summary?q=${encodeURIComponent(q)}`, bulk)).json().total).toBe(expected.length);
    }
  });

  it('treats % and _ in the search box as plain characters', async () => {
    expect((await all('q=%25')).length).toBe(0);
    expect((await all('q=_')).length).toBe(0);
  });

  it('filters by status, car preference, lead source and date added, with counts that match the list', async () => {
    const from = new Date(base - 30 * DAY).toISOString().slice(0, 10);
    const to = new Date(base - 10 * DAY).toISOString().slice(0, 10);
    const cases: [string, (r: Row) => boolean][] = [
      ['status=active', (r) => r.status === 'active'],
      ['preference=SUV', (r) => r.preferred_cars.includes('SUV')],
      ['source=Social%20Media', (r) => r.lead_source === 'Social Media'],
      [
        `added_from=${from}&added_to=${to}`,
        // Days in the company's time zone.
        (r) =>
          dayIn(defaultSettings.company.time_zone, r.created_at) >= from &&
          dayIn(defaultSettings.company.time_zone, r.created_at) <= to,
      ],
      [
        'status=prospect&preference=Luxury&source=Website',
        (r) => r.status === 'prospect' && r.preferred_cars.includes('Luxury') && r.lead_source === 'Website',
      ],
    ];
    for (const [query, keep] of cases) {
      const expected = rows.filter(keep);
      const found = await all(query);
      expect(found.length, query).toBe(expected.length);
      const figures = {
        total: expected.length,
        active: expected.filter((r) => r.status === 'active').length,
        prospects: expected.filter((r) => r.status === 'prospect').length,
        inactive: expected.filter((r) => r.status === 'inactive').length,
      };
      expect((await get(`/api/customers/summary?${query}`, bulk)).json(), query).toEqual({ ...figures, bound: null });
      expect((await get(`/api/customers/summary?${query}&exact=1`, bulk)).json(), query).toEqual({ ...figures, bound: null });
    }
  });

  it('a filtered summary above the bound says so, and counts exactly when asked', async () => {
    const many = await t.createUser('agent', 'Many Customers');
    const rnd = randomSource(11);
    const batch = Array.from({ length: SUMMARY_BOUND + 40 }, (_, i) => ({
      ...sampleCustomer(rnd, i, many.id, new Date(base - i * 1000)),
      name: `Bound Test ${i}`,
      status: i < SUMMARY_BOUND + 5 ? ('prospect' as const) : ('active' as const),
    }));
    await t.database.db.insertInto('customers').values(batch).execute();
    const bounded = (await get('/api/customers/summary?q=bound%20test', many)).json();
    expect(bounded).toEqual({ total: SUMMARY_BOUND + 1, active: null, prospects: null, inactive: null, bound: SUMMARY_BOUND });
    // Below the bound every figure is exact.
    const fewer = (await get('/api/customers/summary?q=bound%20test&status=active', many)).json();
    expect(fewer).toEqual({ total: 35, active: 35, prospects: 0, inactive: 0, bound: null });
    const exact = (await get('/api/customers/summary?q=bound%20test&exact=1', many)).json();
    expect(exact).toEqual({ total: SUMMARY_BOUND + 40, active: 35, prospects: SUMMARY_BOUND + 5, inactive: 0, bound: null });
    // The whole list is counted from the kept counts, exactly, however large.
    expect((await get('/api/customers/summary', many)).json()).toEqual({ ...exact, bound: null });
    expect((await get('/api/customers/summary?exact=2', many)).statusCode).toBe(400);
  });

  it('reads "date added" as days in the company\u2019s time zone, whatever the browser\u2019s', async () => {
    const day = new Date(base).toISOString().slice(0, 10);
    const addedOn = async (zone: string) => {
      const company = { ...defaultSettings.company, time_zone: zone };
      const saved = await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: { ...defaultSettings, company } });
      expect(saved.statusCode, saved.body).toBe(200);
      return (await all(`added_from=${day}&added_to=${day}`)).map((c) => c.name).sort();
    };
    const expected = (zone: string) =>
      rows
        .filter((r) => dayIn(zone, r.created_at) === day)
        .map((r) => r.name)
        .sort();
    expect(await addedOn('Asia/Tokyo')).toEqual(expected('Asia/Tokyo'));
    expect(await addedOn('America/Chicago')).toEqual(expected('America/Chicago'));
    expect(expected('America/Chicago')).not.toEqual(expected('Asia/Tokyo'));
  });

  it('refuses a bad cursor or filter with 400', async () => {
    expect((await get('/api/customers?cursor=garbage', bulk)).statusCode).toBe(400);
    expect((await get('/api/customers?status=gone', bulk)).statusCode).toBe(400);
    expect((await get('/api/customers?limit=1000', bulk)).statusCode).toBe(400);
  });

  it.each([
    ['newest', '1'],
    ['newest', '2025-03-01'],
    ['oldest', '0000-01-01T00:00:00.000Z'],
    ['newest', '+275760-09-13T00:00:00.000Z'],
    ['newest', '2025-02-30T00:00:00.000Z'],
    ['name_asc', 'Nul\u0000name'],
    ['name_asc', 42],
  ])('answers 400 Invalid cursor for a forged %s cursor value %j', async (sort, value) => {
    const cursor = Buffer.from(JSON.stringify([value, crypto.randomUUID()])).toString('base64url');
    const response = await get(`/api/customers?sort=${sort}&cursor=${cursor}`, bulk);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', message: 'Invalid cursor' });
  });

  it('exports the filtered list as CSV', async () => {
    const response = await get('/api/customers/export.csv?status=inactive&sort=name_asc', bulk);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Phone,Location,Status,Car Preferences,Lead Source,Budget,Referred By,Birthday,Notes,Agent,Date Added,Lead From',
    );
    expect(lines).toHaveLength(1 + rows.filter((r) => r.status === 'inactive').length);
    expect(lines.slice(1).every((line) => line.includes(',Inactive,') && line.includes('Bulk Agent'))).toBe(true);
  });

  it('does not mix the bulk agent\u2019s customers into another agent\u2019s list', async () => {
    const theirs = await all('sort=newest', other);
    expect(theirs.every((c) => !rows.some((r) => r.name === c.name && r.email === (c as { email?: string }).email))).toBe(true);
    const admins = (await get('/api/customers/summary', admin)).json();
    expect(admins.total).toBeGreaterThanOrEqual(320);
  });
});

describe('a referrer set by an editor', () => {
  const edit = (as: TestUser, customer: { id: string; updated_at: string }, fields: Record<string, unknown>) =>
    t.call({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      as,
      payload: { ...newCustomer({ name: 'Nina Network' }), ...fields, updated_at: customer.updated_at },
    });

  it("must be one of the customer's owner's customers, so the owner can still save her record", async () => {
    const agentsCustomer = await create(agent, { name: 'Nina Network', email: null, phone: null });
    const agentsOther = await create(agent, { name: 'Rolf Referrer', email: null, phone: null });
    const foreign = await create(other, { name: 'Fiona Foreign', email: null, phone: null });

    const refused = await edit(editor, agentsCustomer, { referred_by_customer_id: foreign.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Referring customer not found');

    const saved = await edit(editor, agentsCustomer, { referred_by_customer_id: agentsOther.id });
    expect(saved.statusCode).toBe(200);
    const again = await edit(agent, saved.json(), { referred_by_customer_id: agentsOther.id, notes: 'Called back' });
    expect(again.statusCode).toBe(200);
  });

  it('that points elsewhere from before is kept when the owner saves', async () => {
    const legacy = await create(agent, { name: 'Lena Legacy', email: null, phone: null });
    const foreign = await create(other, { name: 'Frank Foreign', email: null, phone: null });
    await t.database.db
      .updateTable('customers')
      .set({ referred_by_customer_id: foreign.id })
      .where('id', '=', legacy.id)
      .execute();
    const current = (await get(`/api/customers/${legacy.id}`, agent)).json();
    expect(current.referred_by_customer_name).toBeNull();
    const saved = await edit(agent, current, { name: 'Lena Legacy', referred_by_customer_id: foreign.id, notes: 'Still here' });
    expect(saved.statusCode).toBe(200);
  });

  it("is picked from the owner's customers when an editor asks for them", async () => {
    const mine = await create(agent, { name: 'Zara Zebra', email: null, phone: null });
    const picker = (await get(`/api/customers/options?q=Zara&owner=${agent.id}`, editor)).json();
    expect(picker.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    // An agent asking for someone else's customers gets her own.
    const own = (await get(`/api/customers/options?q=Zara&owner=${agent.id}`, other)).json();
    expect(own).toEqual([]);
  });
});

describe('open tasks in the customer list', () => {
  let followUp: TestUser;
  const addTask = async (as: TestUser, customer: string, title: string, due_date: string, due_time?: string) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as,
      payload: { type: 'call', title, due_date, due_time, customer_id: customer },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const today = () => dayIn(defaultSettings.company.time_zone);
  const later = (days: number) => new Date(Date.parse(`${today()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    followUp = await t.createUser('agent', 'Fay Follow');
  });

  it('shows each customer’s open tasks and the one due first; “needs follow-up” is a task due today or before', async () => {
    const overdue = (await create(followUp, { name: 'Otis Overdue', email: null, phone: null })).id as string;
    const dueToday = (await create(followUp, { name: 'Tina Today', email: null, phone: null })).id as string;
    const upcoming = (await create(followUp, { name: 'Uma Upcoming', email: null, phone: null })).id as string;
    await create(followUp, { name: 'Ivan Idle', email: null, phone: null });
    const done = (await create(followUp, { name: 'Dora Done', email: null, phone: null })).id as string;

    // A task due two days ago: made today, then moved back, as a new task cannot be due before today.
    const late = await addTask(followUp, overdue, 'Call back about financing', today());
    await t.database.db
      .updateTable('tasks')
      .set({ due_date: later(-2) })
      .where('id', '=', late)
      .execute();
    await addTask(followUp, overdue, 'Send the brochure', later(5));
    await addTask(followUp, dueToday, 'Any time today', today());
    await addTask(followUp, dueToday, 'Morning call', today(), '09:15');
    await addTask(followUp, upcoming, 'Next week', later(7));
    const finished = await addTask(followUp, done, 'Finished', today());
    const completed = await t.call({
      method: 'POST',
      url: `/api/tasks/${finished}/complete`,
      as: followUp,
      payload: { outcome: 'reached' },
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const byName = new Map(
      (
        (await get('/api/customers?limit=100', followUp)).json().items as {
          name: string;
          open_tasks: number;
          next_task: unknown;
        }[]
      ).map((c) => [c.name, c]),
    );
    expect(byName.get('Otis Overdue')).toMatchObject({
      open_tasks: 2,
      next_task: { title: 'Call back about financing', due_date: later(-2), due_time: null, view: 'overdue', type: 'call' },
    });
    // Within a day, a task with a time comes before one of any time.
    expect(byName.get('Tina Today')).toMatchObject({
      open_tasks: 2,
      next_task: { title: 'Morning call', due_time: '09:15', view: 'today' },
    });
    expect(byName.get('Uma Upcoming')).toMatchObject({ open_tasks: 1, next_task: { view: 'upcoming', due_date: later(7) } });
    expect(byName.get('Ivan Idle')).toMatchObject({ open_tasks: 0, next_task: null });
    expect(byName.get('Dora Done')).toMatchObject({ open_tasks: 0, next_task: null });

    const needing = (await get('/api/customers?follow_up=1&sort=name_asc', followUp)).json().items as { id: string }[];
    expect(needing.map((c) => c.id)).toEqual([overdue, dueToday]);
    const summary = (await get('/api/customers/summary?follow_up=1', followUp)).json();
    expect(summary).toMatchObject({ total: 2, prospects: 2 });
    const csv = (await get('/api/customers/export.csv?follow_up=1', followUp)).body;
    expect(csv).toContain('Otis Overdue');
    expect(csv).not.toContain('Uma Upcoming');

    // Another agent's filter holds none of them; an admin's holds both.
    expect(
      (await get('/api/customers?follow_up=1&limit=100', other)).json().items.map((c: { id: string }) => c.id),
    ).not.toContain(overdue);
    const adminIds = (await get('/api/customers?follow_up=1&limit=100', admin)).json().items.map((c: { id: string }) => c.id);
    expect(adminIds).toEqual(expect.arrayContaining([overdue, dueToday]));
    expect(adminIds).not.toContain(upcoming);
  });

  it('refuses a follow-up filter other than 1 with 400', async () => {
    expect((await get('/api/customers?follow_up=yes', followUp)).statusCode).toBe(400);
  });
});
