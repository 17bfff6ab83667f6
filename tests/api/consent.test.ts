import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_WORDING_REQUIRED } from '../../src/shared/consent/schemas.js';
import type { ConsentState } from '../../src/shared/consent/types.js';
import { marketingMail, unsubscribeToken } from '../../src/server/modules/consent/unsubscribe.js';
import { createTestContext, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';

let t: TestContext;
let smtp: SmtpPeer;
let agent: TestUser;
let otherAgent: TestUser;
let admin: TestUser;

const newCustomer = async (as: TestUser, email = 'grace@example.com') =>
  (await t.call({ method: 'POST', url: '/api/customers', as, payload: { name: 'Grace Hall', email } })).json().id as string;
const consent = (as: TestUser, id: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: `/api/customers/${id}/consent`, as, payload });
const stateOf = async (as: TestUser, id: string): Promise<ConsentState> =>
  (await t.call({ method: 'GET', url: `/api/customers/${id}/consent`, as })).json();
/** The one-click unsubscribe a mail program posts (RFC 8058): a form body, no Torque header, from nowhere in Torque. */
const oneClick = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
    payload: 'List-Unsubscribe=One-Click',
  });

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestContext({ SMTP_URL: smtp.url }, { jobs: { pollingIntervalSeconds: 0.5 } });
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
  admin = await t.createUser('admin', 'Ada Admin');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the consent ledger', () => {
  it('starts with no consent, records each change with who, how and the words, newest first, and audits it', async () => {
    const id = await newCustomer(agent);
    expect(await stateOf(agent, id)).toEqual({ current: { email: null, sms: null }, history: [] });

    const given = await consent(agent, id, {
      channel: 'email',
      status: 'opted_in',
      source: 'in_person',
      wording: 'Yes, e-mail me offers from Torque Auto Brokerage.',
    });
    expect(given.statusCode, given.body).toBe(201);
    await consent(admin, id, { channel: 'sms', status: 'opted_out', source: 'phone' });
    const state = await stateOf(agent, id);
    expect(state.current.email).toMatchObject({ status: 'opted_in', source: 'in_person', recorded_by_name: 'Ava Agent' });
    expect(state.current.sms).toMatchObject({
      status: 'opted_out',
      source: 'phone',
      recorded_by_name: 'Ada Admin',
      wording: null,
    });
    expect(state.history.map((e) => e.channel)).toEqual(['sms', 'email']);

    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${id}/timeline`, as: agent })).json();
    expect(timeline.filter((e: { action: string }) => e.action === 'consent')).toHaveLength(2);
  });

  it('is refused any change, removal or emptying by the database itself', async () => {
    const id = await newCustomer(agent, 'kept@example.com');
    await consent(agent, id, { channel: 'email', status: 'opted_out', source: 'phone' });
    const db = t.database.db;
    const attempts = [
      sql`UPDATE contact_consents SET status = 'opted_in' WHERE customer_id = ${id}`,
      sql`UPDATE contact_consents SET customer_id = NULL WHERE customer_id = ${id}`,
      sql`UPDATE contact_consents SET recorded_at = now() - interval '1 year' WHERE customer_id = ${id}`,
      sql`DELETE FROM contact_consents WHERE customer_id = ${id}`,
      sql`TRUNCATE contact_consents`,
    ];
    for (const attempt of attempts) await expect(attempt.execute(db)).rejects.toThrow(/legal record/);
    expect((await stateOf(agent, id)).history).toMatchObject([{ channel: 'email', status: 'opted_out', source: 'phone' }]);
  });

  it('keeps a deleted customer’s consent history, detached, with the address each entry applies to', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/customers',
      as: agent,
      payload: { name: 'Gone Customer', email: 'gone@example.com', phone: '(555) 201-3344' },
    });
    const id = response.json().id as string;
    await consent(agent, id, { channel: 'email', status: 'opted_in', source: 'web_form', wording: 'Send me offers.' });
    await consent(agent, id, { channel: 'sms', status: 'opted_out', source: 'phone' });
    const before = await t.database.db.selectFrom('contact_consents').selectAll().where('customer_id', '=', id).execute();

    expect((await t.call({ method: 'DELETE', url: `/api/customers/${id}`, as: admin })).statusCode).toBe(204);
    const after = await t.database.db
      .selectFrom('contact_consents')
      .selectAll()
      .where(
        'id',
        'in',
        before.map((row) => row.id),
      )
      .orderBy('recorded_at')
      .execute();
    expect(after).toHaveLength(2);
    expect(after.map((row) => [row.channel, row.address, row.customer_id])).toEqual([
      ['email', 'gone@example.com', null],
      ['sms', '(555) 201-3344', null],
    ]);
    for (const row of after) {
      const was = before.find((b) => b.id === row.id)!;
      expect({ ...row, customer_id: was.customer_id }).toEqual(was);
    }
  });

  it("needs the words of an opt-in, refuses what staff cannot record, and lets no one else's agent near it", async () => {
    const id = await newCustomer(agent);
    const noWords = await consent(agent, id, { channel: 'email', status: 'opted_in', source: 'phone', wording: '  ' });
    expect(noWords.statusCode).toBe(400);
    expect(noWords.json().error.fields.wording).toBe(CONSENT_WORDING_REQUIRED);
    for (const payload of [
      { channel: 'fax', status: 'opted_in', source: 'phone', wording: 'ok' },
      { channel: 'email', status: 'maybe', source: 'phone' },
      { channel: 'email', status: 'opted_out', source: 'unsubscribe_link' },
      { channel: 'email', status: 'opted_out', source: 'sms_reply' },
    ]) {
      expect((await consent(agent, id, payload)).statusCode).toBe(400);
    }
    expect((await consent(otherAgent, id, { channel: 'email', status: 'opted_out', source: 'phone' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/customers/${id}/consent`, as: otherAgent })).statusCode).toBe(404);
    expect((await stateOf(agent, id)).history).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it('honours a one-click unsubscribe at once, once, and names the customer in the timeline', async () => {
    const id = await newCustomer(agent);
    await consent(agent, id, { channel: 'email', status: 'opted_in', source: 'web_form', wording: 'Send me offers.' });
    const token = unsubscribeToken(TEST_SECRET, id);
    const before = await t.call({ method: 'GET', url: `/api/unsubscribe/${token}` });
    expect(before.json()).toEqual({ company: 'Torque Auto Brokerage', channel: 'email', unsubscribed: false });

    const clicked = await oneClick(token);
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.json().unsubscribed).toBe(true);
    const state = await stateOf(agent, id);
    expect(state.current.email).toMatchObject({ status: 'opted_out', source: 'unsubscribe_link', recorded_by_name: null });
    expect((await oneClick(token)).statusCode).toBe(200);
    expect((await stateOf(agent, id)).history).toHaveLength(2);

    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${id}/timeline`, as: agent })).json();
    expect(timeline[0]).toMatchObject({ action: 'consent', actor_name: 'The customer' });
  });

  it('refuses a forged or altered link', async () => {
    const id = await newCustomer(agent);
    const token = unsubscribeToken(TEST_SECRET, id);
    for (const bad of [
      unsubscribeToken('another-secret-another-secret-another', id),
      // The last character changed (to one it is not already).
      `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`,
      token.replace('email.', 'sms.'),
      'nonsense',
    ]) {
      expect((await t.call({ method: 'GET', url: `/api/unsubscribe/${bad}` })).statusCode).toBe(404);
      expect((await oneClick(bad)).statusCode).toBe(404);
    }
    expect((await stateOf(agent, id)).history).toEqual([]);
  });

  it('sends a marketing mail with the postal address, the link and the one-click header', async () => {
    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    settings.company.address = '1 Motor Way, Springfield, IL 62701';
    expect((await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: settings })).statusCode).toBe(200);
    const id = await newCustomer(agent, 'offers@example.com');
    const origin = 'https://crm.example';
    await t.database.db.transaction().execute(async (tx) => {
      const mail = await marketingMail(tx, { secret: TEST_SECRET, origin }, id, {
        to: 'offers@example.com',
        subject: 'This week: 2024 BMW X5',
        text: 'A 2024 BMW X5 for $58,000.',
      });
      await t.app.mailer.queue(tx, mail, agent.id);
    });
    const [mail] = await smtp.waitFor(1);
    const token = unsubscribeToken(TEST_SECRET, id);
    expect(mail!.headers['list-unsubscribe']).toBe(`<${origin}/api/unsubscribe/${token}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain('1 Motor Way, Springfield, IL 62701');
    expect(mail!.text).toContain(`${origin}/unsubscribe/${token}`);
  });
});
