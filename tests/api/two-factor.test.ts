import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/scripts/demo-seed.js';
import { TWO_FACTOR_OFF_REFUSED_MESSAGE } from '../../src/shared/auth/two-factor.js';
import { defaultSettings, type TwoFactorRule } from '../../src/shared/settings/schemas.js';
import { createTestContext, cookieHeader, PASSWORD, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { secretOf, totp } from '../helpers/totp.js';

let t: TestContext;
/** An admin signed in by the test helper, whose session is exempt: it changes the settings. */
let settingsAdmin: TestUser;

beforeAll(async () => {
  t = await createTestContext({ DEMO: '1' });
  await seedDemo(t.database.db, TEST_SECRET);
  settingsAdmin = await t.createUser('admin', 'Sam Settings');
});
afterAll(() => t.close());

/** The first step of sign-in through the API, as the sign-in screen sends it: no exemption. */
async function passwordStep(email: string, extraCookie = '') {
  const response = await t.call({ method: 'POST', url: '/api/session', payload: { email, password: PASSWORD }, as: extraCookie });
  return { response, cookie: cookieHeader(response.headers['set-cookie'], extraCookie) };
}

async function signedInCookie(email: string) {
  const { response, cookie } = await passwordStep(email);
  expect(response.json()).toHaveProperty('user');
  return cookie;
}

const sessionOf = async (cookie: string) => (await t.call({ method: 'GET', url: '/api/session', as: cookie })).json();

/** Sets up two-factor sign-in for the user of `cookie`: their secret, recovery codes and new session cookie. */
async function enrol(cookie: string) {
  const started = await t.call({ method: 'POST', url: '/api/users/me/two-factor', as: cookie, payload: { password: PASSWORD } });
  expect(started.statusCode).toBe(200);
  const { totpURI, secret, backupCodes } = started.json() as { totpURI: string; secret: string; backupCodes: string[] };
  expect(secret).toBe(secretOf(totpURI));
  const verified = await t.call({
    method: 'POST',
    url: '/api/users/me/two-factor/verify',
    as: cookie,
    payload: { code: totp(secret) },
  });
  expect(verified.statusCode).toBe(200);
  return { secret, backupCodes, cookie: cookieHeader(verified.headers['set-cookie'], cookie) };
}

const codeStep = (cookie: string, code: string, trustDevice?: boolean) =>
  t.call({ method: 'POST', url: '/api/session/two-factor', as: cookie, payload: { code, trustDevice } });

async function setRule(rule: TwoFactorRule) {
  const payload = { ...defaultSettings, security: { ...defaultSettings.security, two_factor: rule } };
  const saved = await t.call({ method: 'PUT', url: '/api/settings', as: settingsAdmin, payload });
  expect(saved.statusCode).toBe(200);
}

const auditActions = async (userId: string) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.action);

describe('enrolment', () => {
  it('asks for the password, then turns on with the right code from the app and not a wrong one', async () => {
    const agent = await t.createUser('agent');
    const cookie = await signedInCookie(agent.email);

    const wrongPassword = await t.call({
      method: 'POST',
      url: '/api/users/me/two-factor',
      as: cookie,
      payload: { password: 'not my password' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toEqual({ password: 'Incorrect password' });

    const started = await t.call({
      method: 'POST',
      url: '/api/users/me/two-factor',
      as: cookie,
      payload: { password: PASSWORD },
    });
    expect(started.statusCode).toBe(200);
    const { totpURI, secret, backupCodes } = started.json() as { totpURI: string; secret: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Torque:/);
    expect(started.headers['cache-control']).toBe('no-store');
    expect(backupCodes).toHaveLength(10);

    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await t.call({
      method: 'POST',
      url: '/api/users/me/two-factor/verify',
      as: cookie,
      payload: { code: wrong },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.code).toMatch(/Invalid code/);
    expect((await sessionOf(cookie)).twoFactor).toEqual({ enabled: false, required: false, setupNeeded: false });

    const verified = await t.call({
      method: 'POST',
      url: '/api/users/me/two-factor/verify',
      as: cookie,
      payload: { code: totp(secret).replace(/^(\d{3})/, '$1 ') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().twoFactor).toEqual({ enabled: true, required: false, setupNeeded: false });
    // better-auth replaces the session: the old cookie is over, the new one keeps the user signed in.
    expect(await sessionOf(cookie)).toBeNull();
    const renewed = cookieHeader(verified.headers['set-cookie'], cookie);
    expect((await sessionOf(renewed)).twoFactor.enabled).toBe(true);

    // The secret and the recovery codes are stored encrypted.
    const row = await t.database.db
      .selectFrom('two_factors')
      .selectAll()
      .where('user_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.verified).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect(row.backup_codes).not.toContain(backupCodes[0]);
    expect(await auditActions(agent.id)).toEqual(['two_factor.setup_started', 'two_factor.enabled']);
  });

  it('refuses a second enrolment and an admin switched to the agent', async () => {
    const agent = await t.createUser('agent');
    const { cookie } = await enrol(await signedInCookie(agent.email));
    const again = await t.call({ method: 'POST', url: '/api/users/me/two-factor', as: cookie, payload: { password: PASSWORD } });
    expect(again.statusCode).toBe(409);

    const other = await t.createUser('agent');
    const switched = await t.call({
      method: 'POST',
      url: '/api/session/switch',
      as: settingsAdmin,
      payload: { userId: other.id },
    });
    const asOther = cookieHeader(switched.headers['set-cookie'], settingsAdmin.cookie);
    const refused = await t.call({
      method: 'POST',
      url: '/api/users/me/two-factor',
      as: asOther,
      payload: { password: PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    await t.call({ method: 'DELETE', url: '/api/session/switch', as: asOther });
    settingsAdmin.cookie = await t.signIn(settingsAdmin.email);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code after the password, refuses a wrong one and signs in with the right one, once', async () => {
    const agent = await t.createUser('agent');
    const { secret } = await enrol(await signedInCookie(agent.email));

    const { response, cookie } = await passwordStep(agent.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ twoFactor: true });
    expect(cookie).toMatch(/torque\.two_factor=/);
    expect(cookie).not.toMatch(/torque\.session_token=/);
    expect(await sessionOf(cookie)).toBeNull();
    expect((await t.call({ method: 'GET', url: '/api/customers', as: cookie })).statusCode).toBe(401);

    const wrong = await codeStep(cookie, String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, '0'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CODE');

    const code = totp(secret);
    const right = await codeStep(cookie, code);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ user: { id: agent.id }, twoFactor: { enabled: true, setupNeeded: false } });
    const signedIn = cookieHeader(right.headers['set-cookie'], cookie);
    expect(signedIn).not.toMatch(/torque\.two_factor=/);
    expect((await t.call({ method: 'GET', url: '/api/customers', as: signedIn })).statusCode).toBe(200);
    const user = await t.database.db.selectFrom('users').select('last_login_at').where('id', '=', agent.id).executeTakeFirst();
    expect(user?.last_login_at).not.toBeNull();
    // The session has the length the security settings give a session that begins (8 hours by default).
    const session = await t.database.db
      .selectFrom('sessions')
      .select('lifetime_seconds')
      .where('user_id', '=', agent.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.lifetime_seconds).toBe(8 * 60 * 60);

    // The same code does not sign in twice.
    const replay = await codeStep((await passwordStep(agent.email)).cookie, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toMatch(/already been used/);
  });

  it('signs in with a recovery code once, with or without its dash', async () => {
    const agent = await t.createUser('agent');
    const { backupCodes } = await enrol(await signedInCookie(agent.email));

    const first = await codeStep((await passwordStep(agent.email)).cookie, backupCodes[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(agent.id);
    const again = await codeStep((await passwordStep(agent.email)).cookie, backupCodes[0]!);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('INVALID_CODE');
    const undashed = await codeStep((await passwordStep(agent.email)).cookie, backupCodes[1]!.replace('-', ''));
    expect(undashed.statusCode).toBe(200);
    expect(await auditActions(agent.id)).toContain('two_factor.recovery_code_used');
  });

  it('refuses a code without a pending sign-in, and one that is not a code', async () => {
    const none = await codeStep('', '123456');
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('TWO_FACTOR_EXPIRED');
    const garbage = await codeStep('', '12345');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.fields.code).toBe('Enter the 6-digit code or a recovery code');
  });

  it('trusts this device for the next sign-in when asked', async () => {
    const agent = await t.createUser('agent');
    const { secret } = await enrol(await signedInCookie(agent.email));
    const { cookie } = await passwordStep(agent.email);
    const right = await codeStep(cookie, totp(secret, { step: -1 }), true);
    expect(right.statusCode).toBe(200);
    const browser = cookieHeader(right.headers['set-cookie'], cookie);
    expect(browser).toMatch(/torque\.trust_device=/);
    const next = await passwordStep(agent.email, browser);
    expect(next.response.json()).toMatchObject({ user: { id: agent.id } });
  });

  it('limits wrong codes like wrong passwords, so codes cannot be guessed', async () => {
    const agent = await t.createUser('agent');
    const { secret } = await enrol(await signedInCookie(agent.email));
    const { cookie } = await passwordStep(agent.email);
    const right = totp(secret, { step: 1 });
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    // The password counted as one attempt of this account from this address; four wrong codes use up the five.
    for (let i = 0; i < 4; i++) expect((await codeStep(cookie, wrong)).statusCode).toBe(401);
    const refused = await codeStep(cookie, right);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/Too many sign-in attempts/);
  });
});

describe('wrong codes from other addresses', () => {
  /** The two steps of sign-in sent from `remoteAddress`, as another computer would send them. */
  const at = (remoteAddress: string) => ({
    password: async (email: string) => {
      const response = await t.call({
        method: 'POST',
        url: '/api/session',
        remoteAddress,
        payload: { email, password: PASSWORD },
      });
      expect(response.json()).toEqual({ twoFactor: true });
      return cookieHeader(response.headers['set-cookie']);
    },
    code: (cookie: string, code: string) =>
      t.call({ method: 'POST', url: '/api/session/two-factor', remoteAddress, as: cookie, payload: { code } }),
  });

  /** A quarter of an hour passes for the account's count of attempts from every address. */
  const laterForAccount = (email: string) =>
    t.database.db
      .updateTable('rate_limits')
      .set({ window_start: sql<Date>`window_start - interval '15 minutes'` })
      .where('key', '=', `sign-in:account:${email}`)
      .execute();

  it("never lock the owner out: each address is refused past its five attempts, and the owner's right code works", async () => {
    const owner = await t.createUser('agent');
    const { secret } = await enrol(await signedInCookie(owner.email));
    // Each guess a different code: one code sent twice is refused as used before it reaches the check.
    const valid = new Set([-1, 0, 1, 2].map((step) => totp(secret, { step })));
    let sent = 0;
    const guess = () => {
      let code: string;
      do code = String((314_159 + 7_919 * sent++) % 1_000_000).padStart(6, '0');
      while (valid.has(code));
      return code;
    };

    for (const [address, guesses] of [
      ['198.51.100.11', 4],
      ['198.51.100.12', 4],
      ['198.51.100.13', 2],
    ] as const) {
      const stranger = at(address);
      const cookie = await stranger.password(owner.email);
      for (let i = 0; i < guesses; i++) expect((await stranger.code(cookie, guess())).json().error.code).toBe('INVALID_CODE');
      // The password and four codes are the five attempts of this account from this address.
      if (guesses === 4) expect((await stranger.code(cookie, guess())).statusCode).toBe(429);
      // Guesses this far apart are not even slowed down; quicker ones would be, never refused.
      await laterForAccount(owner.email);
    }

    const desk = at('192.0.2.15');
    const signedIn = await desk.code(await desk.password(owner.email), totp(secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.id).toBe(owner.id);
  });
});

describe('the security setting', () => {
  it('holds an admin without two-factor sign-in to enrolment until it is on', async () => {
    const admin = await t.createUser('admin');
    const cookie = await signedInCookie(admin.email);
    expect((await sessionOf(cookie)).twoFactor).toEqual({ enabled: false, required: true, setupNeeded: true });

    for (const [method, url] of [
      ['GET', '/api/customers'],
      ['GET', '/api/settings'],
      ['PATCH', '/api/users/me'],
      ['GET', '/api/session/switchable-users'],
    ] as const) {
      const blocked = await t.call({ method, url, as: cookie, payload: method === 'PATCH' ? { name: 'X' } : undefined });
      expect({ url, status: blocked.statusCode, body: blocked.json() }).toEqual({
        url,
        status: 403,
        body: { error: { code: 'TWO_FACTOR_REQUIRED', message: expect.stringMatching(/Set it up to continue/) } },
      });
    }
    const { cookie: enrolled } = await enrol(cookie);
    expect((await sessionOf(enrolled)).twoFactor).toEqual({ enabled: true, required: true, setupNeeded: false });
    expect((await t.call({ method: 'GET', url: '/api/customers', as: enrolled })).statusCode).toBe(200);
  });

  it("holds everyone to it under 'everyone', from the next request on, but not a switched session", async () => {
    const agent = await t.createUser('agent');
    const cookie = await signedInCookie(agent.email);
    expect((await t.call({ method: 'GET', url: '/api/customers', as: cookie })).statusCode).toBe(200);
    await setRule('everyone');
    try {
      const blocked = await t.call({ method: 'GET', url: '/api/customers', as: cookie });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('TWO_FACTOR_REQUIRED');

      const switched = await t.call({
        method: 'POST',
        url: '/api/session/switch',
        as: settingsAdmin,
        payload: { userId: agent.id },
      });
      expect(switched.statusCode).toBe(200);
      expect(switched.json().twoFactor).toEqual({ enabled: false, required: true, setupNeeded: false });
      const asAgent = cookieHeader(switched.headers['set-cookie'], settingsAdmin.cookie);
      expect((await t.call({ method: 'GET', url: '/api/customers', as: asAgent })).statusCode).toBe(200);
      await t.call({ method: 'DELETE', url: '/api/session/switch', as: asAgent });
      settingsAdmin.cookie = await t.signIn(settingsAdmin.email);
    } finally {
      await setRule('admins');
    }
    expect((await t.call({ method: 'GET', url: '/api/customers', as: cookie })).statusCode).toBe(200);
  });

  it('does not hold the demo sign-in to it', async () => {
    const demo = await t.call({ method: 'POST', url: '/api/session/demo', payload: { role: 'admin' } });
    expect(demo.statusCode).toBe(200);
    expect(demo.json().twoFactor).toEqual({ enabled: false, required: true, setupNeeded: false });
    const cookie = cookieHeader(demo.headers['set-cookie']);
    expect((await t.call({ method: 'GET', url: '/api/customers', as: cookie })).statusCode).toBe(200);
  });

  it('refuses turning it off while required, and turns it off with the password otherwise', async () => {
    const admin = await t.createUser('admin');
    const { cookie: adminCookie } = await enrol(await signedInCookie(admin.email));
    const refused = await t.call({
      method: 'DELETE',
      url: '/api/users/me/two-factor',
      as: adminCookie,
      payload: { password: PASSWORD },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TWO_FACTOR_OFF_REFUSED_MESSAGE);

    const agent = await t.createUser('agent');
    const { cookie } = await enrol(await signedInCookie(agent.email));
    await setRule('everyone');
    try {
      const whileRequired = await t.call({
        method: 'DELETE',
        url: '/api/users/me/two-factor',
        as: cookie,
        payload: { password: PASSWORD },
      });
      expect(whileRequired.statusCode).toBe(400);
    } finally {
      await setRule('admins');
    }
    const wrong = await t.call({
      method: 'DELETE',
      url: '/api/users/me/two-factor',
      as: cookie,
      payload: { password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Incorrect password' });
    const off = await t.call({ method: 'DELETE', url: '/api/users/me/two-factor', as: cookie, payload: { password: PASSWORD } });
    expect(off.statusCode).toBe(200);
    expect(off.json().twoFactor).toEqual({ enabled: false, required: false, setupNeeded: false });
    expect((await sessionOf(cookieHeader(off.headers['set-cookie'], cookie))).user.id).toBe(agent.id);
    expect((await passwordStep(agent.email)).response.json()).toMatchObject({ user: { id: agent.id } });
    expect(await t.database.db.selectFrom('two_factors').where('user_id', '=', agent.id).select('id').execute()).toEqual([]);
    expect(await auditActions(agent.id)).toContain('two_factor.disabled');
  });
});
