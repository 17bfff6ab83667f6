import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOptedOutMessage } from '../../src/shared/emails/schemas.js';
import type { EmailItem } from '../../src/shared/emails/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';
import { postSignedHook } from '../helpers/signed-hook.js';
import { deliveryLabel, deliveryProblem, deliveryStateOf } from '../../src/shared/outbox/delivery.js';

/** Messages word for word from the spec, written out here rather than read from the code under test. */
const EMAIL_FIELDS_REQUIRED = 'Please fill in all email fields';

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
const recipient = async (as: TestUser, address: string) =>
  (await t.call({ method: 'GET', url: `/api/emails/recipient?address=${encodeURIComponent(address)}`, as })).json();
const outboxTo = async (address: string) =>
  (await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'email').execute()).filter(
    (row) => (row.payload as { to: string }).to.toLowerCase() === address.toLowerCase(),
  );

async function customerWithEmailConsent(as: TestUser, name: string, email: string, statuses: ('opted_in' | 'opted_out')[]) {
  const id = (await t.call({ method: 'POST', url: '/api/customers', as, payload: { name, email } })).json().id as string;
  for (const status of statuses) {
    await t.call({
      method: 'POST',
      url: `/api/customers/${id}/consent`,
      as,
      payload: { channel: 'email', status, source: 'phone', wording: status === 'opted_in' ? 'E-mail me offers.' : null },
    });
  }
  return id;
}

function inbound(payload: Record<string, unknown>, key = inboundSecret, at = Math.floor(Date.now() / 1000)) {
  return postSignedHook(t.app, '/api/hooks/inbound-email', key, payload, at);
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

describe('delivery state', () => {
  const deliveryOf = async (as: TestUser, subject: string) => {
    const item = (await box(as, 'sent')).find((e) => e.subject === subject);
    return item?.delivery ? deliveryStateOf(item.delivery) : null;
  };

  it('says queued, then sent, to the sender in Sent; retrying and failed with the last error when the server refuses', async () => {
    const queued = await compose(agent, { to: 'grace.hall@example.com', subject: 'State one', message: 'Hello.' });
    // Queued until the queue's worker has sent it (which can happen at once).
    expect(['queued', 'sent']).toContain(deliveryStateOf(queued.json().delivery));
    await expect.poll(() => deliveryOf(agent, 'State one'), { timeout: 15_000 }).toBe('sent');

    smtp.failNext(1, 550);
    await compose(agent, { to: 'grace.hall@example.com', subject: 'State two', message: 'Hello.' });
    await expect.poll(() => deliveryOf(agent, 'State two'), { timeout: 15_000 }).toBe('failed');
    const failed = (await box(agent, 'sent')).find((e) => e.subject === 'State two')!;
    expect(deliveryProblem(failed.delivery!)).toMatch(/550/);

    smtp.failNext(1, 451);
    await compose(agent, { to: 'grace.hall@example.com', subject: 'State three', message: 'Hello.' });
    await expect.poll(() => deliveryOf(agent, 'State three'), { timeout: 15_000 }).toBe('retrying');
    const retrying = (await box(agent, 'sent')).find((e) => e.subject === 'State three')!;
    expect(deliveryProblem(retrying.delivery!)).toMatch(/451/);
  });

  it('says held, to its sender and everywhere it is listed, when no mail server is set up', async () => {
    const offline = await createTestContext({});
    try {
      const writer = await offline.createUser('agent', 'Hal Held');
      const sent = await offline.call({
        method: 'POST',
        url: '/api/emails',
        as: writer,
        payload: { to: 'someone@example.com', subject: 'Held one', message: 'Hello.' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(deliveryStateOf(sent.json().delivery)).toBe('held');
      const listed = (await offline.call({ method: 'GET', url: '/api/emails?box=sent', as: writer })).json().items;
      expect(listed.map((e: EmailItem) => [e.subject, deliveryStateOf(e.delivery!)])).toEqual([['Held one', 'held']]);
      expect(deliveryLabel('held')).toBe('Held — no mail server');

      const boss = await offline.createUser('admin', 'Bea Boss');
      const status = await offline.call({ method: 'GET', url: '/api/outbox/mail', as: boss });
      expect(status.json()).toEqual({ mail_server: false, held_mail: 1 });
      expect((await offline.call({ method: 'GET', url: '/api/outbox/mail', as: writer })).statusCode).toBe(403);
      const invitation = await offline.call({
        method: 'POST',
        url: '/api/team/invitations',
        as: boss,
        payload: { email: 'new.hire@example.com', role: 'agent', send: true },
      });
      expect(invitation.json()).toMatchObject({ sent: true, held: true, link: expect.stringMatching(/\/invite\//) });
    } finally {
      await offline.close();
    }
    const online = await t.call({ method: 'GET', url: '/api/outbox/mail', as: admin });
    expect(online.json().mail_server).toBe(true);
    const invitation = await t.call({
      method: 'POST',
      url: '/api/team/invitations',
      as: admin,
      payload: { email: 'mailed.hire@example.com', role: 'agent', send: true },
    });
    expect(invitation.json()).toMatchObject({ sent: true, held: false });
  });
});

describe('compose and e-mail opt-outs', () => {
  it('refuses mail to an address whose customer opted out of e-mail, saying why, and sends nothing', async () => {
    await customerWithEmailConsent(agent, 'Olive Out', 'olive.out@example.com', ['opted_in', 'opted_out']);
    const refused = await compose(agent, { to: 'Olive.Out@example.com', subject: 'New arrivals', message: 'Come and see.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'OPTED_OUT',
      message: emailOptedOutMessage('Olive.Out@example.com'),
      fields: { to: emailOptedOutMessage('Olive.Out@example.com') },
    });
    expect(refused.json().error.message).toBe(
      'Olive.Out@example.com has opted out of e-mail. Only a transactional message (not marketing) can be sent to this address.',
    );
    expect(await outboxTo('olive.out@example.com')).toEqual([]);
    expect((await box(agent, 'sent')).some((e) => e.subject === 'New arrivals')).toBe(false);
  });

  it('sends a message marked transactional to an opted-out address, and keeps the mark on the timeline', async () => {
    const id = await customerWithEmailConsent(agent, 'Tess Trans', 'tess.trans@example.com', ['opted_out']);
    const sent = await compose(agent, {
      to: 'tess.trans@example.com',
      subject: 'Your title is ready',
      message: 'Pick it up on Friday.',
      transactional: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().customer).toEqual({ id, name: 'Tess Trans' });
    expect(await outboxTo('tess.trans@example.com')).toHaveLength(1);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${id}/timeline`, as: agent })).json();
    expect(timeline[0]).toMatchObject({
      action: 'email_sent',
      changes: { subject: 'Your title is ready', transactional: true },
    });
  });

  it("reads only the latest entry: a customer who opted back in is mailed, and compose's lookup says so", async () => {
    const id = await customerWithEmailConsent(agent, 'Bea Back', 'bea.back@example.com', ['opted_out', 'opted_in']);
    expect(await recipient(agent, 'BEA.BACK@example.com')).toEqual({
      customer: { id, name: 'Bea Back' },
      email_consent: 'opted_in',
    });
    const sent = await compose(agent, { to: 'bea.back@example.com', subject: 'Hello again', message: 'Welcome back.' });
    expect(sent.statusCode).toBe(201);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${id}/timeline`, as: agent })).json();
    expect(timeline[0]).toMatchObject({ action: 'email_sent', changes: { transactional: false } });
  });

  it("tells compose each address's consent: none recorded, opted out, or not a customer, which is mailed", async () => {
    const noConsent = await customerWithEmailConsent(agent, 'Nia None', 'nia.none@example.com', []);
    const out = await customerWithEmailConsent(agent, 'Otis Opted', 'otis.opted@example.com', ['opted_out']);
    expect(await recipient(agent, 'nia.none@example.com')).toEqual({
      customer: { id: noConsent, name: 'Nia None' },
      email_consent: 'none',
    });
    expect(await recipient(agent, 'otis.opted@example.com')).toEqual({
      customer: { id: out, name: 'Otis Opted' },
      email_consent: 'opted_out',
    });
    const bad = await t.call({ method: 'GET', url: '/api/emails/recipient?address=not-an-address', as: agent });
    expect(bad.statusCode).toBe(400);
    // An address that is no customer has no ledger to say no: it is mailed.
    expect(await recipient(agent, 'lender@bank.example')).toEqual({ customer: null, email_consent: 'not_customer' });
    const sent = await compose(agent, { to: 'lender@bank.example', subject: 'Payoff letter', message: 'Please send it.' });
    expect(sent.statusCode).toBe(201);
    expect(await outboxTo('lender@bank.example')).toHaveLength(1);
  });

  it("honours an opt-out given on another agent's customer with the same address, without naming that customer", async () => {
    const theirs = await customerWithEmailConsent(otherAgent, 'Sol Shared', 'sol.shared@example.com', ['opted_out']);
    expect(await recipient(agent, 'sol.shared@example.com')).toEqual({ customer: null, email_consent: 'opted_out' });
    const refused = await compose(agent, { to: 'sol.shared@example.com', subject: 'Offer', message: 'A deal for you.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).not.toContain('Sol Shared');
    const transactional = { to: 'sol.shared@example.com', subject: 'Your documents', message: 'Attached.', transactional: true };
    expect((await compose(agent, transactional)).statusCode).toBe(201);
    // The exception is on the record of the customer who opted out, though the sender cannot open it.
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${theirs}/timeline`, as: otherAgent })).json();
    expect(timeline[0]).toMatchObject({
      action: 'email_sent',
      actor_name: 'Ava Agent',
      changes: { subject: 'Your documents', transactional: true },
    });
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
