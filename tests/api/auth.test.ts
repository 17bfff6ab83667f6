import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDelaySeconds } from '../../src/server/http/rate-limit.js';
import { createTestContext, cookieHeader, PASSWORD, type TestContext, type TestUser } from '../helpers/app.js';

const latestMigration = fs
  .readdirSync(path.resolve(import.meta.dirname, '../../src/server/db/migrations'))
  .sort()
  .at(-1)!
  .replace(/\.sql$/, '');

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let editor: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Aaron Agent');
  editor = await t.createUser('editor', 'Eddie Editor');
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in with e-mail and password and sets an httpOnly SameSite session cookie', async () => {
    const response = await t.call({ method: 'POST', url: '/api/session', payload: { email: agent.email, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: agent.id, email: agent.email, role: 'agent' }, impersonator: null });
    const cookie = [response.headers['set-cookie']].flat().find((c) => c!.startsWith('torque.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const session = await t.call({ method: 'GET', url: '/api/session', as: cookieHeader(response.headers['set-cookie']) });
    expect(session.json().user.name).toBe('Aaron Agent');
  });

  it('answers a wrong password with 401 and the error shape', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/session',
      payload: { email: editor.email, password: 'wrong password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('validates the sign-in form with the shared schema', async () => {
    const response = await t.call({ method: 'POST', url: '/api/session', payload: { email: 'not-an-email', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ email: 'Invalid email', password: 'Required' });
  });

  it('stores passwords as argon2id with the configured cost', async () => {
    const row = await t.database.db
      .selectFrom('accounts')
      .select('password')
      .where('user_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('reads the role from the database on every request', async () => {
    const user = await t.createUser('agent', 'Rita Role');
    await t.database.db.updateTable('users').set({ role: 'editor' }).where('id', '=', user.id).execute();
    const response = await t.call({ method: 'GET', url: '/api/session', as: user });
    expect(response.json().user.role).toBe('editor');
  });

  it('answers null for the session when signed out', async () => {
    const response = await t.call({ method: 'GET', url: '/api/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });
});

describe('sign-out', () => {
  it('ends the session on the server, so the old cookie no longer works', async () => {
    const user = await t.createUser('agent');
    expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: user })).statusCode).toBe(200);
    const out = await t.call({ method: 'DELETE', url: '/api/session', as: user });
    expect(out.statusCode).toBe(204);
    expect([out.headers['set-cookie']].flat().join()).toMatch(/torque.session_token=;.*Max-Age=0/);
    expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: user })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('refuses a cookie whose signature does not match', async () => {
    const [name, value] = agent.cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0];
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`)}`;
    expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: forged })).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const user = await t.createUser('agent');
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: user })).statusCode).toBe(401);
  });

  it('renews a session in use to its own length once an hour of it has passed', async () => {
    const user = await t.createUser('agent');
    const twoHoursIn = new Date(Date.now() + 6 * 60 * 60 * 1000);
    await t.database.db.updateTable('sessions').set({ expires_at: twoHoursIn }).where('user_id', '=', user.id).execute();
    const response = await t.call({ method: 'GET', url: '/api/chat/unread-count', as: user });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + 7.9 * 60 * 60 * 1000);
  });
});

describe('deactivated users', () => {
  it('refuses sign-in to a banned user and ends their open sessions', async () => {
    const user = await t.createUser('agent', 'Barry Banned');
    await t.database.db.updateTable('users').set({ banned: true }).where('id', '=', user.id).execute();
    const response = await t.call({ method: 'POST', url: '/api/session', payload: { email: user.email, password: PASSWORD } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(/deactivated/);
    expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: user })).statusCode).toBe(401);
  });
});

describe('deactivating a user', () => {
  it('ends their sessions, so activating them again does not bring an old session back', async () => {
    const user = await t.createUser('agent', 'Rita Revived');
    const otherDevice = await t.signIn(user.email);
    const { db } = t.database;
    await db.updateTable('users').set({ banned: true }).where('id', '=', user.id).execute();
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    await db.updateTable('users').set({ banned: false }).where('id', '=', user.id).execute();
    for (const cookie of [user.cookie, otherDevice]) {
      expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: cookie })).statusCode).toBe(401);
    }
    expect(
      (await t.call({ method: 'POST', url: '/api/session', payload: { email: user.email, password: PASSWORD } })).statusCode,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  const attempt = (email: string, password: string, remoteAddress: string) =>
    t.call({ method: 'POST', url: '/api/session', remoteAddress, payload: { email, password } });

  it('refuses a sixth attempt on an account from the same address, with Retry-After', async () => {
    const user = await t.createUser('agent', 'Lou Locked');
    for (let i = 0; i < 5; i++) expect((await attempt(user.email, 'nope', '198.51.100.40')).statusCode).toBe(401);
    const locked = await attempt(user.email, PASSWORD, '198.51.100.40');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it("never refuses the owner's right password because of a stranger's failures, only slows it down", async () => {
    const owner = await t.createUser('admin', 'Olga Owner');
    for (let i = 0; i < 5; i++) expect((await attempt(owner.email, 'guess', '203.0.113.66')).statusCode).toBe(401);
    expect((await attempt(owner.email, PASSWORD, '203.0.113.66')).statusCode).toBe(429);
    const started = Date.now();
    const signedIn = await attempt(owner.email, PASSWORD, '192.0.2.200');
    expect(signedIn.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Once the owner is in, the slow-down is over.
    const next = Date.now();
    expect((await attempt(owner.email, PASSWORD, '192.0.2.200')).statusCode).toBe(200);
    expect(Date.now() - next).toBeLessThan(900);
  });

  it('slows down guesses on one account spread over many addresses, by a growing delay', async () => {
    const user = await t.createUser('agent', 'Sam Spread');
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = Date.now();
      expect((await attempt(user.email, 'guess', `198.18.0.${i + 1}`)).statusCode).toBe(401);
      times.push(Date.now() - started);
    }
    expect(times.slice(0, 5).every((ms) => ms < 900)).toBe(true);
    expect(times[5]).toBeGreaterThanOrEqual(900);
    expect(times[6]).toBeGreaterThanOrEqual(1900);
  });

  it('grows the delay to at most 16 seconds', () => {
    expect([5, 6, 7, 8, 9, 10, 11, 50].map((n) => accountDelaySeconds(n))).toEqual([0, 1, 2, 4, 8, 16, 16, 16]);
  });

  it('holds the account limit when wrong passwords arrive all at once', async () => {
    const user = await t.createUser('agent', 'Paula Parallel');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call({
          method: 'POST',
          url: '/api/session',
          remoteAddress: '192.0.2.77',
          payload: { email: user.email, password: 'nope' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('does not count successful sign-ins against the address', async () => {
    const user = await t.createUser('agent', 'Busy Office');
    for (let i = 0; i < 35; i++) {
      const r = await t.call({
        method: 'POST',
        url: '/api/session',
        remoteAddress: '192.0.2.88',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(r.statusCode).toBe(200);
    }
  });

  it('limits attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await t.call({
        method: 'POST',
        url: '/api/session',
        remoteAddress: '203.0.113.9',
        payload: { email: `nobody${i}@example.com`, password: 'x' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe('switching to an agent', () => {
  it('lets an admin act as an agent and switch back', async () => {
    const signedIn = await t.signIn(admin.email);
    const switched = await t.call({ method: 'POST', url: '/api/session/switch', as: signedIn, payload: { userId: agent.id } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ user: { id: agent.id }, impersonator: { id: admin.id, name: 'Ada Admin' } });
    const asAgent = cookieHeader(switched.headers['set-cookie'], signedIn);
    expect((await t.call({ method: 'GET', url: '/api/session', as: asAgent })).json().user.id).toBe(agent.id);

    const back = await t.call({ method: 'DELETE', url: '/api/session/switch', as: asAgent });
    expect(back.statusCode).toBe(200);
    const restored = cookieHeader(back.headers['set-cookie'], asAgent);
    expect((await t.call({ method: 'GET', url: '/api/session', as: restored })).json()).toMatchObject({
      user: { id: admin.id },
      impersonator: null,
    });
  });

  it('refuses agents and editors', async () => {
    for (const user of [agent, editor]) {
      const r = await t.call({ method: 'POST', url: '/api/session/switch', as: user, payload: { userId: agent.id } });
      expect(r.statusCode).toBe(403);
      expect((await t.call({ method: 'GET', url: '/api/session/switchable-users', as: user })).statusCode).toBe(403);
    }
  });

  it('lists only agents to switch to, and refuses other targets', async () => {
    const list = await t.call({ method: 'GET', url: '/api/session/switchable-users', as: admin });
    expect(
      list
        .json()
        .map((u: { role: string }) => u.role)
        .every((r: string) => r === 'agent'),
    ).toBe(true);
    const r = await t.call({ method: 'POST', url: '/api/session/switch', as: admin, payload: { userId: editor.id } });
    expect(r.statusCode).toBe(404);
  });

  it('ends a switched session once the admin behind it is deactivated or no longer an admin', async () => {
    for (const change of [{ banned: true }, { role: 'editor' as const }]) {
      const boss = await t.createUser('admin', 'Temporary Admin');
      const switched = await t.call({ method: 'POST', url: '/api/session/switch', as: boss, payload: { userId: agent.id } });
      const asAgent = cookieHeader(switched.headers['set-cookie'], boss.cookie);
      expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: asAgent })).statusCode).toBe(200);
      await t.database.db.updateTable('users').set(change).where('id', '=', boss.id).execute();
      expect((await t.call({ method: 'GET', url: '/api/chat/unread-count', as: asAgent })).statusCode).toBe(401);
    }
  });

  /** An admin's own session and the switched session started from it, as the browser holds them. */
  async function switchedSessions() {
    const own = await t.signIn(admin.email);
    const switched = await t.call({ method: 'POST', url: '/api/session/switch', as: own, payload: { userId: agent.id } });
    const browser = cookieHeader(switched.headers['set-cookie'], own);
    // Only the session cookie: the admin's own session cookie lost (another browser profile, cleared by hand…).
    const sessionOnly = browser
      .split('; ')
      .filter((c) => c.startsWith('torque.session_token='))
      .join('; ');
    return { own, browser, sessionOnly };
  }

  const works = async (cookie: string) =>
    (await t.call({ method: 'GET', url: '/api/chat/unread-count', as: cookie })).statusCode === 200;

  it("answers 401 to switching back without the admin's own cookie, and ends both sessions", async () => {
    const { own, sessionOnly } = await switchedSessions();
    const back = await t.call({ method: 'DELETE', url: '/api/session/switch', as: sessionOnly });
    expect(back.statusCode).toBe(401);
    expect(back.json().error.message).toMatch(/Sign in again/);
    expect(await works(sessionOnly)).toBe(false);
    expect(await works(own)).toBe(false);
  });

  it("ends the admin's own session too when signing out while switched, with or without its cookie", async () => {
    for (const which of ['browser', 'sessionOnly'] as const) {
      const sessions = await switchedSessions();
      expect(await works(sessions.own)).toBe(true);
      const out = await t.call({ method: 'DELETE', url: '/api/session', as: sessions[which] });
      expect(out.statusCode).toBe(204);
      expect([out.headers['set-cookie']].flat().join()).toMatch(/torque.session_token=;/);
      expect(await works(sessions[which])).toBe(false);
      expect(await works(sessions.own), which).toBe(false);
    }
  });

  it('ends the switched session when the admin signs out of their own session elsewhere', async () => {
    const { own, browser } = await switchedSessions();
    expect((await t.call({ method: 'DELETE', url: '/api/session', as: own })).statusCode).toBe(204);
    expect(await works(browser)).toBe(false);
  });

  it('records writes made while switched with both the agent and the admin', async () => {
    const signedIn = await t.signIn(admin.email);
    const switched = await t.call({ method: 'POST', url: '/api/session/switch', as: signedIn, payload: { userId: agent.id } });
    const asAgent = cookieHeader(switched.headers['set-cookie'], signedIn);
    const update = await t.call({ method: 'PATCH', url: '/api/users/me', as: asAgent, payload: { name: 'Aaron A. Agent' } });
    expect(update.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', agent.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: agent.id, impersonator_id: admin.id, action: 'updated' });
    expect(rows[0]!.changes).toEqual({ name: { from: 'Aaron Agent', to: 'Aaron A. Agent' } });
  });
});

describe('API conventions', () => {
  it('answers 401 on every protected endpoint without a session', async () => {
    const protectedRoutes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && !r.public && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000').replace('*', 'x');
      const response = await t.call({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('refuses cookie-authenticated writes without the CSRF header or from another origin', async () => {
    const noHeader = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { cookie: agent.cookie },
      payload: { name: 'X' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('CSRF');
    const foreign = await t.call({
      method: 'PATCH',
      url: '/api/users/me',
      as: agent,
      headers: { origin: 'https://evil.example' },
      payload: { name: 'X' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('guards a request written in absolute form like any other', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Written without half-closing: the server answers, then closes (Connection: close).
    const send = (head: string[], body = '') =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    const read = await send([
      `GET http://127.0.0.1:${port}/api/chat/unread-count HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: close',
    ]);
    expect(read.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    const write = await send(
      [
        `PATCH http://127.0.0.1:${port}/api/users/me HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${agent.cookie}`,
        'Content-Type: application/json',
        'Content-Length: 12',
        'Connection: close',
      ],
      '{"name":"X"}',
    );
    expect(write.split('\r\n')[0]).toBe('HTTP/1.1 403 Forbidden');
  });

  it('reports health with the database kind and migration level', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TORQUE_TEST_DB === 'postgres' ? 'postgres' : 'embedded',
      migration: latestMigration,
    });
  });

  it('sends a content security policy without inline scripts, and serves OpenAPI', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    const docs = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/session');
  });

  it('sends the same security headers on answers, refusals, errors and unknown paths', async () => {
    const answers = await Promise.all([
      t.call({ method: 'GET', url: '/api/health' }),
      t.call({ method: 'GET', url: '/api/customers' }),
      t.call({ method: 'GET', url: '/api/no-such-route' }),
      t.call({ method: 'POST', url: '/api/session', payload: { email: 'not an address' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('has no demo sign-in when demo mode is off', async () => {
    const response = await t.call({ method: 'POST', url: '/api/session/demo', payload: { role: 'admin' } });
    expect(response.statusCode).not.toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/config' })).json()).toEqual({ demo: false });
  });
});

describe('behind a proxy', () => {
  it('counts failed sign-ins per client address when TRUST_PROXY is set', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '1' });
    try {
      let n = 0;
      const attempt = (client: string) =>
        proxied.call({
          method: 'POST',
          url: '/api/session',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': client },
          payload: { email: `someone-${++n}@example.com`, password: 'x' },
        });
      for (let i = 0; i < 30; i++) expect((await attempt('198.51.100.1')).statusCode).toBe(401);
      expect((await attempt('198.51.100.1')).statusCode).toBe(429);
      expect((await attempt('198.51.100.2')).statusCode).toBe(401);
      // An address the client writes in front of the proxy's own is not believed.
      expect((await attempt(`203.0.113.${n}, 198.51.100.1`)).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
