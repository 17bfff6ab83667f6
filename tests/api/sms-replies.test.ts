import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPT_OUT_KEYWORDS } from '../../src/shared/consent/sms-reply.js';
import { hookSignature } from '../../src/server/http/signed-hook.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';

let t: TestContext;
let agent: TestUser;
let admin: TestUser;
let secret: string;
let numbers = 0;

/** A phone number no other test uses, as the customer's record has it and as the provider sends it. */
function nextNumber() {
  const line = String(1000 + ++numbers);
  return { typed: `(512) 555-${line}`, e164: `+1512555${line}` };
}

/** A reply posted as the SMS provider posts it: JSON, signed with the secret and the moment. */
function reply(payload: Record<string, unknown>, { key = secret, at = Math.floor(Date.now() / 1000) } = {}) {
  const body = JSON.stringify(payload);
  const timestamp = String(at);
  return t.app.inject({
    method: 'POST',
    url: '/api/hooks/sms',
    headers: {
      'content-type': 'application/json',
      'x-torque-timestamp': timestamp,
      'x-torque-signature': hookSignature(key, timestamp, body),
    },
    payload: body,
  });
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
const textsTo = async (phone: string) =>
  (await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'sms').execute()).filter(
    (row) => (row.payload as { to: string }).to === phone,
  );

beforeAll(async () => {
  t = await createTestContext();
  agent = await t.createUser('agent', 'Ava Agent');
  admin = await t.createUser('admin', 'Ada Admin');
  const hooks = await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin });
  secret = hooks.json().items.find((h: { name: string }) => h.name === 'sms').secret;
});
afterAll(() => t.close());

describe('SMS opt-out by reply', () => {
  const variants = (keyword: string) => [keyword, keyword.toLowerCase(), `  ${keyword[0]}${keyword.slice(1).toLowerCase()}  `];
  for (const keyword of OPT_OUT_KEYWORDS) {
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
