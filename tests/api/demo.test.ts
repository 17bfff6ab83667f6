import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { seedDemo } from '../../src/server/scripts/demo-seed.js';
import { createTestContext, cookieHeader, TEST_SECRET, type TestContext } from '../helpers/app.js';
import { openSocket } from '../helpers/socket.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ DEMO: '1' });
  expect(await seedDemo(t.database.db, TEST_SECRET)).toBe(true);
});
afterAll(() => t.close());

async function demoSignIn(role: 'admin' | 'agent') {
  const response = await t.call({ method: 'POST', url: '/api/session/demo', payload: { role } });
  expect(response.statusCode).toBe(200);
  return { session: response.json(), cookie: cookieHeader(response.headers['set-cookie']) };
}

describe('demo mode', () => {
  it('says so to the sign-in page', async () => {
    expect((await t.call({ method: 'GET', url: '/api/config' })).json()).toEqual({ demo: true });
  });

  it('signs in the demo admin and the demo agent without a password from the browser', async () => {
    expect((await demoSignIn('admin')).session.user).toMatchObject({ email: 'admin@torque.demo', role: 'admin' });
    expect((await demoSignIn('agent')).session.user).toMatchObject({ email: 'emma.carter@torque.demo', role: 'agent' });
  });

  it('does not accept a guessed password for the demo accounts', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'admin@torque.demo', password: 'demo1234' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('seeds a book of business: at least three agents, with customers, vehicles and deals over two years', async () => {
    const agents = await t.database.db.selectFrom('users').select('id').where('role', '=', 'agent').execute();
    expect(agents.length).toBeGreaterThanOrEqual(3);
    const dates = await t.database.db.selectFrom('deals').select('date').distinct().execute();
    const distinctYears = new Set(dates.map((r) => r.date.slice(0, 4)));
    expect(distinctYears).toEqual(new Set([String(new Date().getFullYear() - 1), String(new Date().getFullYear())]));
    const { cookie } = await demoSignIn('agent');
    const mine = await t.call({ method: 'GET', url: '/api/customers/summary', as: cookie });
    const all = await t.call({ method: 'GET', url: '/api/customers/summary', as: (await demoSignIn('admin')).cookie });
    expect(mine.json().total).toBeGreaterThan(0);
    expect(mine.json().total).toBeLessThan(all.json().total);
  });

  it('starts every seeded record with a created entry in its timeline', async () => {
    const customers = await t.database.db.selectFrom('customers').select('id').execute();
    const created = await t.database.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity_type', '=', 'customer')
      .where('action', 'in', ['created', 'created_from_lead'])
      .execute();
    expect(new Set(created.map((r) => r.entity_id))).toEqual(new Set(customers.map((r) => r.id)));
  });

  it('brings a week of leads through the intake: answered, waiting, and one that could not be read', async () => {
    const leads = await t.database.db
      .selectFrom('leads')
      .select(['status', 'first_response_at', 'assigned_user_id', 'alerted_at'])
      .execute();
    expect(leads.length).toBe(7);
    expect(leads.filter((l) => l.status === 'flagged').length).toBe(1);
    expect(leads.filter((l) => l.first_response_at !== null).length).toBe(4);
    // The waiting ones were reported when due, so a new demo does not start by alerting the admins.
    expect(leads.filter((l) => l.status === 'parsed' && !l.first_response_at).every((l) => l.alerted_at !== null)).toBe(true);
    expect(new Set(leads.filter((l) => l.status === 'parsed').map((l) => l.assigned_user_id)).size).toBe(3);
  });

  it('seeds only once', async () => {
    expect(await seedDemo(t.database.db, TEST_SECRET)).toBe(false);
  });
});

describe('demo sign-in from another machine', () => {
  it('is refused, and the sign-in page is told there is no demo', async () => {
    const remote = '192.0.2.10';
    const response = await t.call({
      method: 'POST',
      url: '/api/session/demo',
      payload: { role: 'admin' },
      remoteAddress: remote,
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await t.call({ method: 'GET', url: '/api/config', remoteAddress: remote })).json()).toEqual({ demo: false });
    expect((await t.call({ method: 'GET', url: '/api/config', remoteAddress: '::1' })).json()).toEqual({ demo: true });
  });

  it('is refused through a proxy on this machine too', async () => {
    const proxied = await createTestContext({ DEMO: '1', TRUST_PROXY: '1' });
    try {
      const response = await proxied.call({
        method: 'POST',
        url: '/api/session/demo',
        payload: { role: 'admin' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('is allowed when the operator set HOST themselves', async () => {
    const open = await createTestContext({ DEMO: '1', HOST: '0.0.0.0' });
    try {
      await seedDemo(open.database.db, TEST_SECRET);
      const response = await open.call({
        method: 'POST',
        url: '/api/session/demo',
        payload: { role: 'agent' },
        remoteAddress: '192.0.2.10',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('a request addressed to another name while the demo is on (DNS rebinding)', () => {
  const rebound = { host: 'rebind.attacker.example:3000', origin: 'http://rebind.attacker.example:3000' };

  it('is refused before demo sign-in, even from this machine', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/session/demo',
      payload: { role: 'admin' },
      remoteAddress: '127.0.0.1',
      headers: rebound,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN_HOST');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is refused everywhere: the admin API with a demo cookie, public routes and the web app', async () => {
    const { cookie } = await demoSignIn('admin');
    for (const url of ['/api/users', '/api/backup', '/api/config', '/api/health', '/', '/customers']) {
      const response = await t.call({ method: 'GET', url, as: cookie, remoteAddress: '127.0.0.1', headers: rebound });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('refuses the realtime socket too', async () => {
    const { cookie } = await demoSignIn('admin');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = new URL(address).port;
      await expect(
        openSocket(address, cookie, `http://rebind.attacker.example:${port}`, `rebind.attacker.example:${port}`),
      ).rejects.toMatchObject({ status: 403 });
      const tab = await openSocket(address, cookie, `http://localhost:${port}`, `localhost:${port}`);
      tab.close();
    } finally {
      await t.app.server.close();
    }
  });

  it('answers the names of this machine, with or without the port', async () => {
    for (const host of ['localhost:3000', 'LOCALHOST', '127.0.0.1:3000', '127.0.0.1', '[::1]:3000', '[::1]']) {
      const response = await t.call({ method: 'GET', url: '/api/config', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    for (const host of ['127.0.0.2', 'localhost.attacker.example', 'localhost@attacker.example', '0.0.0.0:3000']) {
      const response = await t.call({ method: 'GET', url: '/api/config', headers: { host } });
      expect(response.statusCode, host).toBe(403);
    }
  });

  it("answers PUBLIC_URL's name when the operator set HOST, and nothing else", async () => {
    const open = await createTestContext({ DEMO: '1', HOST: '0.0.0.0', PUBLIC_URL: 'http://crm.dealer.example:3000' });
    try {
      const at = (host: string) =>
        open.call({ method: 'GET', url: '/api/config', remoteAddress: '192.0.2.10', headers: { host } });
      expect((await at('crm.dealer.example:3000')).statusCode).toBe(200);
      expect((await at('localhost:3000')).statusCode).toBe(200);
      expect((await at('rebind.attacker.example:3000')).statusCode).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('is answered once the demo is off: a real installation may sit behind any name', async () => {
    const real = await createTestContext({ DEMO: '0' });
    try {
      const response = await real.call({ method: 'GET', url: '/api/config', headers: rebound });
      expect(response.statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });
});

describe('safe defaults', () => {
  const env = { DATA_DIR: '/tmp/torque-config-test' };
  it('keeps a new embedded install with demo data on this machine', () => {
    expect(loadConfig(env)).toMatchObject({ demo: true, host: '127.0.0.1', hostChosen: false });
  });

  it('turns demo off when a real admin is configured, and listens on every address', () => {
    const config = loadConfig({ ...env, ADMIN_EMAIL: 'owner@dealership.com', ADMIN_PASSWORD: 'a long password' });
    expect(config).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(() =>
      loadConfig({ ...env, DEMO: '1', ADMIN_EMAIL: 'owner@dealership.com', ADMIN_PASSWORD: 'a long password' }),
    ).toThrow(/exclude each other/);
  });

  it('has no demo on a PostgreSQL server unless asked, and listens where HOST says', () => {
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://db/torque' })).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(loadConfig({ ...env, HOST: '0.0.0.0' })).toMatchObject({ demo: true, host: '0.0.0.0', hostChosen: true });
  });

  it('refuses TRUST_PROXY=true, which would let a client pick its own address', () => {
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would let any client choose its own address/,
    );
    expect(() => loadConfig({ ...env, TRUST_PROXY: '1' })).not.toThrow();
  });
});
