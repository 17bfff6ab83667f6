import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { FailingQueries } from '../helpers/failing-queries.js';
import { postSignedHook } from '../helpers/signed-hook.js';

let t: TestContext;
let agent: TestUser;
let admin: TestUser;
let secret: string;
let numbers = 0;
const failing = new FailingQueries();

/** A phone number no other test uses, as the customer's record has it and as the provider sends it. */
function nextNumber() {
  const line = String(1000 + ++numbers);
  return { typed: `(512) 555-${line}`, e164: `+1512555${line}` };
}

/** A reply posted as the SMS provider posts it: JSON, signed with the secret and the moment. */
function reply(payload: Record<string, unknown>, { key = secret, at = Math.floor(Date.now() / 1000) } = {}) {
  return postSignedHook(t.app, '/api/hooks/sms', key, payload, at);
}

async function customerWithSmsConsent(phone: string) {
  const id = (await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name: 'Sam Texter', phone } })).json()
    .id as string;
  await t.call({
    method: 'POST',
    url: `/api/customers/${id}/consent`,
    as: agent,
    payload: { channel: 'sms', status: 'opted_in', source: 'paper_form', wording: 'Text me offers.' },
  });
  return id;
}

const smsConsent = async (id: string) =>
  (await t.call({ method: 'GET', url: `/api/customers/${id}/consent`, as: agent })).json().current.sms as {
    status: string;
    source: string;
    wording: string;
  };
const repliesFrom = async (phone: string) =>
  t.database.db.selectFrom('sms_replies').select('id').where('from_phone', '=', phone).execute();
const textsTo = async (phone: string) =>
  (await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'sms').execute()).filter(
    (row) => (row.payload as { to: string }).to === phone,
  );

beforeAll(async () => {
  t = await createTestContext({}, { wrapDatabase: failing.wrap });
  agent = await t.createUser('agent', 'Ava Agent');
  admin = await t.createUser('admin', 'Ada Admin');
  const hooks = await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin });
  secret = hooks.json().items.find((h: { name: string }) => h.name === 'sms').secret;
});
afterAll(() => t.close());

/**
 * The words that revoke consent to texts, as the FCC's revocation order (FCC 24-24, 2024) writes them into 47 CFR
 * 64.1200(a)(10), written out rather than read from the code under test.
 */
const FCC_OPT_OUT_WORDS = ['STOP', 'QUIT', 'END', 'REVOKE', 'OPT OUT', 'CANCEL', 'UNSUBSCRIBE'];

describe('SMS opt-out by reply', () => {
  const variants = (keyword: string) => [keyword, keyword.toLowerCase(), `  ${keyword[0]}${keyword.slice(1).toLowerCase()}  `];
  for (const keyword of FCC_OPT_OUT_WORDS) {
    it(`honours '${keyword}' in any case and spacing at once, with exactly one confirmation`, async () => {
      for (const body of [...variants(keyword), keyword.replace(' ', '   ')]) {
        const number = nextNumber();
        const id = await customerWithSmsConsent(number.typed);
        const answer = await reply({ from: number.e164, body, message_id: crypto.randomUUID() });
        expect(answer.json(), body).toEqual({ outcome: 'opted_out', customers: 1, repeated: false });
        expect(await smsConsent(id)).toMatchObject({ status: 'opted_out', source: 'sms_reply', wording: body });
        expect(await textsTo(number.e164)).toHaveLength(1);
      }
    });
  }

  it("flags 'STOP please' for a person instead of ignoring it, and changes nothing", async () => {
    const number = nextNumber();
    const id = await customerWithSmsConsent(number.typed);
    const answer = await reply({ from: number.e164, body: 'STOP please', message_id: crypto.randomUUID() });
    expect(answer.json()).toEqual({ outcome: 'flagged', customers: 1, repeated: false });
    expect((await smsConsent(id)).status).toBe('opted_in');
    const notes = (await t.call({ method: 'GET', url: '/api/notifications', as: agent })).json().items;
    expect(notes[0]).toMatchObject({ kind: 'sms_reply_flagged', title: 'A text reply needs a person', link: `/customers/${id}` });
    expect(notes[0].content).toContain('STOP please');
    expect((await reply({ from: number.e164, body: 'Thanks, see you Friday' })).json().outcome).toBe('other');
    expect(await textsTo(number.e164)).toHaveLength(0);
  });

  it('does nothing twice: a repeated delivery, or a second STOP, sends no second confirmation', async () => {
    const number = nextNumber();
    const id = await customerWithSmsConsent(number.typed);
    const messageId = crypto.randomUUID();
    await reply({ from: number.e164, body: 'STOP', message_id: messageId });
    expect((await reply({ from: number.e164, body: 'STOP', message_id: messageId })).json()).toMatchObject({ repeated: true });
    await reply({ from: number.e164, body: 'stop', message_id: crypto.randomUUID() });
    expect(await textsTo(number.e164)).toHaveLength(1);
    const history = (await t.call({ method: 'GET', url: `/api/customers/${id}/consent`, as: agent })).json().history;
    expect(history.filter((e: { status: string }) => e.status === 'opted_out')).toHaveLength(1);
  });

  it('stores a signed call sent again without a message id once, and answers it as a repeated delivery', async () => {
    const number = nextNumber();
    const id = await customerWithSmsConsent(number.typed);
    const at = Math.floor(Date.now() / 1000);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await reply({ from: number.e164, body: 'STOP' }, { at })).json());
    expect(answers).toEqual([
      { outcome: 'opted_out', customers: 1, repeated: false },
      { outcome: 'opted_out', customers: 1, repeated: true },
      { outcome: 'opted_out', customers: 1, repeated: true },
    ]);
    expect(await repliesFrom(number.e164)).toHaveLength(1);
    expect(await textsTo(number.e164)).toHaveLength(1);
    const history = (await t.call({ method: 'GET', url: `/api/customers/${id}/consent`, as: agent })).json().history;
    expect(history.filter((e: { status: string }) => e.status === 'opted_out')).toHaveLength(1);
    // The same words signed at another moment are another message.
    expect((await reply({ from: number.e164, body: 'STOP' }, { at: at - 1 })).json().repeated).toBe(false);
    expect(await repliesFrom(number.e164)).toHaveLength(2);
  });

  it('flags a replayed reply for a person once', async () => {
    const number = nextNumber();
    await customerWithSmsConsent(number.typed);
    const at = Math.floor(Date.now() / 1000);
    const body = `STOP texting me ${number.e164}`;
    await Promise.all([1, 2, 3].map(() => reply({ from: number.e164, body }, { at })));
    const notes = (await t.call({ method: 'GET', url: '/api/notifications', as: agent })).json().items;
    expect(notes.filter((n: { content: string }) => n.content.includes(body))).toHaveLength(1);
    expect(await repliesFrom(number.e164)).toHaveLength(1);
  });

  it('handles the retry of a signed call anew when its first delivery failed', async () => {
    const number = nextNumber();
    const id = await customerWithSmsConsent(number.typed);
    const at = Math.floor(Date.now() / 1000);
    failing.failOn('customers', 1);
    expect((await reply({ from: number.e164, body: 'STOP' }, { at })).statusCode).toBe(500);
    expect(await repliesFrom(number.e164)).toHaveLength(0);
    const retried = await reply({ from: number.e164, body: 'STOP' }, { at });
    expect(retried.json()).toEqual({ outcome: 'opted_out', customers: 1, repeated: false });
    expect((await smsConsent(id)).status).toBe('opted_out');
  });

  it('forgets the signatures of calls too old to be accepted again, and no other limit', async () => {
    const { db } = t.database;
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'hook-signature:sha256=old', window_start: new Date(Date.now() - 11 * 60_000), count: 1 },
        { key: 'signin:203.0.113.9', window_start: new Date(Date.now() - 11 * 60_000), count: 3 },
      ])
      .execute();
    await reply({ from: nextNumber().e164, body: 'Hello' });
    const keys = (await db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
    expect(keys).not.toContain('hook-signature:sha256=old');
    expect(keys).toContain('signin:203.0.113.9');
    expect(keys.filter((key) => key.startsWith('hook-signature:sha256=')).length).toBeGreaterThan(0);
  });

  it('refuses a call without the right signature, or signed too long ago, and stores nothing', async () => {
    const number = nextNumber();
    const id = await customerWithSmsConsent(number.typed);
    const forged = await reply({ from: number.e164, body: 'STOP' }, { key: 'not-the-secret' });
    expect(forged.statusCode).toBe(401);
    const stale = await reply({ from: number.e164, body: 'STOP' }, { at: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/hooks/sms', payload: { from: number.e164, body: 'STOP' } });
    expect(unsigned.statusCode).toBe(401);
    expect((await smsConsent(id)).status).toBe('opted_in');
    expect(await t.database.db.selectFrom('sms_replies').select('id').where('from_phone', '=', number.e164).execute()).toEqual(
      [],
    );
  });
});

describe('webhook secrets', () => {
  it('are shown to admins only, and a rotated secret refuses calls signed with the old one', async () => {
    expect((await t.call({ method: 'GET', url: '/api/settings/hooks', as: agent })).statusCode).toBe(403);
    const hooks = (await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin })).json().items;
    expect(hooks.map((h: { path: string }) => h.path)).toEqual(['/api/hooks/sms', '/api/hooks/inbound-email']);
    const old = secret;
    const rotated = await t.call({ method: 'POST', url: '/api/settings/hooks/sms/rotate', as: admin, payload: {} });
    secret = rotated.json().secret;
    expect(secret).not.toBe(old);
    const number = nextNumber();
    expect((await reply({ from: number.e164, body: 'hello' }, { key: old })).statusCode).toBe(401);
    expect((await reply({ from: number.e164, body: 'hello' })).statusCode).toBe(200);
  });
});
