import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_FIELDS_REQUIRED } from '../../src/shared/emails/schemas.js';
import type { EmailItem } from '../../src/shared/emails/types.js';
import { hookSignature } from '../../src/server/http/signed-hook.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';

let t: TestContext;
let smtp: SmtpPeer;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;
let customerId: string;
let dealId: string;
let inboundSecret: string;

const compose = (as: TestUser, payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/emails', as, payload });
const box = async (as: TestUser, which: 'inbox' | 'sent'): Promise<EmailItem[]> =>
  (await t.call({ method: 'GET', url: `/api/emails?box=${which}&limit=100`, as })).json().items;
function inbound(payload: Record<string, unknown>, key = inboundSecret, at = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify(payload);
  const timestamp = String(at);
  return t.app.inject({
    method: 'POST',
    url: '/api/hooks/inbound-email',
    headers: {
      'content-type': 'application/json',
      'x-torque-timestamp': timestamp,
      'x-torque-signature': hookSignature(key, timestamp, body),
    },
    payload: body,
  });
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestContext({ SMTP_URL: smtp.url }, { jobs: { pollingIntervalSeconds: 0.5 } });
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
  admin = await t.createUser('admin', 'Ada Admin');
  customerId = (
    await t.call({
      method: 'POST',
      url: '/api/customers',
      as: agent,
      payload: { name: 'Grace Hall', email: 'Grace.Hall@example.com' },
    })
  ).json().id;
  const deal = await t.call({
    method: 'POST',
    url: '/api/deals',
    as: agent,
    payload: {
      date: '2026-05-04',
      manufacturer: 'Honda',
      model: 'Civic',
      year: 2024,
      customer_name: 'Grace Hall',
      customer_id: customerId,
      agent_name: 'x',
      contract_price_cents: 2_500_000,
      broker_fee_cents: 50_000,
    },
  });
  dealId = deal.json().id;
  inboundSecret = (await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin }))
    .json()
    .items.find((h: { name: string }) => h.name === 'inbound_email').secret;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('compose', () => {
  it("answers a missing field with 'Please fill in all email fields', a bad address clearly, and sends nothing", async () => {
    for (const payload of [{}, { to: 'grace.hall@example.com', subject: 'Hi' }, { to: ' ', subject: ' ', message: ' ' }]) {
      const response = await compose(agent, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.values(response.json().error.fields)).toContain(EMAIL_FIELDS_REQUIRED);
    }
    const bad = await compose(agent, { to: 'grace at example', subject: 'Hi', message: 'Hello' });
    expect(bad.json().error.fields.to).toBe('Please enter a valid email address');
    expect(await box(agent, 'sent')).toEqual([]);
    expect(await t.database.db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });

  it("sends through the outbox to a real SMTP server, keeps it in Sent and writes it on the customer's timeline", async () => {
    const sent = await compose(agent, { to: 'grace.hall@EXAMPLE.com', subject: 'Your Civic', message: 'The papers are ready.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      direction: 'outbound',
      customer: { id: customerId, name: 'Grace Hall' },
      deal: { id: dealId, label: 'Honda Civic' },
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: [expect.stringMatching(/^grace\.hall@example\.com$/i)], subject: 'Your Civic' });
    expect(mail!.text).toContain('The papers are ready.');
    expect(mail!.text).toContain('Torque Auto Brokerage');
    expect((await box(agent, 'sent')).map((e) => e.subject)).toEqual(['Your Civic']);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: agent })).json();
    expect(timeline[0]).toMatchObject({ action: 'email_sent', actor_name: 'Ava Agent' });
    // Another agent's sent mail is not theirs to read.
    expect(await box(otherAgent, 'sent')).toEqual([]);
  });
});

describe('the inbox', () => {
  it('keeps signed inbound mail, linked to the customer by address, unread, for those who may see that customer', async () => {
    const messageId = `<${crypto.randomUUID()}@mail.example>`;
    const posted = await inbound({
      from: 'GRACE.HALL@example.com',
      to: 'sales@torque.example',
      subject: 'Re: Your Civic',
      text: 'Thanks!',
      message_id: messageId,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ customer_linked: true, repeated: false });
    expect(
      (await inbound({ from: 'grace.hall@example.com', to: 'x', subject: 'again', message_id: messageId })).json().repeated,
    ).toBe(true);

    const [mail] = await box(agent, 'inbox');
    expect(mail).toMatchObject({ subject: 'Re: Your Civic', is_read: false, customer: { id: customerId }, deal: { id: dealId } });
    expect(await box(otherAgent, 'inbox')).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/api/emails/${mail!.id}`, as: otherAgent })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/emails/${mail!.id}`, as: agent })).json().body).toBe('Thanks!');
    expect((await t.call({ method: 'POST', url: `/api/emails/${mail!.id}/read`, as: agent, payload: {} })).statusCode).toBe(204);
    expect((await box(agent, 'inbox'))[0]!.is_read).toBe(true);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: agent })).json();
    expect(timeline[0]).toMatchObject({ action: 'email_received', actor_name: 'The customer' });
  });

  it('stores a signed call sent again without a Message-ID once, and answers it as a repeated post', async () => {
    const mail = { from: 'grace.hall@example.com', to: 'sales@torque.example', subject: 'Replayed?', text: 'Once.' };
    const at = Math.floor(Date.now() / 1000);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await inbound(mail, inboundSecret, at)).json());
    expect(answers[0]).toMatchObject({ customer_linked: true, repeated: false });
    expect(answers.slice(1)).toEqual([
      { ...answers[0], repeated: true },
      { ...answers[0], repeated: true },
    ]);
    expect(await t.database.db.selectFrom('emails').select('id').where('subject', '=', 'Replayed?').execute()).toHaveLength(1);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customerId}/timeline`, as: agent })).json();
    expect(timeline.filter((entry: { changes: { subject?: string } }) => entry.changes.subject === 'Replayed?')).toHaveLength(1);
  });

  it('keeps mail from an unknown sender for admins, and refuses an unsigned or forged post', async () => {
    await inbound({
      from: 'stranger@example.net',
      to: 'sales@torque.example',
      subject: 'Do you have a Tacoma?',
      text: 'Looking for one.',
    });
    expect((await box(admin, 'inbox')).find((e) => e.from_address === 'stranger@example.net')).toMatchObject({
      customer: null,
      deal: null,
    });
    expect((await box(agent, 'inbox')).some((e) => e.from_address === 'stranger@example.net')).toBe(false);
    expect((await inbound({ from: 'a@example.com', to: 'b', subject: 'forged' }, 'wrong-secret')).statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/hooks/inbound-email',
      payload: { from: 'a@example.com', to: 'b' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('emails').select('id').where('subject', '=', 'forged').execute()).toEqual([]);
  });
});
