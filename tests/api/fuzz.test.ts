import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection.js';
import { createTestContext, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { mailboxValues, startImapPeer, type ImapPeer } from '../helpers/dovecot.js';
import { ZOD_WORDING, bodyArbitrary, idArbitrary, queryArbitrary, uploadArbitrary } from '../helpers/fuzz.js';
import { EMPTY_TWIML, hostileMails, ordinaryMail, twilioCallArbitrary, type TwilioCall } from '../helpers/inbound-fuzz.js';
import { startTwilioPeer, type TwilioPeer } from '../helpers/twilio-peer.js';

/**
 * Generated input against every API route that takes any: at least FUZZ_RUNS payloads per write route (250 in
 * `npm test`, 10,000 in `npm run fuzz`) and FUZZ_QUERY_RUNS per search and filter route (100 / 10,000: a query string
 * has fewer fields than a body, and each one that passes is a search of the seeded data). No answer
 * may be a 5xx, a refusal speaks plain words, and a refused write leaves the database exactly as it was. Each run draws
 * from a new seed, printed as it starts: `FUZZ_SEED=<seed>` draws the same input again.
 */
const writeRuns = Number(process.env.FUZZ_RUNS ?? 250);
const readRuns = Number(process.env.FUZZ_QUERY_RUNS ?? process.env.FUZZ_RUNS ?? 100);
/** Calls to the Twilio hooks: fewer than bodies per route, each being several requests and reads. */
const twilioRuns = Math.max(40, Math.round(writeRuns / 5));
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`Generated input from seed ${seed}: FUZZ_SEED=${seed} draws it again.`);

let t: TestContext;
let twilio: TwilioPeer;
let imap: ImapPeer;
let agent: TestUser;
let admin: TestUser;
const owned = { customer: '', vehicle: '', deal: '' };

type Route = { method: string; url: string; schema?: { body?: unknown; querystring?: unknown; params?: unknown } };

/**
 * What a refused write must not change: every row of the records' tables, counted by triggers this test adds to its
 * own database (an insert, update or delete of a customer, vehicle, deal, document, audit row or user; a session
 * begun or ended; a session renewed is not a change), so one read of one row tells whether anything moved.
 */
const watched = {
  customers: 'INSERT OR UPDATE OR DELETE',
  vehicles: 'INSERT OR UPDATE OR DELETE',
  deals: 'INSERT OR UPDATE OR DELETE',
  audit_log: 'INSERT OR UPDATE OR DELETE',
  customer_documents: 'INSERT OR UPDATE OR DELETE',
  deal_documents: 'INSERT OR UPDATE OR DELETE',
  users: 'INSERT OR UPDATE OR DELETE',
  sessions: 'INSERT OR DELETE',
};

async function watchWrites() {
  await sql`CREATE TABLE fuzz_writes (n bigint NOT NULL)`.execute(t.database.db);
  await sql`INSERT INTO fuzz_writes VALUES (0)`.execute(t.database.db);
  await sql`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$`.execute(t.database.db);
  for (const [table, events] of Object.entries(watched))
    await sql`CREATE TRIGGER fuzz_count_write AFTER ${sql.raw(events)} ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`.execute(t.database.db);
}

async function snapshot() {
  const { rows } = await sql<{ n: string }>`SELECT n FROM fuzz_writes`.execute(t.database.db);
  return rows[0]!.n;
}

const versionOf = async (table: 'customers' | 'vehicles' | 'deals', id: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const row = await t.database.db.selectFrom(table).select('updated_at').where('id', '=', id).executeTakeFirst();
  return row?.updated_at.toISOString();
};

/** The route's path with its ids filled: owned records for reads and edits, never for deletes. */
function pathArbitrary(route: Route): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (names.length === 0) return fc.constant(route.url);
  const parent = route.url.startsWith('/api/customers')
    ? owned.customer
    : route.url.startsWith('/api/vehicles')
      ? owned.vehicle
      : owned.deal;
  const deletesParent = route.method === 'DELETE' && names.length === 1;
  const ids = names.map((name, i) => (i === 0 && !deletesParent && name === 'id' ? idArbitrary([parent]) : idArbitrary([])));
  return fc.tuple(...ids).map((values) => names.reduce((url, name, i) => url.replace(`:${name}`, values[i]!), route.url));
}

function callerFor(route: Route) {
  return route.url.startsWith('/api/session') ? admin : agent;
}

/** Statuses seen per route; `FUZZ_REPORT=1` prints them, to see the generator reaches past validation. */
const seen = new Map<string, Map<number, number>>();

async function send(route: Route, options: Omit<InjectOptions, 'method'>) {
  const response = await t.call({ method: route.method as InjectOptions['method'], ...options, as: callerFor(route) });
  const key = `${route.method} ${route.url}`;
  const counts = seen.get(key) ?? new Map<number, number>();
  counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
  seen.set(key, counts);
  expect(response.statusCode, `${route.method} ${String(options.url)} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode === 400) expectPlainWords(response.json());
  return response;
}

/** A refusal's message and field messages are in plain words, never zod's own ('Invalid input: expected string…'). */
function expectPlainWords(body: { error: { message: string; fields?: Record<string, string> } }) {
  for (const message of [body.error.message, ...Object.values(body.error.fields ?? {})])
    expect(message, JSON.stringify(body.error)).not.toMatch(ZOD_WORDING);
}

/** The data as the last refused write left it; an accepted write makes it unknown until the next snapshot. */
let known: Awaited<ReturnType<typeof snapshot>> | undefined;

/**
 * Counts the statements sent through the app's database that may change data: every INSERT, UPDATE, DELETE and MERGE,
 * every statement with a WITH (its parts may write) and every statement written as raw SQL (it may be any). Most generated bodies are refused by the schema before any
 * handler runs, and most of the rest by a read (a record not found, not the agent's): such a refusal cannot have
 * stored anything, and the counter of writes need not be read again. Every refusal that sent a statement that may
 * write is checked against the counter at once, and the counter is read at the end of each route whatever was sent.
 */
const mayWrite = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode', 'RawNode']);
class StatementCount implements KyselyPlugin {
  sent = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (mayWrite.has(node.kind) || ('with' in node && node.with)) this.sent++;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
  wrap = (database: Database): Database => ({ ...database, db: database.db.withPlugin(this) });
}
const statements = new StatementCount();

/** Sends one write and checks that a refusal stored nothing. */
async function write(route: Route, options: Omit<InjectOptions, 'method'>) {
  const before = known ?? (await snapshot());
  const sentBefore = statements.sent;
  const response = await send(route, options);
  if (response.statusCode < 400) {
    known = undefined;
    return;
  }
  known = before;
  if (statements.sent === sentBefore) return;
  await expectUnchangedSince(before, `${route.method} ${String(options.url)} was refused but changed data`);
}

async function expectUnchangedSince(before: Awaited<ReturnType<typeof snapshot>>, message: string) {
  known = await snapshot();
  expect(known, message).toBe(before);
}

/** After a route's last request: whatever it sent, nothing a refusal wrote can go unseen. */
async function expectNoUnseenWrite(route: Route) {
  if (known !== undefined) await expectUnchangedSince(known, `a refused ${route.method} ${route.url} changed data`);
}

beforeAll(async () => {
  [twilio, imap] = await Promise.all([startTwilioPeer(), startImapPeer()]);
  t = await createTestContext({ TWILIO_API_URL: twilio.url }, { wrapDatabase: statements.wrap });
  agent = await t.createUser('agent', 'Fuzz Agent');
  admin = await t.createUser('admin', 'Fuzz Admin');
  await watchWrites();
  const year = new Date().getUTCFullYear();
  owned.customer = (
    await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name: 'Fuzz Customer' } })
  ).json().id;
  owned.vehicle = (
    await t.call({ method: 'POST', url: '/api/vehicles', as: agent, payload: { make: 'BMW', model: 'X3', year, price_cents: 1 } })
  ).json().id;
  owned.deal = (
    await t.call({
      method: 'POST',
      url: '/api/deals',
      as: agent,
      payload: {
        date: `${year}-01-02`,
        manufacturer: 'BMW',
        model: 'X3',
        year,
        customer_name: 'Fuzz',
        agent_name: 'x',
        contract_price_cents: 1,
        broker_fee_cents: 1,
      },
    })
  ).json().id;
  // The triggers count: the records just made are changes.
  expect(Number(await snapshot())).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  if (process.env.FUZZ_REPORT) {
    for (const [route, counts] of seen)
      console.log(
        route.padEnd(52),
        [...counts]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
      );
  }
  await t?.close();
  await Promise.all([twilio?.close(), imap?.close()]);
});

function apiRoutes(): Route[] {
  return t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
}

// Thousands of requests per test: minutes, not the default seconds.
const FUZZ_TIMEOUT_MS = 30 * 60_000;

describe('generated input', { timeout: FUZZ_TIMEOUT_MS }, () => {
  it('covers every route that takes a body, a query or an id', () => {
    const fuzzed = apiRoutes().filter(
      (r) => r.schema?.body || r.schema?.querystring || r.schema?.params || r.url.endsWith('/documents'),
    );
    expect(fuzzed.length).toBeGreaterThan(30);
  });

  it(`never answers 5xx to ${writeRuns} bodies per write route, and a refused write stores nothing`, async () => {
    const routes = apiRoutes().filter((r) => r.schema?.body);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/customers', 'PUT /api/deals/:id', 'PATCH /api/users/me']),
    );
    for (const route of routes) {
      const table = (['customers', 'vehicles', 'deals'] as const).find((name) => route.url === `/api/${name}/:id`);
      await fc.assert(
        fc.asyncProperty(pathArbitrary(route), bodyArbitrary(route.schema!.body), fc.boolean(), async (url, body, current) => {
          // Half of the edits carry the version the record has now, so valid ones get past the stale check.
          const id = url.split('/')[3];
          if (table && current && body && typeof body === 'object' && !Array.isArray(body) && id) {
            (body as Record<string, unknown>).updated_at =
              (await versionOf(table, id)) ?? (body as Record<string, unknown>).updated_at;
          }
          await write(route, { url, payload: body as InjectOptions['payload'], headers: { 'content-type': 'application/json' } });
        }),
        { numRuns: writeRuns, seed },
      );
      await expectNoUnseenWrite(route);
    }
  });

  it(`never answers 5xx to ${writeRuns} uploads per document route, and a refused upload stores nothing`, async () => {
    const routes = apiRoutes().filter((r) => r.method === 'POST' && r.url.endsWith('/documents'));
    expect(routes).toHaveLength(2);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathArbitrary(route), uploadArbitrary, async (url, upload) => {
          await write(route, { url, ...upload });
        }),
        { numRuns: writeRuns, seed },
      );
      await expectNoUnseenWrite(route);
    }
  });

  it(`never answers 5xx to ${writeRuns} ids per delete route, and a refused delete removes nothing`, async () => {
    const routes = apiRoutes().filter((r) => r.method === 'DELETE' && r.url.includes(':'));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathArbitrary(route), async (url) => {
          await write(route, { url });
        }),
        { numRuns: writeRuns, seed },
      );
      await expectNoUnseenWrite(route);
    }
  });

  it(`never answers 5xx to ${readRuns} queries or ids per search, filter and record route`, async () => {
    const routes = apiRoutes().filter(
      (r) => r.method === 'GET' && (r.schema?.querystring || r.schema?.params) && !r.url.startsWith('/api/files'),
    );
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/customers', '/api/vehicles/summary', '/api/deals', '/api/analytics/deals/export.csv']),
    );
    for (const route of routes) {
      const query = route.schema?.querystring ? queryArbitrary(route.schema.querystring) : fc.constant('');
      await fc.assert(
        fc.asyncProperty(pathArbitrary(route), query, async (path, q) => {
          await send(route, { url: q ? `${path}?${q}` : path });
        }),
        { numRuns: readRuns, seed },
      );
    }
  });
});

/** What an inbound text leaves behind: the replies kept, the texts in conversations, the consents, the outbox. */
async function inboundCounts() {
  const { rows } = await sql<{ replies: string; texts: string; consents: string; outbox: string }>`
    SELECT (SELECT count(*) FROM sms_replies) AS replies, (SELECT count(*) FROM texts) AS texts,
           (SELECT count(*) FROM contact_consents) AS consents, (SELECT count(*) FROM outbox) AS outbox`.execute(t.database.db);
  return {
    replies: Number(rows[0]!.replies),
    texts: Number(rows[0]!.texts),
    consents: rows[0]!.consents,
    outbox: rows[0]!.outbox,
  };
}

describe('generated input from outside', { timeout: FUZZ_TIMEOUT_MS }, () => {
  it(`never answers 5xx to ${twilioRuns} calls to the Twilio hooks; a refused one stores nothing, a message is kept once`, async () => {
    const CUSTOMER_NUMBER = '+17375550199';
    const saved = await t.call({
      method: 'PUT',
      url: '/api/texting/provider',
      as: admin,
      payload: { account_sid: twilio.accountSid, auth_token: twilio.authToken, sender: '+15125550100' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { messages_url: messagesUrl, status_url: statusUrl } = saved.json() as { messages_url: string; status_url: string };
    const customer = await t.call({
      method: 'POST',
      url: '/api/customers',
      as: agent,
      payload: { name: 'Texting Customer', phone: '(737) 555-0199' },
    });
    expect(customer.statusCode, customer.body).toBe(201);

    const post = (call: TwilioCall) => {
      const url = new URL(call.url);
      return t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: {
          host: url.host,
          'content-type': 'application/x-www-form-urlencoded',
          ...(call.signature === undefined ? {} : { 'x-twilio-signature': call.signature }),
        },
        payload: call.payload,
      });
    };
    const account = {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      messagesUrl,
      statusUrl,
      customerNumber: CUSTOMER_NUMBER,
    };
    await fc.assert(
      fc.asyncProperty(twilioCallArbitrary(account), async (call) => {
        const before = await inboundCounts();
        const answers = [await post(call), ...(call.repeated ? [await post(call)] : [])];
        const counts = seen.get(`Twilio ${call.kind}`) ?? new Map<number, number>();
        for (const answer of answers) counts.set(answer.statusCode, (counts.get(answer.statusCode) ?? 0) + 1);
        seen.set(`Twilio ${call.kind}`, counts);
        for (const answer of answers) {
          const about = `${call.kind} → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
          expect(answer.statusCode, about).toBeLessThan(500);
          if (call.status !== undefined) expect(answer.statusCode, about).toBe(call.status);
          if (answer.statusCode === 200) expect(answer.body, about).toBe(EMPTY_TWIML);
        }
        const after = await inboundCounts();
        if (answers[0]!.statusCode === 200 && call.message) {
          const kept = await t.database.db
            .selectFrom('sms_replies')
            .select(['from_phone', 'body'])
            .where('provider_id', '=', call.message.sid)
            .execute();
          expect(kept).toEqual([{ from_phone: call.message.from, body: call.message.body }]);
          expect(after.replies).toBe(before.replies + 1);
          // In the conversation of the customer whose number sent it, or waiting unmatched: never half of it.
          expect(after.texts).toBe(before.texts + (call.message.from === CUSTOMER_NUMBER ? 1 : 0));
        } else if (answers[0]!.statusCode >= 400) {
          expect(after, `a refused ${call.kind} call changed data`).toEqual(before);
        }
      }),
      { numRuns: twilioRuns, seed },
    );
  });

  it('reads past mail built to break a reader, keeping each once or passing it over, and reads the mail after it', async () => {
    const FROM = 'hostile@mail.example.net';
    const MAILBOX = { address: 'sales@dealer.test', password: 'fuzz-mailbox-password' };
    const customer = await t.call({
      method: 'POST',
      url: '/api/customers',
      as: agent,
      payload: { name: 'Mail Customer', email: FROM },
    });
    expect(customer.statusCode, customer.body).toBe(201);
    const customerId = customer.json().id as string;
    imap.addUser(MAILBOX.address, MAILBOX.password);
    const hostile = hostileMails(seed, FROM);
    const ordinary = ordinaryMail(seed, FROM);
    for (const mail of [...hostile, ordinary]) await imap.deliver(MAILBOX.address, MAILBOX.password, mail.raw);

    await t.database.db
      .insertInto('mailboxes')
      .values(mailboxValues(imap, { userId: null, ...MAILBOX, sessionSecret: TEST_SECRET, smtpPort: 1 }))
      .execute();
    const kept = (messageId: string) =>
      t.database.db.selectFrom('emails').select(['id', 'subject']).where('provider_id', '=', messageId).execute();
    await expect.poll(async () => (await kept(ordinary.messageId)).length, { timeout: 90_000, interval: 500 }).toBe(1);

    const mailbox = await t.database.db.selectFrom('mailboxes').select(['state', 'last_uid']).executeTakeFirstOrThrow();
    expect(mailbox).toEqual({ state: 'reading', last_uid: hostile.length + 1 });
    // Broken encodings and deep nesting are still mail: kept once, as far as they read. A header past what the parser
    // reads may be passed over (it stays in the mailbox), never kept twice.
    for (const mail of hostile) {
      const copies = (await kept(mail.messageId)).length;
      if (mail.name === 'huge-header') expect(copies, mail.name).toBeLessThanOrEqual(1);
      else expect(copies, mail.name).toBe(1);
    }
    // Kept without its attachment: 25 MB is over UPLOAD_MAX_BYTES (10 MiB).
    expect(await kept(hostile.find((mail) => mail.name === 'attachment-25mb')!.messageId)).toHaveLength(1);
    expect(
      await t.database.db.selectFrom('customer_documents').select('id').where('customer_id', '=', customerId).execute(),
    ).toEqual([]);
    await t.database.db.deleteFrom('mailboxes').execute();
  });
});
