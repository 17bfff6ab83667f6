import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/server/modules/consent/unsubscribe.js';
import { seedDemo } from '../../src/server/scripts/demo-seed.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { createTestContext, cookieHeader, PASSWORD, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { agreementUpload, multipartBody, pdfFile, photoFile } from '../helpers/document-files.js';
import { secretOf, totp } from '../helpers/totp.js';
import { startTwilioPeer, type TwilioPeer } from '../helpers/twilio-peer.js';

/**
 * Every API route × every kind of caller, with the status each must get. The table is checked against the app's own
 * route list: a new route without a row here fails this test.
 */

const callers = ['anonymous', 'agent', 'otherAgent', 'editor', 'admin', 'switched'] as const;
type Caller = (typeof callers)[number];
type Expected = Record<Caller, number>;

/** What the owner of a record, and those who may see every record, get; another agent gets 404. */
const owners = (ok: number): Expected => ({ anonymous: 401, agent: ok, otherAgent: 404, editor: ok, admin: ok, switched: ok });
/** Any signed-in user. */
const signedIn = (ok: number): Expected => ({ anonymous: 401, agent: ok, otherAgent: ok, editor: ok, admin: ok, switched: ok });
const everyone = (ok: number): Expected => ({ anonymous: ok, agent: ok, otherAgent: ok, editor: ok, admin: ok, switched: ok });
/** The members of the agent's chat with the editor (the switched admin acts as the agent); the admin is not one. */
const members = (ok: number): Expected => ({ anonymous: 401, agent: ok, otherAgent: 404, editor: ok, admin: 404, switched: ok });
const adminOnly = (ok: number, others: number): Expected => ({
  anonymous: 401,
  agent: others,
  otherAgent: others,
  editor: others,
  admin: ok,
  switched: others,
});

/** Admins and editors (the switched admin acts as an agent). */
const editorsUp = (ok: number): Expected => ({
  anonymous: 401,
  agent: 403,
  otherAgent: 403,
  editor: ok,
  admin: ok,
  switched: 403,
});

let unmatchedTexts = 0;
/** A text from a number no customer has, as either SMS hook keeps it; its id. */
const unmatchedText = async () =>
  (
    await t.database.db
      .insertInto('sms_replies')
      .values({
        from_phone: `+1512555${String(++unmatchedTexts).padStart(4, '0')}`,
        body: 'Is it still for sale?',
        outcome: 'other',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

type Request = Omit<InjectOptions, 'method' | 'url'> & { url: string };
type Row = {
  request: () => Promise<Request> | Request;
  expected: Expected;
  /** Ends the caller's session: give it a fresh one. */ endsSession?: boolean;
};

let t: TestContext;
let formSenders = 0;
let agent: TestUser;
let otherAgent: TestUser;
let editor: TestUser;
let admin: TestUser;
let adminEmail: string;
/** A user with two-factor sign-in on, and their recovery codes: each call of the code step signs them in with one. */
let twoFactorUser: { email: string; codes: string[] };
const thisYear = new Date().getUTCFullYear();

/** The multipart body of a minor co-signer agreement: the form with both signatures, then a PDF. */

let invited = 0;
const tokenOf = (link: string) => link.split('/invite/')[1];
let plans = 0;
let templates = 0;
const planBody = () => ({ name: `Plan ${++plans}`, steps: [{ day: 2, type: 'call', title: 'Call back' }] });
/** Records of the agent, made anew for each call that changes or removes one. */
const make = {
  customer: async () =>
    (await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name: 'Owned Customer' } })).json() as {
      id: string;
      updated_at: string;
    },
  vehicle: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/vehicles',
        as: agent,
        payload: { make: 'Audi', model: 'A4', year: thisYear, price_cents: 3_000_000 },
      })
    ).json() as {
      id: string;
      updated_at: string;
    },
  deal: async (vehicle_id: string | null = null) =>
    (
      await t.call({
        method: 'POST',
        url: '/api/deals',
        as: agent,
        payload: {
          date: `${thisYear}-02-02`,
          manufacturer: 'Audi',
          model: 'A4',
          year: thisYear,
          customer_name: 'Owned Deal',
          agent_name: 'x',
          contract_price_cents: 3_000_000,
          broker_fee_cents: 100_000,
          vehicle_id,
        },
      })
    ).json() as { id: string; updated_at: string },
  plan: async () =>
    (await t.call({ method: 'POST', url: '/api/action-plans', as: admin, payload: planBody() })).json() as {
      id: string;
      updated_at: string;
    },
  /**
   * A deal of the agent's, desked as cash, with a quote sent to its customer: the quote's id and link token. With a
   * photo of the deal's vehicle, the quote shows it.
   */
  quote: async ({ withPhoto = false } = {}) => {
    const deal = (await make.deal(withPhoto ? (await make.photo()).vehicle : null)).id;
    const worksheet = { selling_price_cents: 2_500_000, structure: { kind: 'cash' } };
    await t.call({
      method: 'PUT',
      url: `/api/deals/${deal}/worksheet`,
      as: agent,
      payload: { state: 'TX', worksheet, updated_at: null },
    });
    const to = `quote-${crypto.randomUUID()}@example.com`;
    const sent = await t.call({ method: 'POST', url: `/api/deals/${deal}/quotes`, as: agent, payload: { to } });
    const mail = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where(sql<boolean>`payload->>'to' = ${to}`)
      .executeTakeFirstOrThrow();
    const token = (mail.payload as { text: string }).text.match(/\/quote\/([A-Za-z0-9_-]{43})/)![1]!;
    return { deal, id: sent.json().id as string, token };
  },
  /** A photo of a vehicle of the agent's. */
  photo: async () => {
    const vehicle = (await make.vehicle()).id;
    const { payload, headers } = multipartBody('front.jpg', await photoFile(), 'image/jpeg');
    const created = await t.call({ method: 'POST', url: `/api/vehicles/${vehicle}/photos`, as: agent, payload, headers });
    return { vehicle, id: created.json().id as string };
  },
  /** A used vehicle of the agent's with its Buyers Guide completed (by an admin), and the vehicle's public page. */
  guidedVehicle: async () => {
    const vehicle = await make.vehicle();
    const saved = await t.call({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}/buyers-guide`,
      as: admin,
      payload: { guide: { version: 'as_is' }, updated_at: vehicle.updated_at },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await t.call({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, as: agent })).json();
    return { id: vehicle.id, publicPath: `/cars/${read.public_key as string}` };
  },
  /** A listing feed, made by an admin. */
  listingFeed: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/settings/listing-feeds',
        as: admin,
        payload: { name: `Feed ${crypto.randomUUID()}` },
      })
    ).json().id as string,
  /** An offer from a selling dealer on a deal of the agent's. */
  dealerOffer: async () => {
    const deal = (await make.deal()).id;
    const created = await t.call({ method: 'POST', url: `/api/deals/${deal}/dealer-offers`, as: agent, payload: dealerOffer });
    const offer = (await t.call({ method: 'GET', url: `/api/deals/${deal}/dealer-offers`, as: agent })).json().items[0];
    return { deal, id: created.json().id as string, updated_at: offer.updated_at as string };
  },
  invitation: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/team/invitations',
        as: admin,
        payload: { email: `invitee.${++invited}@example.com`, role: 'agent', send: false },
      })
    ).json() as { id: string; link: string },
  /** A group chat of the agent with the editor and the other agent. */
  chat: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/chat/chats',
        as: agent,
        payload: { type: 'group', name: 'Deal desk', user_ids: [editor.id, otherAgent.id] },
      })
    ).json().id as string,
  /** An e-mail the agent wrote. */
  email: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/emails',
        as: agent,
        payload: { to: 'buyer@example.com', subject: 'Offer', message: 'Hello' },
      })
    ).json().id as string,
  /** A reply template, made by an admin. */
  replyTemplate: async () =>
    (
      await t.database.db
        .insertInto('reply_templates')
        .values({ name: `Template ${++templates}`, body: 'Hi {first_name}' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  /** A notification of the agent's. */
  notification: async () =>
    (
      await t.database.db
        .insertInto('notifications')
        .values({ user_id: agent.id, title: 'Hello', content: 'A note' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  /** A mail in the outbox (held: the test app has no SMTP). */
  mail: () =>
    t.database.db
      .transaction()
      .execute((tx) => t.app.mailer.queue(tx, { to: 'buyer@example.com', subject: 'Offer', text: 'Hello' }, agent.id)),
  /** An endpoint for `event`, at a closed loopback port (allowed explicitly), so its calls fail quietly. */
  leadSource: async () => {
    const row = await t.database.db
      .insertInto('lead_sources')
      .values({ name: `Source ${crypto.randomUUID()}`, key_hash: crypto.randomUUID() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  /** A lead given to the agent, of the agent's own customer; or one that could not be read. */
  lead: async (status: 'parsed' | 'flagged' = 'parsed') => {
    const customer = status === 'parsed' ? await make.customer() : null;
    const row = await t.database.db
      .insertInto('leads')
      .values({
        source_name: 'Phone',
        channel: 'manual',
        status,
        raw: '{}',
        customer_id: customer?.id ?? null,
        assigned_user_id: customer ? agent.id : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  /** A task of the agent's, on the agent's own customer; done already when asked. */
  task: async (done = false) => {
    const customer = await make.customer();
    const task = (
      await t.call({
        method: 'POST',
        url: '/api/tasks',
        as: agent,
        payload: { type: 'call', title: 'Call back', due_date: '2999-01-01', customer_id: customer.id },
      })
    ).json() as { id: string; updated_at: string };
    if (done) await t.call({ method: 'POST', url: `/api/tasks/${task.id}/complete`, as: agent, payload: { outcome: 'reached' } });
    return task;
  },
  textingProvider: async () => {
    const saved = await t.call({
      method: 'PUT',
      url: '/api/texting/provider',
      as: admin,
      payload: { account_sid: twilio.accountSid, auth_token: twilio.authToken, sender: '+15125550100' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  },
  webhook: async (event: string) => {
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({ event: event as 'sync_gmail', url: 'http://127.0.0.1:9/hook', secret: 'x'.repeat(43), allow_private: true })
      .onConflict((oc) => oc.column('event').doNothing())
      .execute();
    return event;
  },
  customOffer: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/offers/custom',
        as: agent,
        payload: { make: 'Audi', model: 'Q5', year: 2022, price: '38,500' },
      })
    ).json().id as string,
  offerImage: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/offers/image',
        as: agent,
        payload: { custom_offer_id: await make.customOffer() },
      })
    ).json() as { id: string; url: string },
  /** The agent's own Instagram account. */
  instagramAccount: async () =>
    (
      await t.call({
        method: 'POST',
        url: '/api/instagram-accounts',
        as: agent,
        payload: { username: `ava_${crypto.randomBytes(4).toString('hex')}`, type: 'agent' },
      })
    ).json().id as string,
  /** The company's account, connected, for posts. */
  companyAccount: async () => {
    const existing = await t.database.db
      .selectFrom('instagram_accounts')
      .select('id')
      .where('type', '=', 'company')
      .executeTakeFirst();
    if (existing) return existing.id;
    const { id } = await t.database.db
      .insertInto('instagram_accounts')
      .values({ username: 'torque.company', type: 'company', is_connected: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },
  /** A sealed minor co-signer agreement of the agent's. */
  agreement: async () =>
    (await t.call({ method: 'POST', url: '/api/minor-agreements', as: agent, ...(await agreementUpload()) })).json().id as string,
  document: async (parent: string) => {
    const { payload, headers } = multipartBody('owned.pdf', await pdfFile('Owned'));
    return (await t.call({ method: 'POST', url: `${parent}/documents`, as: agent, payload, headers })).json() as { id: string };
  },
};

const upload = async (parent: string): Promise<Request> => {
  const { payload, headers } = multipartBody('upload.pdf', await pdfFile('Upload'));
  return { url: `${parent}/documents`, payload, headers };
};

let fixed: {
  customer: string;
  vehicle: string;
  deal: string;
  customerDoc: string;
  dealDoc: string;
  chat: string;
  quote: { deal: string; id: string; token: string };
  photo: { vehicle: string; id: string };
  guided: { id: string; publicPath: string };
  soldDeal: string;
};

const customerBody = (c: { updated_at: string }) => ({ name: 'Renamed Customer', updated_at: c.updated_at });
const vehicleBody = (v: { updated_at: string }) => ({
  make: 'Audi',
  model: 'A6',
  year: thisYear,
  price_cents: 3_100_000,
  updated_at: v.updated_at,
});
const dealerOffer = {
  dealer: 'Lakeside Toyota',
  vehicle: 'Toyota Highlander XLE',
  price_cents: 4_420_000,
  availability: 'in_stock',
};
const dealBody = (d: { updated_at: string }) => ({
  date: `${thisYear}-02-03`,
  manufacturer: 'Audi',
  model: 'A6',
  year: thisYear,
  customer_name: 'Renamed Deal',
  agent_name: 'x',
  contract_price_cents: 3_100_000,
  broker_fee_cents: 100_000,
  updated_at: d.updated_at,
});

/** A CSV of one customer, uploaded by the agent; `run` imports it too (an undo needs an import that ran). */
let imported = 0;
async function agentImport(run = false) {
  const n = ++imported;
  const { payload, headers } = multipartBody(
    'customers.csv',
    Buffer.from(`Name,Email\r\nImported ${n},imported.${n}@example.com\r\n`),
    'text/csv',
  );
  const file = (await t.call({ method: 'POST', url: '/api/imports?kind=customers', payload, headers, as: agent })).json() as {
    id: string;
    mapping: Record<string, number | null>;
  };
  if (run) await t.call({ method: 'POST', url: `/api/imports/${file.id}/run`, payload: { mapping: file.mapping }, as: agent });
  return file;
}
const csvUpload = () =>
  multipartBody('customers.csv', Buffer.from('Name,Email\r\nUploaded,uploaded@example.com\r\n'), 'text/csv');

const rows: Record<string, Row> = {
  'GET /api/health': { request: () => ({ url: '/api/health' }), expected: everyone(200) },
  'GET /api/config': { request: () => ({ url: '/api/config' }), expected: everyone(200) },
  'GET /api/session': { request: () => ({ url: '/api/session' }), expected: everyone(200) },
  'POST /api/session': {
    request: () => ({ url: '/api/session', payload: { email: adminEmail, password: PASSWORD } }),
    expected: everyone(200),
  },
  'POST /api/session/demo': {
    request: () => ({ url: '/api/session/demo', payload: { role: 'agent' } }),
    expected: everyone(200),
  },
  'DELETE /api/session': { request: () => ({ url: '/api/session' }), expected: everyone(204), endsSession: true },
  'GET /api/session/switchable-users': {
    request: () => ({ url: '/api/session/switchable-users' }),
    expected: adminOnly(200, 403),
  },
  'POST /api/session/switch': {
    request: () => ({ url: '/api/session/switch', payload: { userId: agent.id } }),
    expected: adminOnly(200, 403),
    endsSession: true,
  },
  'DELETE /api/session/switch': {
    request: () => ({ url: '/api/session/switch' }),
    expected: { anonymous: 401, agent: 404, otherAgent: 404, editor: 404, admin: 404, switched: 200 },
    endsSession: true,
  },
  'POST /api/session/two-factor': {
    request: async () => {
      const pending = await t.call({
        method: 'POST',
        url: '/api/session',
        payload: { email: twoFactorUser.email, password: PASSWORD },
      });
      const cookie = cookieHeader(pending.headers['set-cookie']);
      return { url: '/api/session/two-factor', payload: { code: twoFactorUser.codes.pop() }, headers: { cookie } };
    },
    expected: everyone(200),
  },
  'PATCH /api/users/me': { request: () => ({ url: '/api/users/me', payload: { name: 'Same Name' } }), expected: signedIn(200) },
  'POST /api/users/me/two-factor': {
    request: () => ({ url: '/api/users/me/two-factor', payload: { password: PASSWORD } }),
    expected: { anonymous: 401, agent: 200, otherAgent: 200, editor: 200, admin: 200, switched: 403 },
  },
  // Every caller has begun an enrolment (beforeAll); a wrong code is refused.
  'POST /api/users/me/two-factor/verify': {
    request: () => ({ url: '/api/users/me/two-factor/verify', payload: { code: '000000' } }),
    expected: { anonymous: 401, agent: 400, otherAgent: 400, editor: 400, admin: 400, switched: 403 },
  },
  // None has it on; the admin's role requires it.
  'DELETE /api/users/me/two-factor': {
    request: () => ({ url: '/api/users/me/two-factor', payload: { password: PASSWORD } }),
    expected: { anonymous: 401, agent: 409, otherAgent: 409, editor: 409, admin: 400, switched: 403 },
  },
  'GET /api/backup': { request: () => ({ url: '/api/backup' }), expected: adminOnly(200, 403) },
  'GET /api/export': { request: () => ({ url: '/api/export' }), expected: signedIn(200) },
  'GET /api/settings': { request: () => ({ url: '/api/settings' }), expected: signedIn(200) },
  'PUT /api/settings': { request: () => ({ url: '/api/settings', payload: defaultSettings }), expected: adminOnly(200, 403) },
  'GET /api/team': { request: () => ({ url: '/api/team' }), expected: signedIn(200) },
  'POST /api/team/invitations': {
    request: () => ({ url: '/api/team/invitations', payload: { email: `invitee.${++invited}@example.com`, role: 'agent' } }),
    expected: { anonymous: 401, agent: 403, otherAgent: 403, editor: 201, admin: 201, switched: 403 },
  },
  'DELETE /api/team/invitations/:id': {
    request: async () => ({ url: `/api/team/invitations/${(await make.invitation()).id}` }),
    expected: { anonymous: 401, agent: 403, otherAgent: 403, editor: 204, admin: 204, switched: 403 },
  },
  'PATCH /api/team/members/:id': {
    request: () => ({ url: `/api/team/members/${agent.id}`, payload: { status: 'active' } }),
    expected: { anonymous: 401, agent: 403, otherAgent: 403, editor: 200, admin: 200, switched: 403 },
  },
  'GET /api/invitations/:token': {
    request: async () => ({ url: `/api/invitations/${tokenOf((await make.invitation()).link)}` }),
    expected: everyone(200),
  },
  'POST /api/invitations/accept': {
    request: async () => ({
      url: '/api/invitations/accept',
      payload: { token: tokenOf((await make.invitation()).link), name: 'New Agent', password: 'a long passphrase here' },
    }),
    expected: everyone(200),
  },
  'GET /api/chat/unread-count': { request: () => ({ url: '/api/chat/unread-count' }), expected: signedIn(200) },
  'GET /api/chat/chats': { request: () => ({ url: '/api/chat/chats' }), expected: signedIn(200) },
  'GET /api/chat/people': { request: () => ({ url: '/api/chat/people' }), expected: signedIn(200) },
  'POST /api/chat/chats': {
    request: () => ({ url: '/api/chat/chats', payload: { type: 'company', name: 'All hands' } }),
    expected: signedIn(201),
  },
  'POST /api/chat/channels/:channel': {
    request: () => ({ url: '/api/chat/channels/admin', payload: {} }),
    expected: adminOnly(200, 404),
  },
  'GET /api/chat/chats/:id': { request: () => ({ url: `/api/chat/chats/${fixed.chat}` }), expected: members(200) },
  'GET /api/chat/chats/:id/messages': {
    request: () => ({ url: `/api/chat/chats/${fixed.chat}/messages` }),
    expected: members(200),
  },
  'POST /api/chat/chats/:id/messages': {
    request: () => ({ url: `/api/chat/chats/${fixed.chat}/messages`, payload: { id: crypto.randomUUID(), content: 'Hello' } }),
    expected: members(201),
  },
  'POST /api/chat/chats/:id/read': {
    request: () => ({ url: `/api/chat/chats/${fixed.chat}/read`, payload: {} }),
    expected: members(204),
  },
  'DELETE /api/chat/chats/:id/participants/:userId': {
    // A group the agent made with the editor and the other agent: its creator removes the editor, the editor may leave,
    // the other agent may not remove anyone else, and the admin is not in it.
    request: async () => ({ url: `/api/chat/chats/${await make.chat()}/participants/${editor.id}` }),
    expected: { anonymous: 401, agent: 204, otherAgent: 403, editor: 204, admin: 404, switched: 204 },
  },
  'GET /api/customers/:id/consent': {
    request: () => ({ url: `/api/customers/${fixed.customer}/consent` }),
    expected: owners(200),
  },
  'POST /api/customers/:id/consent': {
    request: () => ({
      url: `/api/customers/${fixed.customer}/consent`,
      payload: { channel: 'sms', status: 'opted_out', source: 'phone' },
    }),
    expected: owners(201),
  },
  // The customer's own signed link: no session needed, and none gives more.
  'GET /api/unsubscribe/:token': {
    request: () => ({ url: `/api/unsubscribe/${unsubscribeToken(TEST_SECRET, fixed.customer)}` }),
    expected: everyone(200),
  },
  'POST /api/unsubscribe/:token': {
    request: () => ({ url: `/api/unsubscribe/${unsubscribeToken(TEST_SECRET, fixed.customer)}`, payload: {} }),
    expected: everyone(200),
  },
  // Signed by the SMS provider with a secret, not a session: no cookie is enough.
  'POST /api/hooks/sms': {
    request: () => ({ url: '/api/hooks/sms', payload: { from: '+15125550100', body: 'STOP' } }),
    expected: everyone(401),
  },
  'GET /api/settings/hooks': { request: () => ({ url: '/api/settings/hooks' }), expected: adminOnly(200, 403) },
  'POST /api/settings/hooks/:name/rotate': {
    request: () => ({ url: '/api/settings/hooks/inbound_email/rotate', payload: {} }),
    expected: adminOnly(200, 403),
  },
  'GET /api/settings/lead-sources': { request: () => ({ url: '/api/settings/lead-sources' }), expected: adminOnly(200, 403) },
  'POST /api/settings/lead-sources': {
    request: () => ({ url: '/api/settings/lead-sources', payload: { name: `Source ${crypto.randomUUID()}` } }),
    expected: adminOnly(201, 403),
  },
  'DELETE /api/settings/lead-sources/:id': {
    request: async () => ({ url: `/api/settings/lead-sources/${await make.leadSource()}` }),
    expected: adminOnly(204, 403),
  },
  // A lead source's key, not a session: no cookie is enough.
  'POST /api/leads/adf': {
    request: () => ({ url: '/api/leads/adf', payload: '<adf></adf>', headers: { 'content-type': 'application/xml' } }),
    expected: everyone(401),
  },
  'GET /api/leads': { request: () => ({ url: '/api/leads' }), expected: signedIn(200) },
  'POST /api/leads': {
    request: () => ({ url: '/api/leads', payload: { name: 'Desk Lead', phone: '(512) 555-0100' } }),
    expected: signedIn(201),
  },
  'GET /api/leads/:id': { request: async () => ({ url: `/api/leads/${await make.lead()}` }), expected: owners(200) },
  'POST /api/leads/:id/contacts': {
    request: async () => ({ url: `/api/leads/${await make.lead()}/contacts`, payload: { kind: 'call' } }),
    expected: owners(200),
  },
  // Leads that could not be read have no agent: admins and editors handle them.
  'POST /api/leads/:id/handled': {
    request: async () => ({ url: `/api/leads/${await make.lead('flagged')}/handled` }),
    expected: { anonymous: 401, agent: 403, otherAgent: 403, editor: 200, admin: 200, switched: 403 },
  },
  // The public web form: anyone may send a lead (a different address each time, under the per-address limit).
  'POST /api/leads/form/:source': {
    request: async () => ({
      url: `/api/leads/form/${await make.leadSource()}`,
      payload: { name: 'Form Lead', email: 'form.lead@example.com' },
      remoteAddress: `198.51.100.${++formSenders}`,
    }),
    expected: everyone(202),
  },
  'GET /api/settings/listing-feeds': { request: () => ({ url: '/api/settings/listing-feeds' }), expected: adminOnly(200, 403) },
  'POST /api/settings/listing-feeds': {
    request: () => ({ url: '/api/settings/listing-feeds', payload: { name: `Feed ${crypto.randomUUID()}` } }),
    expected: adminOnly(201, 403),
  },
  'POST /api/settings/listing-feeds/:id/key': {
    request: async () => ({ url: `/api/settings/listing-feeds/${await make.listingFeed()}/key`, payload: {} }),
    expected: adminOnly(200, 403),
  },
  'DELETE /api/settings/listing-feeds/:id': {
    request: async () => ({ url: `/api/settings/listing-feeds/${await make.listingFeed()}` }),
    expected: adminOnly(204, 403),
  },
  // A vehicle's public page posts here: its address is the whole of the authority.
  'POST /api/listings/:ref/lead': {
    request: () => ({
      url: `/api/listings${fixed.guided.publicPath.slice('/cars'.length)}/lead`,
      payload: { name: 'Page Lead', email: 'page.lead@example.com' },
      remoteAddress: `198.51.100.${++formSenders}`,
    }),
    expected: everyone(202),
  },
  // Tasks: the agent's own, on their own customer; another agent's customer answers 404, as a missing one.
  'GET /api/tasks': { request: () => ({ url: '/api/tasks?view=upcoming&assignee=all' }), expected: signedIn(200) },
  'GET /api/tasks/summary': { request: () => ({ url: '/api/tasks/summary' }), expected: signedIn(200) },
  'GET /api/tasks/calendar': {
    request: () => ({ url: '/api/tasks/calendar?assignee=all&from=2026-11-01&to=2026-12-12' }),
    expected: signedIn(200),
  },
  'GET /api/tasks/digest': { request: () => ({ url: '/api/tasks/digest' }), expected: signedIn(200) },
  'PUT /api/tasks/digest': { request: () => ({ url: '/api/tasks/digest', payload: { enabled: true } }), expected: signedIn(200) },
  'GET /api/calendar-feed': { request: () => ({ url: '/api/calendar-feed' }), expected: signedIn(200) },
  'POST /api/calendar-feed': { request: () => ({ url: '/api/calendar-feed' }), expected: signedIn(201) },
  'DELETE /api/calendar-feed': { request: () => ({ url: '/api/calendar-feed' }), expected: signedIn(204) },
  // The address is the permission: whoever holds it reads the feed, signed in or not.
  'GET /api/calendar-feeds/:file': {
    request: async () => {
      const made = await t.call({ method: 'POST', url: '/api/calendar-feed', as: agent });
      return { url: new URL(made.json().url).pathname };
    },
    expected: everyone(200),
  },
  'POST /api/tasks': {
    request: () => ({
      url: '/api/tasks',
      payload: { type: 'todo', title: 'Send the brochure', due_date: '2999-01-01', customer_id: fixed.customer },
    }),
    expected: owners(201),
  },
  'GET /api/tasks/:id': { request: async () => ({ url: `/api/tasks/${(await make.task()).id}` }), expected: owners(200) },
  'PUT /api/tasks/:id': {
    request: async () => {
      const task = await make.task();
      return {
        url: `/api/tasks/${task.id}`,
        payload: { type: 'call', title: 'Call back today', due_date: '2999-01-02', updated_at: task.updated_at },
      };
    },
    expected: owners(200),
  },
  'DELETE /api/tasks/:id': { request: async () => ({ url: `/api/tasks/${(await make.task()).id}` }), expected: owners(204) },
  'POST /api/tasks/:id/complete': {
    request: async () => ({ url: `/api/tasks/${(await make.task()).id}/complete`, payload: { outcome: 'no_answer' } }),
    expected: owners(200),
  },
  'POST /api/tasks/:id/reopen': {
    request: async () => ({ url: `/api/tasks/${(await make.task(true)).id}/reopen` }),
    expected: owners(200),
  },
  // Action plans: admins define them, anyone reads them; a customer's plan is for those who may see the customer.
  'GET /api/action-plans': { request: () => ({ url: '/api/action-plans' }), expected: signedIn(200) },
  'POST /api/action-plans': {
    request: () => ({ url: '/api/action-plans', payload: planBody() }),
    expected: adminOnly(201, 403),
  },
  'PUT /api/action-plans/:id': {
    request: async () => {
      const plan = await make.plan();
      return { url: `/api/action-plans/${plan.id}`, payload: { ...planBody(), updated_at: plan.updated_at } };
    },
    expected: adminOnly(200, 403),
  },
  'DELETE /api/action-plans/:id': {
    request: async () => ({ url: `/api/action-plans/${(await make.plan()).id}` }),
    expected: adminOnly(204, 403),
  },
  'GET /api/customers/:id/action-plan': {
    request: () => ({ url: `/api/customers/${fixed.customer}/action-plan` }),
    expected: owners(200),
  },
  'POST /api/customers/:id/action-plan': {
    request: async () => ({
      url: `/api/customers/${(await make.customer()).id}/action-plan`,
      payload: { plan_id: (await make.plan()).id },
    }),
    expected: owners(201),
  },
  'DELETE /api/customers/:id/action-plan': {
    request: async () => {
      const customer = await make.customer();
      const plan = await make.plan();
      await t.call({
        method: 'POST',
        url: `/api/customers/${customer.id}/action-plan`,
        as: agent,
        payload: { plan_id: plan.id },
      });
      return { url: `/api/customers/${customer.id}/action-plan` };
    },
    expected: owners(204),
  },
  'GET /api/documents': { request: () => ({ url: '/api/documents' }), expected: signedIn(200) },
  'GET /api/emails': { request: () => ({ url: '/api/emails?box=sent' }), expected: signedIn(200) },
  'POST /api/emails': {
    request: () => ({
      url: '/api/emails',
      payload: { to: 'buyer@example.com', subject: 'Hello', message: 'The papers are ready.' },
    }),
    expected: signedIn(201),
  },
  'GET /api/emails/recipient': {
    request: () => ({ url: '/api/emails/recipient?address=buyer@example.com' }),
    expected: signedIn(200),
  },
  'GET /api/emails/:id': { request: async () => ({ url: `/api/emails/${await make.email()}` }), expected: owners(200) },
  'POST /api/emails/:id/read': {
    request: async () => ({ url: `/api/emails/${await make.email()}/read`, payload: {} }),
    expected: owners(204),
  },
  // The agent's own mail, sent: readable by whom the mail is, and filed already (409) for them; another's answers 404.
  'POST /api/emails/:id/assign': {
    request: async () => ({
      url: `/api/emails/${await make.email()}/assign`,
      payload: { customer_id: '00000000-0000-4000-8000-000000000000' },
    }),
    expected: owners(409),
  },
  'POST /api/hooks/inbound-email': {
    request: () => ({ url: '/api/hooks/inbound-email', payload: { from: 'buyer@example.com', to: 'sales@example.com' } }),
    expected: everyone(401),
  },
  'GET /api/notifications': { request: () => ({ url: '/api/notifications' }), expected: signedIn(200) },
  'GET /api/notifications/unread-count': { request: () => ({ url: '/api/notifications/unread-count' }), expected: signedIn(200) },
  'POST /api/notifications/:id/read': {
    request: async () => ({ url: `/api/notifications/${await make.notification()}/read`, payload: {} }),
    expected: { anonymous: 401, agent: 204, otherAgent: 404, editor: 404, admin: 404, switched: 204 },
  },
  'POST /api/notifications/read-all': {
    request: () => ({ url: '/api/notifications/read-all', payload: {} }),
    expected: signedIn(200),
  },
  // Without an upgrade there is no socket to open; the socket's own checks are in tests/api/realtime.test.ts.
  'GET /api/realtime': { request: () => ({ url: '/api/realtime' }), expected: signedIn(404) },

  'GET /api/customers': { request: () => ({ url: '/api/customers' }), expected: signedIn(200) },
  'GET /api/customers/summary': { request: () => ({ url: '/api/customers/summary' }), expected: signedIn(200) },
  'GET /api/customers/export.csv': { request: () => ({ url: '/api/customers/export.csv' }), expected: signedIn(200) },
  'GET /api/customers/options': { request: () => ({ url: '/api/customers/options' }), expected: signedIn(200) },
  // Handed over by admins and editors; the switched admin acts as the agent.
  'POST /api/customers/reassign': {
    request: async () => ({
      url: '/api/customers/reassign',
      payload: { ids: [(await make.customer()).id], user_id: otherAgent.id },
    }),
    expected: editorsUp(200),
  },
  'GET /api/customers/lookup': { request: () => ({ url: '/api/customers/lookup?q=a' }), expected: signedIn(200) },
  'GET /api/customers/duplicates': { request: () => ({ url: '/api/customers/duplicates?email=a@b.c' }), expected: signedIn(200) },
  'POST /api/customers': {
    request: () => ({ url: '/api/customers', payload: { name: 'New Customer' } }),
    expected: signedIn(201),
  },
  'GET /api/customers/:id': { request: () => ({ url: `/api/customers/${fixed.customer}` }), expected: owners(200) },
  'PUT /api/customers/:id/stage': {
    request: async () => ({ url: `/api/customers/${(await make.customer()).id}/stage`, payload: { stage: 'Qualified' } }),
    expected: owners(200),
  },
  'PUT /api/customers/:id': {
    request: async () => {
      const c = await make.customer();
      return { url: `/api/customers/${c.id}`, payload: customerBody(c) };
    },
    expected: owners(200),
  },
  'DELETE /api/customers/:id': {
    request: async () => ({ url: `/api/customers/${(await make.customer()).id}` }),
    expected: owners(204),
  },
  'GET /api/customers/:id/conversation': {
    request: () => ({ url: `/api/customers/${fixed.customer}/conversation` }),
    expected: owners(200),
  },
  'GET /api/customers/:id/conversation/state': {
    request: () => ({ url: `/api/customers/${fixed.customer}/conversation/state` }),
    expected: owners(200),
  },
  'POST /api/customers/:id/texts': {
    request: async () => {
      const { id } = await make.customer();
      await t.database.db.updateTable('customers').set({ phone: '(512) 555-0199' }).where('id', '=', id).execute();
      await t.database.db
        .insertInto('contact_consents')
        .values({ customer_id: id, channel: 'sms', status: 'opted_in', source: 'paper_form', address: '(512) 555-0199' })
        .execute();
      return { url: `/api/customers/${id}/texts`, payload: { body: 'Your car is ready.' } };
    },
    expected: owners(201),
  },
  'GET /api/inbox': { request: () => ({ url: '/api/inbox' }), expected: signedIn(200) },
  'POST /api/inbox/:id/done': {
    request: async () => {
      const { id } = await make.customer();
      await t.database.db
        .insertInto('conversation_waits')
        .values({ customer_id: id, waiting_since: new Date(), last_at: new Date(), channel: 'text', preview: 'Hello?' })
        .execute();
      return { url: `/api/inbox/${id}/done` };
    },
    expected: owners(204),
  },
  'GET /api/reply-templates': { request: () => ({ url: '/api/reply-templates' }), expected: signedIn(200) },
  'POST /api/reply-templates': {
    request: () => ({ url: '/api/reply-templates', payload: { name: `Template ${++templates}`, body: 'Hi {first_name}' } }),
    expected: editorsUp(201),
  },
  'PUT /api/reply-templates/:id': {
    request: async () => ({
      url: `/api/reply-templates/${await make.replyTemplate()}`,
      payload: { name: `Template ${++templates}`, body: 'Hello {first_name}' },
    }),
    expected: editorsUp(200),
  },
  'DELETE /api/reply-templates/:id': {
    request: async () => ({ url: `/api/reply-templates/${await make.replyTemplate()}` }),
    expected: editorsUp(204),
  },
  'GET /api/customers/:id/reply-templates': {
    request: async () => ({ url: `/api/customers/${(await make.customer()).id}/reply-templates` }),
    expected: owners(200),
  },
  'GET /api/inbox/assignees': { request: () => ({ url: '/api/inbox/assignees' }), expected: signedIn(200) },
  // Given to nobody in particular: the customer's agent and admins and editors may; another agent does not see it.
  'POST /api/inbox/:id/assign': {
    request: async () => {
      const { id } = await make.customer();
      await t.database.db
        .insertInto('conversation_waits')
        .values({ customer_id: id, waiting_since: new Date(), last_at: new Date(), channel: 'text', preview: 'Hello?' })
        .execute();
      return { url: `/api/inbox/${id}/assign`, payload: { user_id: null } };
    },
    expected: owners(204),
  },
  // Texts from numbers no customer has are the dealership's, as its company mailbox's unmatched mail: admins and editors.
  'GET /api/unmatched-texts': { request: () => ({ url: '/api/unmatched-texts' }), expected: signedIn(200) },
  'POST /api/unmatched-texts/:id/lead': {
    request: async () => ({ url: `/api/unmatched-texts/${await unmatchedText()}/lead`, payload: {} }),
    expected: { anonymous: 401, agent: 404, otherAgent: 404, editor: 200, admin: 200, switched: 404 },
  },
  'POST /api/unmatched-texts/:id/attach': {
    request: async () => ({
      url: `/api/unmatched-texts/${await unmatchedText()}/attach`,
      payload: { customer_id: (await make.customer()).id },
    }),
    expected: { anonymous: 401, agent: 404, otherAgent: 404, editor: 200, admin: 200, switched: 404 },
  },
  'GET /api/customers/:id/timeline': {
    request: () => ({ url: `/api/customers/${fixed.customer}/timeline` }),
    expected: owners(200),
  },
  'GET /api/customers/:id/documents': {
    request: () => ({ url: `/api/customers/${fixed.customer}/documents` }),
    expected: owners(200),
  },
  'POST /api/customers/:id/documents': { request: () => upload(`/api/customers/${fixed.customer}`), expected: owners(201) },
  'DELETE /api/customers/:id/documents/:docId': {
    request: async () => ({
      url: `/api/customers/${fixed.customer}/documents/${(await make.document(`/api/customers/${fixed.customer}`)).id}`,
    }),
    expected: owners(204),
  },
  'GET /api/customers/:id/documents/:docId/link': {
    request: () => ({ url: `/api/customers/${fixed.customer}/documents/${fixed.customerDoc}/link` }),
    expected: owners(200),
  },

  'GET /api/deals/:id/documents': { request: () => ({ url: `/api/deals/${fixed.deal}/documents` }), expected: owners(200) },
  'POST /api/deals/:id/documents': { request: () => upload(`/api/deals/${fixed.deal}`), expected: owners(201) },
  'DELETE /api/deals/:id/documents/:docId': {
    request: async () => ({ url: `/api/deals/${fixed.deal}/documents/${(await make.document(`/api/deals/${fixed.deal}`)).id}` }),
    expected: owners(204),
  },
  'GET /api/deals/:id/documents/:docId/link': {
    request: () => ({ url: `/api/deals/${fixed.deal}/documents/${fixed.dealDoc}/link` }),
    expected: owners(200),
  },
  'GET /api/files/:kind/:id/:expires/:signature': {
    // The signed link is the permission, whoever holds it, for 60 seconds.
    request: async () => ({
      url: (await t.call({ method: 'GET', url: `/api/deals/${fixed.deal}/documents/${fixed.dealDoc}/link`, as: agent })).json()
        .url,
    }),
    expected: everyone(200),
  },

  'GET /api/vehicles': { request: () => ({ url: '/api/vehicles' }), expected: signedIn(200) },
  'GET /api/vehicles/summary': { request: () => ({ url: '/api/vehicles/summary' }), expected: signedIn(200) },
  'GET /api/vehicles/export.csv': { request: () => ({ url: '/api/vehicles/export.csv' }), expected: signedIn(200) },
  'GET /api/vehicles/options': { request: () => ({ url: '/api/vehicles/options' }), expected: signedIn(200) },
  'GET /api/vehicles/makes': { request: () => ({ url: '/api/vehicles/makes' }), expected: signedIn(200) },
  'GET /api/vehicles/vin-check': {
    request: () => ({ url: '/api/vehicles/vin-check?vin=WBA3A5C51CF256651' }),
    expected: signedIn(200),
  },
  'POST /api/vehicles': {
    request: () => ({ url: '/api/vehicles', payload: { make: 'BMW', model: 'X1', year: thisYear, price_cents: 1 } }),
    expected: signedIn(201),
  },
  'POST /api/vehicles/reassign': {
    request: async () => ({
      url: '/api/vehicles/reassign',
      payload: { ids: [(await make.vehicle()).id], user_id: otherAgent.id },
    }),
    expected: editorsUp(200),
  },
  'GET /api/vehicles/:id': { request: () => ({ url: `/api/vehicles/${fixed.vehicle}` }), expected: owners(200) },
  'PUT /api/vehicles/:id': {
    request: async () => {
      const v = await make.vehicle();
      return { url: `/api/vehicles/${v.id}`, payload: vehicleBody(v) };
    },
    expected: owners(200),
  },
  'DELETE /api/vehicles/:id': {
    request: async () => ({ url: `/api/vehicles/${(await make.vehicle()).id}` }),
    expected: owners(204),
  },
  'GET /api/vehicles/:id/photos': {
    request: () => ({ url: `/api/vehicles/${fixed.photo.vehicle}/photos` }),
    expected: owners(200),
  },
  'POST /api/vehicles/:id/photos': {
    request: async () => {
      const { payload, headers } = multipartBody('side.jpg', await photoFile(), 'image/jpeg');
      return { url: `/api/vehicles/${(await make.vehicle()).id}/photos`, payload, headers };
    },
    expected: owners(201),
  },
  'PUT /api/vehicles/:id/photos/order': {
    request: async () => {
      const photo = await make.photo();
      return { url: `/api/vehicles/${photo.vehicle}/photos/order`, payload: { ids: [photo.id] } };
    },
    expected: owners(200),
  },
  'DELETE /api/vehicles/:id/photos/:photoId': {
    request: async () => {
      const photo = await make.photo();
      return { url: `/api/vehicles/${photo.vehicle}/photos/${photo.id}` };
    },
    expected: owners(204),
  },
  'GET /api/vehicles/:id/photos/:photoId/:file': {
    request: () => ({ url: `/api/vehicles/${fixed.photo.vehicle}/photos/${fixed.photo.id}/thumb.jpg` }),
    expected: owners(200),
  },
  'GET /api/vehicles/:id/buyers-guide': {
    request: () => ({ url: `/api/vehicles/${fixed.vehicle}/buyers-guide` }),
    expected: owners(200),
  },
  // Completed by whoever may change the vehicle: its owner, editors and admins.
  'PUT /api/vehicles/:id/buyers-guide': {
    request: async () => {
      const vehicle = await make.vehicle();
      return {
        url: `/api/vehicles/${vehicle.id}/buyers-guide`,
        payload: { guide: { version: 'as_is' }, updated_at: vehicle.updated_at },
      };
    },
    expected: owners(200),
  },
  'GET /api/vehicles/:id/buyers-guide.pdf': {
    request: () => ({ url: `/api/vehicles/${fixed.guided.id}/buyers-guide.pdf?lang=es` }),
    expected: owners(200),
  },
  'GET /api/vehicles/:id/window-sticker.pdf': {
    request: () => ({ url: `/api/vehicles/${fixed.photo.vehicle}/window-sticker.pdf` }),
    expected: owners(200),
  },
  'GET /api/vehicles/:id/timeline': {
    request: () => ({ url: `/api/vehicles/${fixed.vehicle}/timeline` }),
    expected: owners(200),
  },

  'POST /api/imports': { request: () => ({ url: '/api/imports?kind=customers', ...csvUpload() }), expected: signedIn(201) },
  'GET /api/imports/:id': { request: async () => ({ url: `/api/imports/${(await agentImport()).id}` }), expected: owners(200) },
  'POST /api/imports/:id/dry-run': {
    request: async () => {
      const file = await agentImport();
      return { url: `/api/imports/${file.id}/dry-run`, payload: { mapping: file.mapping } };
    },
    expected: owners(200),
  },
  'POST /api/imports/:id/run': {
    request: async () => {
      const file = await agentImport();
      return { url: `/api/imports/${file.id}/run`, payload: { mapping: file.mapping } };
    },
    expected: owners(200),
  },
  'POST /api/imports/:id/undo': {
    request: async () => ({ url: `/api/imports/${(await agentImport(true)).id}/undo`, payload: {} }),
    expected: owners(200),
  },

  'GET /api/deals': { request: () => ({ url: '/api/deals' }), expected: signedIn(200) },
  'POST /api/deals': {
    request: async () => ({ url: '/api/deals', payload: { ...dealBody({ updated_at: '' }), updated_at: undefined } }),
    expected: signedIn(201),
  },
  'GET /api/deals/agents': { request: () => ({ url: '/api/deals/agents' }), expected: signedIn(200) },
  'GET /api/deals/:id': { request: () => ({ url: `/api/deals/${fixed.deal}` }), expected: owners(200) },
  'GET /api/deals/:id/buyers-guide.pdf': {
    request: () => ({ url: `/api/deals/${fixed.soldDeal}/buyers-guide.pdf` }),
    expected: owners(200),
  },
  'PUT /api/deals/:id': {
    request: async () => {
      const d = await make.deal();
      return { url: `/api/deals/${d.id}`, payload: dealBody(d) };
    },
    expected: owners(200),
  },
  'DELETE /api/deals/:id': { request: async () => ({ url: `/api/deals/${(await make.deal()).id}` }), expected: owners(204) },
  'GET /api/deals/:id/timeline': { request: () => ({ url: `/api/deals/${fixed.deal}/timeline` }), expected: owners(200) },
  'GET /api/deals/:id/worksheet': { request: () => ({ url: `/api/deals/${fixed.deal}/worksheet` }), expected: owners(200) },
  'PUT /api/deals/:id/worksheet': {
    request: async () => ({
      url: `/api/deals/${(await make.deal()).id}/worksheet`,
      payload: { state: 'TX', worksheet: { selling_price_cents: 2_500_000, structure: { kind: 'cash' } }, updated_at: null },
    }),
    expected: owners(200),
  },
  'GET /api/deals/:id/quotes': { request: () => ({ url: `/api/deals/${fixed.quote.deal}/quotes` }), expected: owners(200) },
  'POST /api/deals/:id/quotes': {
    request: async () => {
      const { deal } = await make.quote();
      return { url: `/api/deals/${deal}/quotes`, payload: { to: 'again@example.com' } };
    },
    expected: owners(201),
  },
  'GET /api/deals/:id/quotes/:quoteId/quote.pdf': {
    request: () => ({ url: `/api/deals/${fixed.quote.deal}/quotes/${fixed.quote.id}/quote.pdf` }),
    expected: owners(200),
  },
  'GET /api/deals/:id/dealer-offers': {
    request: () => ({ url: `/api/deals/${fixed.deal}/dealer-offers` }),
    expected: owners(200),
  },
  'POST /api/deals/:id/dealer-offers': {
    request: async () => ({ url: `/api/deals/${(await make.deal()).id}/dealer-offers`, payload: dealerOffer }),
    expected: owners(201),
  },
  'PUT /api/deals/:id/dealer-offers/:offerId': {
    request: async () => {
      const o = await make.dealerOffer();
      return { url: `/api/deals/${o.deal}/dealer-offers/${o.id}`, payload: { ...dealerOffer, updated_at: o.updated_at } };
    },
    expected: owners(200),
  },
  'DELETE /api/deals/:id/dealer-offers/:offerId': {
    request: async () => {
      const o = await make.dealerOffer();
      return { url: `/api/deals/${o.deal}/dealer-offers/${o.id}` };
    },
    expected: owners(204),
  },
  'POST /api/deals/:id/dealer-offers/:offerId/choose': {
    request: async () => {
      const o = await make.dealerOffer();
      return { url: `/api/deals/${o.deal}/dealer-offers/${o.id}/choose`, payload: { decline_reason: 'Higher total cost' } };
    },
    expected: owners(200),
  },
  // The customer's quote link: the token is the key, no session needed, and none gives more.
  'GET /api/quotes/:token': { request: () => ({ url: `/api/quotes/${fixed.quote.token}` }), expected: everyone(200) },
  'GET /api/quotes/:token/quote.pdf': {
    request: () => ({ url: `/api/quotes/${fixed.quote.token}/quote.pdf` }),
    expected: everyone(200),
  },
  'GET /api/quotes/:token/photo.jpg': {
    request: () => ({ url: `/api/quotes/${fixed.quote.token}/photo.jpg` }),
    expected: everyone(200),
  },
  'POST /api/quotes/:token/accept': {
    request: async () => ({ url: `/api/quotes/${(await make.quote()).token}/accept`, payload: { option: 0 } }),
    expected: everyone(200),
  },

  'GET /api/dashboard': { request: () => ({ url: '/api/dashboard' }), expected: signedIn(200) },
  'GET /api/analytics': { request: () => ({ url: '/api/analytics' }), expected: signedIn(200) },
  'GET /api/analytics/deals': { request: () => ({ url: '/api/analytics/deals' }), expected: signedIn(200) },
  'GET /api/analytics/deals/export.csv': {
    request: () => ({ url: '/api/analytics/deals/export.csv?tab=deals' }),
    expected: signedIn(200),
  },
  'GET /api/analytics/deals/statement.pdf': {
    request: () => ({ url: '/api/analytics/deals/statement.pdf' }),
    expected: signedIn(200),
  },

  'GET /api/accounting/summary': { request: () => ({ url: '/api/accounting/summary' }), expected: signedIn(200) },
  'GET /api/accounting/agents': { request: () => ({ url: '/api/accounting/agents' }), expected: adminOnly(200, 403) },
  'PUT /api/accounting/rates/:userId': {
    request: () => ({ url: `/api/accounting/rates/${agent.id}`, payload: { rate: 3 } }),
    expected: adminOnly(200, 403),
  },
  'GET /api/accounting/deals': { request: () => ({ url: '/api/accounting/deals' }), expected: signedIn(200) },
  'GET /api/accounting/report': { request: () => ({ url: '/api/accounting/report' }), expected: signedIn(200) },
  'GET /api/accounting/export.csv': { request: () => ({ url: '/api/accounting/export.csv' }), expected: signedIn(200) },

  'GET /api/webhooks': { request: () => ({ url: '/api/webhooks' }), expected: signedIn(200) },
  'PUT /api/webhooks/:event': {
    request: () => ({ url: '/api/webhooks/post_instagram', payload: { url: 'http://127.0.0.1:9/ig', allow_private: true } }),
    expected: adminOnly(200, 403),
  },
  'DELETE /api/webhooks/:event': {
    request: async () => ({ url: `/api/webhooks/${await make.webhook('send_email_offers')}` }),
    expected: adminOnly(204, 403),
  },
  'GET /api/mailboxes/:owner': { request: () => ({ url: '/api/mailboxes/mine' }), expected: signedIn(200) },
  // The company's mailbox is an admin's to set: the admin's save reaches the server check (nothing listens on port 1).
  'PUT /api/mailboxes/:owner': {
    request: () => ({
      url: '/api/mailboxes/company',
      payload: {
        address: 'sales@example.com',
        username: 'sales@example.com',
        secret: 'password',
        imap_host: '127.0.0.1',
        imap_port: 1,
        imap_tls: false,
        smtp_host: '127.0.0.1',
        smtp_port: 1,
        smtp_tls: false,
      },
    }),
    expected: adminOnly(400, 403),
  },
  'DELETE /api/mailboxes/:owner': { request: () => ({ url: '/api/mailboxes/company' }), expected: adminOnly(404, 403) },
  'GET /api/texting/provider': { request: () => ({ url: '/api/texting/provider' }), expected: adminOnly(200, 403) },
  'PUT /api/texting/provider': {
    request: () => ({
      url: '/api/texting/provider',
      payload: { account_sid: twilio.accountSid, auth_token: twilio.authToken, sender: '+15125550100' },
    }),
    expected: adminOnly(200, 403),
  },
  'DELETE /api/texting/provider': {
    request: async () => {
      await make.textingProvider();
      return { url: '/api/texting/provider' };
    },
    expected: adminOnly(204, 403),
  },
  // Signed by Twilio with the account's Auth Token, not a session: no cookie is enough.
  'POST /api/hooks/twilio/messages': {
    request: async () => {
      await make.textingProvider();
      return {
        url: '/api/hooks/twilio/messages',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `MessageSid=SM${'a'.repeat(32)}&AccountSid=${twilio.accountSid}&From=%2B15125550100&Body=STOP`,
      };
    },
    expected: everyone(401),
  },
  'POST /api/hooks/twilio/status': {
    request: async () => {
      await make.textingProvider();
      return {
        url: '/api/hooks/twilio/status',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `MessageSid=SM${'a'.repeat(32)}&AccountSid=${twilio.accountSid}&MessageStatus=delivered`,
      };
    },
    expected: everyone(401),
  },
  'POST /api/webhooks/:event/rotate': {
    request: async () => ({ url: `/api/webhooks/${await make.webhook('send_sms_offers')}/rotate`, payload: {} }),
    expected: adminOnly(200, 403),
  },
  'POST /api/webhooks/sync_gmail/trigger': {
    request: async () => ({ url: `/api/webhooks/${await make.webhook('sync_gmail')}/trigger`, payload: {} }),
    expected: signedIn(200),
  },
  'GET /api/offers/custom': { request: () => ({ url: '/api/offers/custom' }), expected: signedIn(200) },
  'POST /api/offers/custom': {
    request: () => ({ url: '/api/offers/custom', payload: { make: 'Kia', model: 'EV6', year: '2024', price: '$41,000' } }),
    expected: signedIn(201),
  },
  'DELETE /api/offers/custom/:id': {
    request: async () => ({ url: `/api/offers/custom/${await make.customOffer()}` }),
    expected: owners(204),
  },
  'POST /api/offers/image': {
    request: async () => ({ url: '/api/offers/image', payload: { custom_offer_id: await make.customOffer() } }),
    expected: owners(201),
  },
  'GET /api/offer-images/:file': {
    request: async () => ({ url: new URL((await make.offerImage()).url).pathname }),
    expected: everyone(200),
  },
  'POST /api/offers/instagram': {
    request: async () => {
      await make.webhook('post_instagram');
      return {
        url: '/api/offers/instagram',
        payload: { image_id: (await make.offerImage()).id, account_id: await make.companyAccount() },
      };
    },
    expected: owners(200),
  },
  'GET /api/offers/audience': { request: () => ({ url: '/api/offers/audience?q=a&channel=sms' }), expected: signedIn(200) },
  'POST /api/offers/notify': {
    request: async () => ({
      url: '/api/offers/notify',
      payload: {
        offer: { custom_offer_id: await make.customOffer() },
        channel: 'email',
        customer_ids: [(await make.customer()).id],
      },
    }),
    expected: owners(200),
  },
  'GET /api/instagram-accounts': { request: () => ({ url: '/api/instagram-accounts' }), expected: signedIn(200) },
  'POST /api/instagram-accounts': {
    request: () => ({
      url: '/api/instagram-accounts',
      payload: { username: `own_${crypto.randomBytes(4).toString('hex')}`, type: 'agent' },
    }),
    expected: signedIn(201),
  },
  // Another agent's account: only admins see it; the switched admin acts as its owner.
  'PATCH /api/instagram-accounts/:id': {
    request: async () => ({ url: `/api/instagram-accounts/${await make.instagramAccount()}`, payload: { is_connected: true } }),
    expected: { anonymous: 401, agent: 200, otherAgent: 404, editor: 404, admin: 200, switched: 200 },
  },
  'DELETE /api/instagram-accounts/:id': {
    request: async () => ({ url: `/api/instagram-accounts/${await make.instagramAccount()}` }),
    expected: { anonymous: 401, agent: 204, otherAgent: 404, editor: 404, admin: 204, switched: 204 },
  },
  'GET /api/minor-agreements': { request: () => ({ url: '/api/minor-agreements' }), expected: signedIn(200) },
  'POST /api/minor-agreements': {
    request: async () => ({ url: '/api/minor-agreements', ...(await agreementUpload()) }),
    expected: signedIn(201),
  },
  // Sealed: whoever may see it is told it cannot be edited.
  'PATCH /api/minor-agreements/:id': {
    request: async () => ({ url: `/api/minor-agreements/${await make.agreement()}`, payload: { minor_age: 15 } }),
    expected: owners(409),
  },
  'GET /api/minor-agreements/:id/pdf': {
    request: async () => ({ url: `/api/minor-agreements/${await make.agreement()}/pdf` }),
    expected: owners(200),
  },
  'GET /api/outbox': { request: () => ({ url: '/api/outbox' }), expected: adminOnly(200, 403) },
  'GET /api/outbox/mail': { request: () => ({ url: '/api/outbox/mail' }), expected: adminOnly(200, 403) },
  'GET /api/outbox/:id': { request: async () => ({ url: `/api/outbox/${await make.mail()}` }), expected: adminOnly(200, 403) },
  // Held mail (the test app has no SMTP): nothing can send it yet (409), and it can be discarded.
  'POST /api/outbox/:id/send': {
    request: async () => ({ url: `/api/outbox/${await make.mail()}/send`, payload: {} }),
    expected: adminOnly(409, 403),
  },
  'POST /api/outbox/:id/discard': {
    request: async () => ({ url: `/api/outbox/${await make.mail()}/discard`, payload: {} }),
    expected: adminOnly(200, 403),
  },
  'POST /api/outbox/held/send': { request: () => ({ url: '/api/outbox/held/send', payload: {} }), expected: adminOnly(409, 403) },
  'POST /api/outbox/held/discard': {
    request: () => ({ url: '/api/outbox/held/discard', payload: {} }),
    expected: adminOnly(200, 403),
  },
};

/**
 * The vehicle routes as each caller gets them while the dealership shares its inventory (Settings → Team): everyone
 * signed in sees every vehicle, and another agent's change is refused with 403 rather than 404. The rows above are the default, each agent's own vehicles.
 */
const changedByOwners = (ok: number): Expected => ({ ...owners(ok), otherAgent: 403 });
const sharedInventory: Record<string, Expected> = {
  'GET /api/vehicles/:id': signedIn(200),
  'PUT /api/vehicles/:id': changedByOwners(200),
  'DELETE /api/vehicles/:id': changedByOwners(204),
  'GET /api/vehicles/:id/photos': signedIn(200),
  'POST /api/vehicles/:id/photos': changedByOwners(201),
  'PUT /api/vehicles/:id/photos/order': changedByOwners(200),
  'DELETE /api/vehicles/:id/photos/:photoId': changedByOwners(204),
  'GET /api/vehicles/:id/photos/:photoId/:file': signedIn(200),
  'GET /api/vehicles/:id/buyers-guide': signedIn(200),
  'PUT /api/vehicles/:id/buyers-guide': changedByOwners(200),
  'GET /api/vehicles/:id/buyers-guide.pdf': signedIn(200),
  'GET /api/vehicles/:id/window-sticker.pdf': signedIn(200),
  'GET /api/vehicles/:id/timeline': signedIn(200),
};

/** A cookie for each caller; a fresh one for calls that end the session they come with. */
async function cookieOf(caller: Caller, fresh: boolean): Promise<string | null> {
  if (caller === 'anonymous') return null;
  if (caller === 'switched') {
    const own = await t.signIn(admin.email);
    const switched = await t.call({ method: 'POST', url: '/api/session/switch', as: own, payload: { userId: agent.id } });
    expect(switched.statusCode).toBe(200);
    return cookieHeader(switched.headers['set-cookie'], own);
  }
  const user = { agent, otherAgent, editor, admin }[caller];
  return fresh ? t.signIn(user.email) : user.cookie;
}

let shared: Record<Caller, string | null>;
let twilio: TwilioPeer;

beforeAll(async () => {
  twilio = await startTwilioPeer();
  t = await createTestContext({ DEMO: '1', TWILIO_API_URL: twilio.url });
  await seedDemo(t.database.db, TEST_SECRET);
  agent = await t.createUser('agent', 'Owner Agent');
  otherAgent = await t.createUser('agent', 'Other Agent');
  editor = await t.createUser('editor', 'Eve Editor');
  admin = await t.createUser('admin', 'Adam Admin');
  adminEmail = admin.email;
  for (const user of [agent, otherAgent, editor, admin]) {
    await t.call({ method: 'POST', url: '/api/users/me/two-factor', as: user, payload: { password: PASSWORD } });
  }
  const enrolled = await t.createUser('agent', 'Tess Two-Factor');
  const started = await t.call({
    method: 'POST',
    url: '/api/users/me/two-factor',
    as: enrolled,
    payload: { password: PASSWORD },
  });
  const { totpURI, backupCodes } = started.json() as { totpURI: string; backupCodes: string[] };
  const code = totp(secretOf(totpURI));
  await t.call({ method: 'POST', url: '/api/users/me/two-factor/verify', as: enrolled, payload: { code } });
  twoFactorUser = { email: enrolled.email, codes: backupCodes };
  const customer = (await make.customer()).id;
  const deal = (await make.deal()).id;
  fixed = {
    customer,
    vehicle: (await make.vehicle()).id,
    deal,
    customerDoc: (await make.document(`/api/customers/${customer}`)).id,
    dealDoc: (await make.document(`/api/deals/${deal}`)).id,
    chat: (
      await t.call({
        method: 'POST',
        url: '/api/chat/chats',
        as: agent,
        payload: { type: 'group', name: 'Agent and editor', user_ids: [editor.id] },
      })
    ).json().id,
    quote: await make.quote({ withPhoto: true }),
    photo: await make.photo(),
    guided: await make.guidedVehicle(),
    soldDeal: await (async () => {
      const sold = await make.guidedVehicle();
      const deal = await make.deal(sold.id);
      const completed = await t.call({
        method: 'PUT',
        url: `/api/deals/${deal.id}`,
        as: agent,
        payload: { ...dealBody(deal), vehicle_id: sold.id, status: 'completed' },
      });
      expect(completed.statusCode, completed.body).toBe(200);
      return deal.id;
    })(),
  };
  shared = Object.fromEntries(await Promise.all(callers.map(async (c) => [c, await cookieOf(c, false)] as const))) as Record<
    Caller,
    string | null
  >;
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

describe('authorization over every route', () => {
  it('has a row for every API route, and a route for every row', () => {
    const routes = t.app.routeList
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(rows).sort()).toEqual([...new Set(routes)].sort());
  });

  it('answers 404 to a malformed id on every route that takes one, as for a missing record', async () => {
    // A signed download link is checked by its signature first: an altered one is refused with 403.
    const routes = Object.keys(rows).filter((route) => route.includes('/:') && !route.includes('/api/files/'));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const [method, path] = route.split(' ') as [InjectOptions['method'], string];
      for (const bad of ['not-a-record', '123', '00000000-0000-0000-0000-00000000000g', `${fixed.customer}x`]) {
        const response = await t.call({
          method,
          url: path.replace(/:\w+/g, bad),
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
          as: admin,
        });
        expect({ route, bad, status: response.statusCode }).toEqual({ route, bad, status: 404 });
      }
    }
  });

  for (const [route, row] of Object.entries(rows)) {
    it(`answers ${route} as each caller must get it`, () => expectCallers(route, row, row.expected));
  }
});

/** Calls `route` as every caller and compares the statuses with `expected`. */
async function expectCallers(route: string, row: Row, expected: Expected) {
  const method = route.split(' ')[0] as InjectOptions['method'];
  const got: Partial<Expected> = {};
  for (const caller of callers) {
    const { url, ...options } = await row.request();
    const cookie = row.endsSession ? await cookieOf(caller, true) : shared[caller];
    const response = await t.call({ method, url, ...options, as: cookie });
    got[caller] = response.statusCode;
  }
  expect(got).toEqual(expected);
}

describe("authorization with the whole dealership's inventory", () => {
  const setInventory = async (inventory: 'own' | 'dealership') => {
    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    const saved = await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: { ...settings, team: { inventory } } });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  beforeAll(() => setInventory('dealership'));
  afterAll(() => setInventory('own'));

  it('has a row for every route of one vehicle', () => {
    const vehicleRoutes = Object.keys(rows).filter((route) => route.includes(' /api/vehicles/:id'));
    expect(Object.keys(sharedInventory).sort()).toEqual(vehicleRoutes.sort());
  });

  for (const [route, expected] of Object.entries(sharedInventory)) {
    it(`answers ${route} as each caller must get it`, () => expectCallers(route, rows[route]!, expected));
  }
});
