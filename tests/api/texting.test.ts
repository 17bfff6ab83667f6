import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { quietUntil, timeZoneOf } from '../../src/server/modules/consent/quiet-hours.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { INVALID_NUMBER, signTwilio, startTwilioPeer, type TwilioPeer } from '../helpers/twilio-peer.js';
import { readZip } from '../helpers/zip.js';

const FAST = { pollingIntervalSeconds: 0.5, webhookRetry: { retryDelay: 1, retryBackoff: false } };
const PUBLIC_URL = 'https://crm.example.com';

let t: TestContext;
let peer: TwilioPeer;
let admin: TestUser;
let editor: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
const logLines: string[] = [];
let numbers = 0;

/** A number no other test here uses: as the customer's record has it, and as Twilio writes it. */
function nextNumber() {
  const line = String(2000 + ++numbers);
  return { typed: `(737) 555-${line}`, e164: `+1737555${line}` };
}

const provider = (as: TestUser) => t.call({ method: 'GET', url: '/api/texting/provider', as });
const save = (as: TestUser, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: '/api/texting/provider', as, payload });
const validInput = () => ({ account_sid: peer.accountSid, auth_token: peer.authToken, sender: '+15125550100' });

/** A call as Twilio makes it: form-encoded, signed over the full URL it was given (helper's own HMAC, not Torque's). */
function twilioCall(url: string, params: Record<string, string>, { token = peer.authToken } = {}) {
  const address = new URL(url);
  return t.app.inject({
    method: 'POST',
    url: `${address.pathname}${address.search}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signTwilio(token, url, params),
      host: address.host,
      'x-forwarded-proto': 'https',
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const inbound = (from: string, body: string, sid = `SM${crypto.randomUUID().replaceAll('-', '')}`, token?: string) =>
  twilioCall(
    `${PUBLIC_URL}/api/hooks/twilio/messages`,
    {
      MessageSid: sid,
      SmsSid: sid,
      AccountSid: peer.accountSid,
      From: from,
      To: '+15125550100',
      Body: body,
      NumMedia: '0',
      ApiVersion: '2010-04-01',
    },
    { token },
  );

async function customerWithConsent(name: string, phone: string, location?: string) {
  const created = await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name, phone, location } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const consent = await t.call({
    method: 'POST',
    url: `/api/customers/${id}/consent`,
    as: agent,
    payload: { channel: 'sms', status: 'opted_in', source: 'paper_form', wording: 'Text me offers.' },
  });
  expect(consent.statusCode, consent.body).toBe(201);
  return id;
}

const outboxRow = (id: string) =>
  t.database.db
    .selectFrom('outbox')
    .select(['status', 'provider_id', 'delivered_at', 'last_error', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for a queued text to be sent, and answers the message the peer received for it. */
async function sentThroughPeer(id: string) {
  const sent = await waitFor(
    () => outboxRow(id),
    (r) => r.status === 'sent',
    'the text to be sent',
  );
  return peer.messages.find((m) => m.sid === sent.provider_id)!;
}

/** Queues a text as Torque's areas do, and answers its outbox id. */
const queueText = (to: string, text: string) =>
  t.database.db.transaction().execute((tx) => t.app.webhooks.queueSms(tx, { to, text }, null));

beforeAll(async () => {
  peer = await startTwilioPeer();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestContext(
    { TWILIO_API_URL: peer.url, PUBLIC_URL, TRUST_PROXY: '127.0.0.1' },
    { jobs: FAST, logger: { level: 'debug', stream } },
  );
  admin = await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
});

afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('the Twilio account', () => {
  it('is read and set by admins only', async () => {
    for (const user of [editor, agent]) {
      expect((await provider(user)).statusCode).toBe(403);
      expect((await save(user, validInput())).statusCode).toBe(403);
      expect((await t.call({ method: 'DELETE', url: '/api/texting/provider', as: user })).statusCode).toBe(403);
    }
    const none = await provider(admin);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({
      provider: null,
      auth_token_set: false,
      messages_url: `${PUBLIC_URL}/api/hooks/twilio/messages`,
      status_url: `${PUBLIC_URL}/api/hooks/twilio/status`,
    });
  });

  it('refuses a malformed SID, a token Twilio refuses and a missing token, storing nothing', async () => {
    const malformed = await save(admin, { ...validInput(), account_sid: 'AC123', sender: '5551234' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields).sort()).toEqual(['account_sid', 'sender']);
    const wrong = await save(admin, { ...validInput(), auth_token: 'f'.repeat(32) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ auth_token: 'Twilio refused the Account SID and Auth Token' });
    const missing = await save(admin, { ...validInput(), auth_token: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.auth_token).toMatch(/Auth Token/);
    expect(await t.database.db.selectFrom('texting_provider').selectAll().execute()).toEqual([]);
  });

  it('sends the texts held for want of a provider once it is set, and keeps the token sealed', async () => {
    const held = await queueText('+17375559999', 'Held until a provider is set');
    expect((await outboxRow(held)).status).toBe('held');

    const saved = await save(admin, validInput());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      provider: 'twilio',
      account_sid: peer.accountSid,
      sender: '+15125550100',
      auth_token_set: true,
    });
    expect(saved.body).not.toContain(peer.authToken);
    expect((await provider(admin)).body).not.toContain(peer.authToken);
    const row = await t.database.db.selectFrom('texting_provider').selectAll().executeTakeFirstOrThrow();
    expect(row.auth_token).not.toContain(peer.authToken);
    expect(row.auth_token).toMatch(/^v1\./);

    const [message] = await peer.waitForMessages(1);
    expect(message!.form).toMatchObject({ To: '+17375559999', From: '+15125550100', Body: 'Held until a provider is set' });
    expect(message!.form.StatusCallback).toBe(`${PUBLIC_URL}/api/hooks/twilio/status?outbox=${held}`);
    const sent = await waitFor(
      () => outboxRow(held),
      (r) => r.status === 'sent',
      'the held text to be sent',
    );
    expect(sent.provider_id).toBe(message!.sid);

    // Saving again without a token keeps the saved one.
    const again = await save(admin, { ...validInput(), auth_token: '', sender: `MG${'a'.repeat(32)}` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().sender).toBe(`MG${'a'.repeat(32)}`);
    expect((await save(admin, validInput())).statusCode).toBe(200);
  });
});

describe('texts through Twilio', () => {
  it('follows the delivery states Twilio reports, in any order, and refuses unsigned reports', async () => {
    const id = await queueText('+17375550001', 'Your car is ready');
    const message = await sentThroughPeer(id);
    const report = (status: string, extra: Record<string, string> = {}, token?: string) =>
      twilioCall(
        message.form.StatusCallback!,
        {
          MessageSid: message.sid,
          SmsSid: message.sid,
          AccountSid: peer.accountSid,
          MessageStatus: status,
          To: message.form.To!,
          ...extra,
        },
        { token },
      );

    const forged = await report('failed', { ErrorCode: '30003' }, 'f'.repeat(32));
    expect(forged.statusCode).toBe(401);
    expect((await outboxRow(id)).status).toBe('sent');

    expect((await report('sent')).statusCode).toBe(204);
    expect((await outboxRow(id)).delivered_at).toBeNull();
    expect((await report('delivered')).statusCode).toBe(204);
    const delivered = await outboxRow(id);
    expect(delivered.delivered_at).not.toBeNull();
    // A late failure report does not undo a delivery.
    expect((await report('undelivered', { ErrorCode: '30003' })).statusCode).toBe(204);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', last_error: null });

    const list = await t.call({ method: 'GET', url: '/api/outbox?kind=sms', as: admin });
    expect(list.json().items.find((item: { id: string }) => item.id === id).delivered_at).not.toBeNull();
  });

  it('fails a text Twilio reports undelivered, with its reason', async () => {
    const id = await queueText('+17375550002', 'Call us back');
    const message = await sentThroughPeer(id);
    const answered = await twilioCall(message.form.StatusCallback!, {
      MessageSid: message.sid,
      AccountSid: peer.accountSid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    expect(answered.statusCode).toBe(204);
    expect(await outboxRow(id)).toMatchObject({
      status: 'failed',
      last_error: 'Not delivered — Twilio error 30003: the phone is off or unreachable',
    });
  });

  it('fails at once a text Twilio refuses, and tries again while Twilio is down', async () => {
    const unreadable = await queueText('12', 'Hello');
    const notANumber = await waitFor(
      () => outboxRow(unreadable),
      (r) => r.status === 'failed',
      'the unreadable number to fail',
    );
    expect(notANumber).toMatchObject({ attempts: 1, last_error: 'Not a phone number a text can be sent to' });
    const refused = await queueText(INVALID_NUMBER, 'Hello');
    const failed = await waitFor(
      () => outboxRow(refused),
      (r) => r.status === 'failed',
      'the refused text to fail',
    );
    expect(failed).toMatchObject({ attempts: 1, provider_id: null, last_error: 'Twilio error 21211: not a valid phone number' });

    peer.failNext(1, 503);
    const before = peer.messages.length;
    const retried = await queueText('+17375550003', 'Second try');
    const sent = await waitFor(
      () => outboxRow(retried),
      (r) => r.status === 'sent',
      'the text to be sent on its retry',
    );
    expect(sent.attempts).toBe(2);
    expect(peer.messages.length).toBe(before + 1);
  });

  it('sends an SMS offer to each consenting customer through Twilio without the offers webhook', async () => {
    const now = new Date();
    const soon = new Date(now.getTime() + 10 * 60_000);
    const cities = ['Honolulu, HI', 'Los Angeles, CA', 'Chicago, IL', 'New York, NY', 'Accra', 'Dubai', 'Tokyo', 'Auckland'];
    let day = '';
    for (const city of cities) {
      const zone = await timeZoneOf(city, defaultSettings.company.time_zone);
      if (!day && quietUntil(now, zone) === null && quietUntil(soon, zone) === null) day = city;
    }
    const number = nextNumber();
    const customer = await customerWithConsent('Olive Offer', number.typed, day);
    const offer = await t.call({
      method: 'POST',
      url: '/api/offers/custom',
      as: agent,
      payload: { make: 'BMW', model: 'X5', year: '2023', price: '$45,900', color: 'Black', features: 'Heated seats' },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const before = peer.messages.length;
    const sent = await t.call({
      method: 'POST',
      url: '/api/offers/notify',
      as: agent,
      payload: { offer: { custom_offer_id: offer.json().id }, channel: 'sms', customer_ids: [customer] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channel: 'sms', sent: 1, held_for_quiet_hours: 0 });
    const messages = await peer.waitForMessages(before + 1);
    expect(messages.at(-1)!.form.To).toBe(number.e164);
    expect(messages.at(-1)!.form.Body).toMatch(/2023 BMW X5 .* Reply STOP to opt out\.$/);
  });
});

describe('texts received through Twilio', () => {
  it('refuses a reply whose signature does not verify, or that names another account, storing nothing', async () => {
    const number = nextNumber();
    const forged = await inbound(number.e164, 'STOP', undefined, 'f'.repeat(32));
    expect(forged.statusCode).toBe(401);
    const elsewhere = await twilioCall(`${PUBLIC_URL}/api/hooks/twilio/messages`, {
      MessageSid: `SM${'b'.repeat(32)}`,
      AccountSid: `AC${'c'.repeat(32)}`,
      From: number.e164,
      Body: 'STOP',
    });
    expect(elsewhere.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/hooks/twilio/messages',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `MessageSid=SM${'d'.repeat(32)}&AccountSid=${peer.accountSid}&From=${encodeURIComponent(number.e164)}&Body=STOP`,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('sms_replies').select('id').where('from_phone', '=', number.e164).execute()).toEqual(
      [],
    );
  });

  it('honours STOP once: consent withdrawn with the customer’s words, a repeat changes nothing, Twilio confirms', async () => {
    const number = nextNumber();
    const customer = await customerWithConsent('Stella Stop', number.typed);
    const sid = `SM${'e'.repeat(32)}`;
    const first = await inbound(number.e164, 'STOP', sid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/xml/);
    expect(first.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    // Twilio posts again when it got no answer in time; another STOP is a new message.
    expect((await inbound(number.e164, 'STOP', sid)).statusCode).toBe(200);
    expect((await inbound(number.e164, 'stop')).statusCode).toBe(200);

    const ledger = await t.database.db
      .selectFrom('contact_consents')
      .select(['status', 'source', 'wording'])
      .where('customer_id', '=', customer)
      .where('channel', '=', 'sms')
      .orderBy('recorded_at')
      .execute();
    expect(ledger.map((e) => e.status)).toEqual(['opted_in', 'opted_out']);
    expect(ledger[1]).toMatchObject({ source: 'sms_reply', wording: 'STOP' });
    const replies = await t.database.db
      .selectFrom('sms_replies')
      .select('provider_id')
      .where('from_phone', '=', number.e164)
      .execute();
    expect(replies).toHaveLength(2);
    // Twilio answers opt-out keywords itself: Torque queues no confirmation of its own.
    const texts = await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'sms').execute();
    expect(texts.filter((row) => (row.payload as { to: string }).to === number.e164)).toEqual([]);
  });

  it('flags a reply that only mentions a keyword, and keeps any other reply', async () => {
    const number = nextNumber();
    await customerWithConsent('Una Unclear', number.typed);
    expect((await inbound(number.e164, 'please stop texting me after 6')).statusCode).toBe(200);
    expect((await inbound(number.e164, 'Is the X5 still there?')).statusCode).toBe(200);
    const outcomes = await t.database.db
      .selectFrom('sms_replies')
      .select('outcome')
      .where('from_phone', '=', number.e164)
      .orderBy('received_at')
      .execute();
    expect(outcomes.map((r) => r.outcome)).toEqual(['flagged', 'other']);
  });
});

describe('texts from a number no customer has', () => {
  const unmatched = async (as: TestUser) => {
    const listed = await t.call({ method: 'GET', url: '/api/unmatched-texts?limit=100', as });
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json().items as { id: string; phone: string; body: string }[];
  };
  const conversation = (as: TestUser, customerId: string) =>
    t.call({ method: 'GET', url: `/api/customers/${customerId}/conversation`, as });
  const waiting = async (customerId: string) => {
    const inbox = await t.call({ method: 'GET', url: '/api/inbox?scope=team&limit=100', as: admin });
    expect(inbox.statusCode, inbox.body).toBe(200);
    return (inbox.json().items as { customer_id: string }[]).some((item) => item.customer_id === customerId);
  };

  it('wait under Unmatched for admins and editors; a lead made from one goes to the rotation’s agent with the text in its conversation', async () => {
    const number = nextNumber();
    const body = 'Hi, is the blue Civic on your site still for sale?';
    expect((await inbound(number.e164, body)).statusCode).toBe(200);
    const [listed] = (await unmatched(admin)).filter((text) => text.phone === number.e164);
    expect(listed).toMatchObject({ phone: number.e164, body });
    expect((await unmatched(editor)).map((text) => text.id)).toContain(listed!.id);
    // Agents read the mail of their own customers and mailboxes; a text to the dealership's number is neither.
    expect((await unmatched(agent)).map((text) => text.id)).not.toContain(listed!.id);
    const lead = (as: TestUser) =>
      t.call({ method: 'POST', url: `/api/unmatched-texts/${listed!.id}/lead`, as, payload: { name: 'Nina Newcomb' } });
    expect((await lead(agent)).statusCode).toBe(404);

    const made = await lead(admin);
    expect(made.statusCode, made.body).toBe(200);
    const customerId = made.json().customer_id as string;
    const customer = await t.database.db
      .selectFrom('customers')
      .select(['name', 'phone', 'user_id'])
      .where('id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(customer.name).toBe('Nina Newcomb');
    // The intake writes the number as it shows phones; its digits are the sender's.
    expect(customer.phone!.replace(/\D/g, '')).toMatch(new RegExp(`${number.e164.slice(2)}$`));
    expect([agent.id, otherAgent.id]).toContain(customer.user_id);
    const [owner, stranger] = customer.user_id === agent.id ? [agent, otherAgent] : [otherAgent, agent];
    const row = await t.database.db
      .selectFrom('leads')
      .select(['assigned_user_id', 'assignment_reason', 'source_name', 'parsed'])
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ assigned_user_id: owner.id, assignment_reason: 'next in rotation', source_name: 'Text message' });
    expect((row.parsed as { customer: { comments: string } }).customer.comments).toBe(body);
    const told = await t.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', owner.id)
      .where('link', '=', `/customers/${customerId}`)
      .execute();
    expect(told).toEqual([{ title: 'New lead' }]);

    const thread = await conversation(owner, customerId);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json().items).toEqual([expect.objectContaining({ channel: 'text', direction: 'inbound', body })]);
    expect((await conversation(stranger, customerId)).statusCode).toBe(404);
    expect(await waiting(customerId)).toBe(true);
    expect((await unmatched(admin)).map((text) => text.id)).not.toContain(listed!.id);
    expect((await lead(admin)).statusCode).toBe(409);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'changes'])
      .where('entity_id', '=', customerId)
      .where('action', '=', 'text_assigned')
      .execute();
    expect(audited).toEqual([{ actor_id: admin.id, changes: { phone: number.e164, texts: 1, as: 'lead' } }]);
  });

  it('is attached to a customer the actor picks, the number saved on one who had none', async () => {
    const number = nextNumber();
    expect((await inbound(number.e164, 'This is Pia, my new number. Still on for Saturday?')).statusCode).toBe(200);
    const [listed] = (await unmatched(editor)).filter((text) => text.phone === number.e164);
    const created = await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name: 'Pia Phoneless' } });
    const customerId = created.json().id as string;
    const attach = (as: TestUser, customer_id: string, id = listed!.id) =>
      t.call({ method: 'POST', url: `/api/unmatched-texts/${id}/attach`, as, payload: { customer_id, save_phone: true } });
    expect((await attach(otherAgent, customerId)).statusCode).toBe(404);
    expect((await attach(agent, customerId)).statusCode).toBe(404);
    expect((await attach(editor, crypto.randomUUID())).statusCode).toBe(404);

    const attached = await attach(editor, customerId);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toEqual({ customer_id: customerId, customer_name: 'Pia Phoneless' });
    const thread = await conversation(agent, customerId);
    expect(thread.json().items.map((entry: { body: string }) => entry.body)).toEqual([
      'This is Pia, my new number. Still on for Saturday?',
    ]);
    const saved = await t.call({ method: 'GET', url: `/api/customers/${customerId}`, as: agent });
    expect(saved.json().phone).toBe(number.e164);
    expect((await unmatched(admin)).map((text) => text.id)).not.toContain(listed!.id);
    expect((await attach(admin, customerId)).statusCode).toBe(409);
  });

  it('honour STOP from a number no customer has: no text goes to it once it is a customer’s, until they opt in again', async () => {
    const number = nextNumber();
    expect((await inbound(number.e164, 'Stop')).statusCode).toBe(200);
    expect((await unmatched(admin)).map((text) => text.phone)).not.toContain(number.e164);
    const created = await t.call({
      method: 'POST',
      url: '/api/customers',
      as: agent,
      payload: { name: 'Omar Optedout', phone: number.typed },
    });
    const customerId = created.json().id as string;
    const state = await t.call({ method: 'GET', url: `/api/customers/${customerId}/conversation/state`, as: agent });
    expect(state.json().sms_consent).toBe('opted_out');
    const text = () =>
      t.call({ method: 'POST', url: `/api/customers/${customerId}/texts`, as: agent, payload: { body: 'Hi Omar!' } });
    const refused = await text();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('OPTED_OUT');
    const optIn = await t.call({
      method: 'POST',
      url: `/api/customers/${customerId}/consent`,
      as: agent,
      payload: { channel: 'sms', status: 'opted_in', source: 'paper_form', wording: 'Text me again.' },
    });
    expect(optIn.statusCode, optIn.body).toBe(201);
    expect((await text()).statusCode).toBe(201);
  });

  it('do not put a customer in Waiting when the text is an opt-out keyword', async () => {
    const number = nextNumber();
    const customerId = await customerWithConsent('Wes Waitless', number.typed);
    expect((await inbound(number.e164, 'UNSUBSCRIBE')).statusCode).toBe(200);
    expect(await waiting(customerId)).toBe(false);
    expect((await inbound(number.e164, 'Actually, what is the price of the truck?')).statusCode).toBe(200);
    expect(await waiting(customerId)).toBe(true);
  });
});

describe('the Twilio credentials', () => {
  it('never reach a response, the log or the full export', async () => {
    const exported = await t.call({ method: 'GET', url: '/api/export', as: admin });
    expect(exported.statusCode).toBe(200);
    const entries = await readZip(exported.rawPayload);
    const provider = entries.filter((entry) => entry.name.includes('texting_provider'));
    expect(provider.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.data.toString('utf8'), entry.name).not.toContain(peer.authToken);
    expect(provider.map((entry) => entry.data.toString('utf8')).join('\n')).toContain(peer.accountSid);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(peer.authToken);
  });

  it('stop being used once removed: texts wait again', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/texting/provider', as: admin })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: '/api/texting/provider', as: admin })).statusCode).toBe(404);
    const id = await queueText('+17375550009', 'No provider now');
    expect((await outboxRow(id)).status).toBe('held');
    expect((await inbound('+17375550009', 'hello')).statusCode).toBe(401);
  });
});
