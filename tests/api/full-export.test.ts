import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/scripts/demo-seed.js';
import { streamExport } from '../../src/server/modules/export/service.js';
import { exportContents } from '../../src/server/modules/areas.js';
import { UNCLASSIFIED } from '../../src/server/platform/export-rules.js';
import { createBlobStore } from '../../src/server/storage/create-blob-store.js';
import type { ExportManifest } from '../../src/shared/export/manifest.js';
import { actorFor, createTestContext, PASSWORD, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { agreementUpload, multipartBody, pdfFile, photoFile, pngFile } from '../helpers/document-files.js';
import { csvRecords, readZip } from '../helpers/zip.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
let editor: TestUser;
let olivia: { customer: { id: string }; deal: { id: string } };
/** The agent's vehicle, sold to Olivia Smith in a completed deal. */
let stock: { id: string };
let sold: { id: string };
const year = new Date().getUTCFullYear();
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

async function created(url: string, payload: object, as: TestUser) {
  const response = await t.call({ method: 'POST', url, payload, as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function upload(url: string, name: string, content: Buffer, as: TestUser, mime = 'application/octet-stream') {
  const response = await t.call({ method: 'POST', url, as, ...multipartBody(name, content, mime) });
  expect(response.statusCode, response.body).toBe(201);
}

async function agreement(as: TestUser, customerId: string) {
  const response = await t.call({
    method: 'POST',
    url: '/api/minor-agreements',
    as,
    ...(await agreementUpload({ customer_id: customerId })),
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Seeds an agent's customer with a document, a deal with a document, and a co-signer agreement. */
async function recordsOf(as: TestUser, name: string) {
  const customer = await created('/api/customers', { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` }, as);
  const deal = await created(
    '/api/deals',
    {
      date: `${year}-03-14`,
      manufacturer: 'BMW',
      model: 'X5',
      year,
      customer_id: customer.id,
      customer_name: name,
      agent_name: as.name,
      contract_price_cents: 6_500_000,
      broker_fee_cents: 250_000,
    },
    as,
  );
  await upload(`/api/customers/${customer.id}/documents`, `${name} licence.pdf`, await pdfFile(`${name} licence`), as);
  await upload(`/api/deals/${deal.id}/documents`, '../contract?.png', pngFile(), as, 'image/png');
  await agreement(as, customer.id);
  return { customer, deal };
}

type Download = { manifest: ExportManifest; files: Map<string, Buffer>; names: string[] };

async function download(as: TestUser | null, context = t): Promise<Download> {
  const response = await context.call({ method: 'GET', url: '/api/export', as });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="torque-export-\d{4}-\d{2}-\d{2}\.zip"$/);
  const entries = await readZip(response.rawPayload);
  const names = entries.map((e) => e.name);
  expect(names.at(-1)).toBe('manifest.json');
  const files = new Map(entries.map((e) => [e.name, e.data]));
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as ExportManifest;
  return { manifest, files, names };
}

async function count(query: ReturnType<typeof sql<{ n: number }>>) {
  const { rows } = await query.execute(t.database.db);
  return Number(rows[0]!.n);
}

/** What each table file says of itself: the CSV's records after its header, the JSON array's length. */
function expectFilesMatch({ manifest, files }: Download) {
  for (const [table, entry] of Object.entries(manifest.tables)) {
    const records = csvRecords(files.get(entry.csv)!.toString('utf8'));
    expect(records[0], table).toEqual(entry.columns);
    expect(records.length - 1, `${table}.csv`).toBe(entry.rows);
    const json = JSON.parse(files.get(entry.json)!.toString('utf8')) as Record<string, unknown>[];
    expect(json.length, `${table}.json`).toBe(entry.rows);
    expect(entry.json_rows, table).toBeUndefined();
    if (json[0]) expect(Object.keys(json[0])).toEqual(entry.columns);
  }
}

/** A file of `readable/` as the manifest describes it, each record keyed by its column's header. */
function readableRows({ manifest, files }: Download, name: string): Record<string, string>[] {
  const entry = manifest.readable.files[name]!;
  expect(entry, name).toBeDefined();
  const [header, ...records] = csvRecords(files.get(entry.csv)!.toString('utf8'));
  expect(header, entry.csv).toEqual(entry.columns);
  expect(records.length, entry.csv).toBe(entry.rows);
  return records.map((cells) => Object.fromEntries(header!.map((column, i) => [column, cells[i]!])));
}

const readableNames = ['commissions', 'customers', 'deals', 'leads', 'vehicles'];

/** The readable files hold the rows of the machine tables the export holds: as many customers, vehicles, deals, leads. */
function expectReadableCounts({ manifest, names }: Download) {
  expect(names.filter((name) => name.startsWith('readable/')).sort()).toEqual(readableNames.map((n) => `readable/${n}.csv`));
  expect(Object.keys(manifest.readable.files).sort()).toEqual(readableNames);
  for (const table of ['customers', 'vehicles', 'deals', 'leads']) {
    expect(manifest.readable.files[table]!.rows, table).toBe(manifest.tables[table]?.rows ?? 0);
  }
}

/** Each document in the zip has the manifest's size and hash, and the manifest's hash is the stored file's. */
async function expectDocumentsMatch({ manifest, files }: Download, context = t) {
  const store = await createBlobStore(context.config);
  const keyColumn = (table: string, path: string) =>
    table === 'minor_agreements'
      ? path.includes('-sealed-')
        ? 'sealed_key'
        : 'original_key'
      : table === 'vehicle_photos'
        ? 'full_key'
        : 'file_path';
  for (const document of manifest.documents) {
    const data = files.get(document.path)!;
    expect(data, document.path).toBeDefined();
    expect(data.length).toBe(document.size);
    expect(sha256(data)).toBe(document.sha256);
    const { rows } = await sql<{ key: string }>`
      SELECT ${sql.ref(keyColumn(document.table, document.path))} AS key FROM ${sql.table(document.table)}
      WHERE id = ${document.id}`.execute(context.database.db);
    const blob = await store.open(rows[0]!.key);
    const chunks: Buffer[] = [];
    for await (const chunk of blob!.stream) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks)), document.path).toBe(document.sha256);
  }
  expect(manifest.missing_documents).toEqual([]);
  const inZip = [...files.keys()].filter((name) => name.startsWith('documents/'));
  expect(inZip.sort()).toEqual(manifest.documents.map((d) => d.path).sort());
}

/** Secrets the database holds that no export may carry. */
async function secrets(): Promise<string[]> {
  const { rows } = await sql<{ value: string }>`
    SELECT password AS value FROM accounts WHERE password IS NOT NULL
    UNION ALL SELECT token FROM sessions
    UNION ALL SELECT secret FROM two_factors
    UNION ALL SELECT secret FROM webhook_endpoints
    UNION ALL SELECT secret FROM hook_secrets
    UNION ALL SELECT key_hash FROM lead_sources
    UNION ALL SELECT key_hash FROM listing_feeds
    UNION ALL SELECT token_hash FROM invitations`.execute(t.database.db);
  return rows.map((r) => r.value);
}

beforeAll(async () => {
  t = await createTestContext({ DEMO: '1' });
  await seedDemo(t.database.db, TEST_SECRET);
  admin = await t.createUser('admin', 'Alex Admin');
  agent = await t.createUser('agent', 'Emma Carter');
  otherAgent = await t.createUser('agent', 'Noah Other');
  editor = await t.createUser('editor', 'Eve Editor');
  olivia = await recordsOf(agent, 'Olivia Smith');
  stock = await created(
    '/api/vehicles',
    { make: 'BMW', model: 'X5', year, vin: 'WBAJA7C55KWW00001', price_cents: 7_000_000 },
    agent,
  );
  await upload(`/api/vehicles/${stock.id}/photos`, 'front.png', await photoFile(), agent, 'image/jpeg');
  sold = await created(
    '/api/deals',
    {
      date: `${year}-04-02`,
      manufacturer: 'BMW',
      model: 'X5',
      year,
      customer_id: olivia.customer.id,
      customer_name: 'Olivia Smith',
      agent_name: agent.name,
      contract_price_cents: 6_500_000,
      broker_fee_cents: 250_000,
      status: 'completed',
      vehicle_id: stock.id,
    },
    agent,
  );
  await recordsOf(otherAgent, 'Zelda Hidden');
  // Secrets to look for: a two-factor secret, a lead source's key, an invitation, an outgoing webhook's secret.
  await t.call({ method: 'POST', url: '/api/users/me/two-factor', as: agent, payload: { password: PASSWORD } });
  await created('/api/settings/lead-sources', { name: 'Cars.com' }, admin);
  await created('/api/settings/listing-feeds', { name: 'CarMarket feed' }, admin);
  await created('/api/team/invitations', { email: 'new.agent@example.com', role: 'agent', send: false }, admin);
});
afterAll(() => t.close());

describe('full export', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await t.call({ method: 'GET', url: '/api/export' })).statusCode).toBe(401);
  });

  it("gives an admin every table, each with the database's row count, and every document with its hash", async () => {
    const started = Date.now();
    const zip = await download(admin);
    const seconds = (Date.now() - started) / 1000;
    const { manifest } = zip;
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `full export (admin, demo data): ${rows} rows, ${manifest.documents.length} documents, in ${seconds.toFixed(2)} s`,
    );
    expect(manifest.scope).toBe('everything');
    expect(manifest.actor.id).toBe(admin.id);
    expect(manifest.torque_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.snapshot).toBe(t.database.kind === 'postgres');

    const { rows: all } = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_migration%'`.execute(
      t.database.db,
    );
    for (const { name } of all) {
      expect(name in manifest.tables || name in manifest.excluded_tables, `${name} is classified`).toBe(true);
      expect(manifest.excluded_tables[name], name).not.toBe(UNCLASSIFIED);
    }
    for (const table of ['sessions', 'accounts', 'two_factors', 'verifications', 'rate_limits', 'outbox', 'hook_secrets']) {
      expect(manifest.excluded_tables[table], table).toBeDefined();
    }
    for (const [table, entry] of Object.entries(manifest.tables)) {
      expect(entry.rows, table).toBe(await count(sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`));
    }
    expect(manifest.tables.customers!.rows).toBeGreaterThan(2);
    expectFilesMatch(zip);

    const documents = await count(sql<{ n: number }>`
      SELECT (SELECT count(*) FROM customer_documents) + (SELECT count(*) FROM deal_documents)
        + 2 * (SELECT count(*) FROM minor_agreements) + (SELECT count(*) FROM vehicle_photos) AS n`);
    expect(manifest.documents.length).toBe(documents);
    await expectDocumentsMatch(zip);
    expect(zip.names).toContainEqual(expect.stringMatching(/^documents\/[0-9a-f-]{36}-Olivia Smith licence\.pdf$/));
    expect(zip.names).toContainEqual(expect.stringMatching(/^documents\/[0-9a-f-]{36}-contract_\.png$/));
    // A vehicle's photo, kept as a JPEG whatever it was sent as.
    expect(zip.names).toContainEqual(expect.stringMatching(/^documents\/[0-9a-f-]{36}-photo-front\.jpg$/));
  });

  it('leaves out sessions, password hashes and every other secret', async () => {
    const { manifest, files } = await download(admin);
    expect(manifest.excluded_columns.webhook_endpoints).toHaveProperty('secret');
    expect(manifest.excluded_columns.lead_sources).toHaveProperty('key_hash');
    expect(manifest.excluded_columns.listing_feeds).toHaveProperty('key_hash');
    expect(manifest.excluded_columns.invitations).toHaveProperty('token_hash');
    expect(manifest.tables.lead_sources!.columns).not.toContain('key_hash');
    expect(manifest.tables.invitations!.rows).toBeGreaterThan(0);
    const known = await secrets();
    expect(known.length).toBeGreaterThan(5);
    const text = [...files.entries()].filter(([name]) => !name.startsWith('documents/')).map(([, data]) => data.toString());
    for (const secret of known) for (const content of text) expect(content.includes(secret)).toBe(false);
  });

  it("gives an agent their own records and what hangs off them, and nothing of another agent's", async () => {
    const zip = await download(agent);
    const { manifest, files } = zip;
    expect(manifest.scope).toBe('visible records');
    const own = {
      customers: sql<{ n: number }>`SELECT count(*) AS n FROM customers WHERE user_id = ${agent.id}`,
      deals: sql<{ n: number }>`SELECT count(*) AS n FROM deals WHERE user_id = ${agent.id}`,
      customer_documents: sql<{ n: number }>`
        SELECT count(*) AS n FROM customer_documents d JOIN customers c ON c.id = d.customer_id WHERE c.user_id = ${agent.id}`,
      deal_documents: sql<{ n: number }>`
        SELECT count(*) AS n FROM deal_documents d JOIN deals c ON c.id = d.deal_id WHERE c.user_id = ${agent.id}`,
      minor_agreements: sql<{ n: number }>`SELECT count(*) AS n FROM minor_agreements WHERE user_id = ${agent.id}`,
      notifications: sql<{ n: number }>`SELECT count(*) AS n FROM notifications WHERE user_id = ${agent.id}`,
      users: sql<{ n: number }>`SELECT 1 AS n`,
    };
    for (const [table, query] of Object.entries(own)) expect(manifest.tables[table]?.rows, table).toBe(await count(query));
    expect(manifest.tables.customers!.rows).toBe(1);
    for (const adminsOnly of ['settings', 'audit_log', 'invitations', 'lead_sources', 'webhook_endpoints', 'lead_rotation']) {
      expect(manifest.tables[adminsOnly], adminsOnly).toBeUndefined();
    }
    expectFilesMatch(zip);
    await expectDocumentsMatch(zip);
    // The customer's and the deal's documents, the agreement's two files, and the photo of the vehicle.
    expect(manifest.documents.length).toBe(5);
    const everything = [...files.values()].map((data) => data.toString('latin1')).join('\n');
    expect(everything).toContain('Olivia Smith');
    expect(everything).not.toContain('Zelda');
    for (const table of ['customers', 'deals', 'vehicles', 'minor_agreements']) {
      const rows = JSON.parse(files.get(`tables/${table}.json`)!.toString()) as { user_id: string }[];
      expect(
        rows.filter((row) => row.user_id !== agent.id),
        table,
      ).toEqual([]);
    }
    const places = [...files.entries()].filter(([, data]) => data.toString('latin1').includes(otherAgent.id));
    // Another agent appears only as a member of the team's chats the agent takes part in.
    expect(places.map(([name]) => name)).toEqual(['tables/chat_participants.csv', 'tables/chat_participants.json']);
  });

  it('stops reading and lets go of the database when the download is closed or cancelled', async () => {
    const store = await createBlobStore(t.config);
    const actor = actorFor(admin);
    let chunks = 0;
    const closed = new Writable({
      write: (_chunk, _encoding, done) => (++chunks === 3 ? done(new Error('The client went away')) : done()),
    });
    await expect(streamExport(t.database, store, exportContents, actor, closed, new AbortController().signal)).rejects.toThrow();
    const cancel = new AbortController();
    const cancelled = new Writable({
      highWaterMark: 1,
      write: (_chunk, _encoding, done) => {
        cancel.abort(new Error('The download was cancelled'));
        setTimeout(done, 5);
      },
    });
    await expect(streamExport(t.database, store, exportContents, actor, cancelled, cancel.signal)).rejects.toThrow('cancelled');
    const open = await count(sql<{ n: number }>`
      SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
    expect(open).toBe(0);
    // The next export is whole.
    const { manifest } = await download(admin);
    expect(manifest.tables.customers!.rows).toBe(await count(sql<{ n: number }>`SELECT count(*) AS n FROM customers`));
  });

  it('lets other requests through while a download waits on a slow connection', async () => {
    const store = await createBlobStore(t.config);
    const actor = actorFor(admin);
    const cancel = new AbortController();
    let received = 0;
    // A reader that takes the first chunk and then nothing more, as a stalled browser would.
    const stalled = new Writable({
      highWaterMark: 1,
      write: (_chunk, _encoding, done) => {
        if (++received === 1) done();
      },
    });
    const running = streamExport(t.database, store, exportContents, actor, stalled, cancel.signal);
    await expect.poll(() => received).toBe(2);
    const customers = await t.call({ method: 'GET', url: '/api/customers', as: agent });
    expect(customers.statusCode).toBe(200);
    cancel.abort(new Error('The download was cancelled'));
    await expect(running).rejects.toThrow('cancelled');
  });

  it('drops a group from the export of a member taken out of it, with the messages sent after', async () => {
    const creator = await t.createUser('agent', 'Gail Group');
    const removed = await t.createUser('agent', 'Rex Removed');
    const group = await created('/api/chat/chats', { type: 'group', name: 'Tuesday desk', user_ids: [removed.id] }, creator);
    const say = async (content: string) =>
      created(`/api/chat/chats/${group.id}/messages`, { id: crypto.randomUUID(), content }, creator);
    await say('Before the change of desk');
    const before = await download(removed);
    expect(before.files.get('tables/messages.csv')!.toString()).toContain('Before the change of desk');

    const out = await t.call({ method: 'DELETE', url: `/api/chat/chats/${group.id}/participants/${removed.id}`, as: creator });
    expect(out.statusCode, out.body).toBe(204);
    await say('After the change of desk');
    expect((await t.call({ method: 'GET', url: `/api/chat/chats/${group.id}/messages`, as: removed })).statusCode).toBe(404);

    const after = await download(removed);
    for (const table of ['chats', 'chat_participants', 'messages']) {
      const rows = JSON.parse(after.files.get(`tables/${table}.json`)!.toString()) as Record<string, unknown>[];
      expect(
        rows.filter((row) => (table === 'chats' ? row.id : row.chat_id) === group.id),
        table,
      ).toEqual([]);
    }
    const creatorsZip = await download(creator);
    expect(creatorsZip.files.get('tables/messages.csv')!.toString()).toContain('After the change of desk');
  });

  it("reads leads and e-mail by their area's own rule: the export holds exactly what the screens list", async () => {
    // Mail from an address no customer has: the mail screens show it to admins and editors alone.
    await t.database.db
      .insertInto('emails')
      .values({
        direction: 'inbound',
        from_address: 'stranger@example.net',
        to_address: 'sales@torque.test',
        subject: 'Hello',
        body: 'Is the X5 still there?',
      })
      .execute();
    for (const user of [agent, otherAgent, editor]) {
      const { manifest } = await download(user);
      const leads = await t.call({ method: 'GET', url: '/api/leads?limit=100', as: user });
      expect(manifest.tables.leads?.rows ?? 0, `${user.name}'s leads`).toBe(leads.json().items.length);
      expect(manifest.readable.files.leads?.rows, `${user.name}'s readable leads`).toBe(leads.json().items.length);
      let mail = 0;
      for (const box of ['inbox', 'sent']) {
        const listed = await t.call({ method: 'GET', url: `/api/emails?box=${box}&limit=100`, as: user });
        mail += (listed.json() as { items: unknown[] }).items.length;
      }
      expect(manifest.tables.emails?.rows ?? 0, `${user.name}'s e-mail`).toBe(mail);
    }
  });

  it('gives an editor every customer and deal but no settings', async () => {
    const { manifest } = await download(editor);
    expect(manifest.tables.customers!.rows).toBe(await count(sql<{ n: number }>`SELECT count(*) AS n FROM customers`));
    expect(manifest.tables.deals!.rows).toBe(await count(sql<{ n: number }>`SELECT count(*) AS n FROM deals`));
    expect(manifest.tables.settings).toBeUndefined();
    expect(manifest.tables.users!.rows).toBe(1);
  });

  it("writes readable/ for a person: dollars, labels and names beside ids, moments in the company's time zone", async () => {
    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    const company = { ...settings.company, time_zone: 'America/Los_Angeles' };
    const saved = await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: { ...settings, company } });
    expect(saved.statusCode, saved.body).toBe(200);
    const lead = await created('/api/leads', { name: 'Wendy Walkin', phone: '(512) 555-0100', lead_source: 'Walk-in' }, agent);
    // 03:30 UTC on 15 January is 19:30 on the 14th in Los Angeles.
    const moment = '2026-01-15T03:30:05Z';
    for (const [table, id, column] of [
      ['deals', olivia.deal.id, 'created_at'],
      ['customers', olivia.customer.id, 'created_at'],
      ['leads', lead.id, 'received_at'],
    ]) {
      await sql`UPDATE ${sql.table(table!)} SET ${sql.ref(column!)} = ${moment} WHERE id = ${id}`.execute(t.database.db);
    }

    const zip = await download(admin);
    expect(zip.manifest.readable.time_zone).toBe('America/Los_Angeles');
    expectReadableCounts(zip);
    expect(zip.manifest.readable.files.customers!.rows).toBeGreaterThan(2);
    const completed = sql<{ n: number }>`SELECT count(*) AS n FROM deals WHERE status = 'completed'`;
    expect(zip.manifest.readable.files.commissions!.rows).toBe(await count(completed));
    expect(zip.manifest.readable.files.commissions!.about).toMatch(/commission/);

    const deals = readableRows(zip, 'deals');
    expect(deals.find((d) => d['Deal ID'] === olivia.deal.id)).toMatchObject({
      Date: `${year}-03-14`,
      Vehicle: `${year} BMW X5`,
      Customer: 'Olivia Smith',
      'Customer ID': olivia.customer.id,
      'Contract Price': '65000.00',
      'Broker Fee': '2500.00',
      Classification: 'Customer Paid',
      Status: 'Pending',
      Agent: 'Emma Carter',
      'Agent ID': agent.id,
      Created: '2026-01-14 19:30:05',
      VIN: '',
    });
    expect(deals.find((d) => d['Deal ID'] === sold.id)).toMatchObject({
      Status: 'Completed',
      VIN: 'WBAJA7C55KWW00001',
      'Vehicle ID': stock.id,
    });

    expect(readableRows(zip, 'customers').find((c) => c['Customer ID'] === olivia.customer.id)).toMatchObject({
      Name: 'Olivia Smith',
      // The completed sale above moved her to the funnel's last stage.
      Status: 'Active',
      Agent: 'Emma Carter',
      'Agent ID': agent.id,
      'Date Added': '2026-01-14',
    });
    expect(readableRows(zip, 'vehicles').find((v) => v['Vehicle ID'] === stock.id)).toMatchObject({
      Make: 'BMW',
      Price: '70000.00',
      Status: 'Sold',
      Agent: 'Emma Carter',
      'Agent ID': agent.id,
    });
    const commission = await sql<{ cents: number; basis: string }>`
      SELECT commission_cents AS cents, commission_basis AS basis FROM deals WHERE id = ${sold.id}`.execute(t.database.db);
    expect(readableRows(zip, 'commissions').find((c) => c['Deal ID'] === sold.id)).toMatchObject({
      'Sale Price': '65000.00',
      'Broker Fee': '2500.00',
      'Commission Amount': (commission.rows[0]!.cents / 100).toFixed(2),
      'Commission Basis': commission.rows[0]!.basis === 'broker_fee' ? 'Broker fee' : 'Sale price',
      Agent: 'Emma Carter',
      'Agent ID': agent.id,
    });
    expect(readableRows(zip, 'leads').find((l) => l['Lead ID'] === lead.id)).toMatchObject({
      Received: '2026-01-14 19:30:05',
      Channel: 'By hand',
      Status: 'Read',
      Name: 'Wendy Walkin',
      'Assigned To': 'Emma Carter',
      'Assigned To ID': agent.id,
    });
  });

  it('gives an agent readable files of their own records alone, and an editor every customer and deal', async () => {
    const zip = await download(agent);
    expectReadableCounts(zip);
    const deals = readableRows(zip, 'deals');
    const own = await sql<{ id: string }>`SELECT id FROM deals WHERE user_id = ${agent.id} ORDER BY id`.execute(t.database.db);
    expect(deals.map((d) => d['Deal ID'])).toEqual(own.rows.map((r) => r.id));
    for (const name of ['customers', 'vehicles', 'deals', 'commissions']) {
      expect(new Set(readableRows(zip, name).map((row) => row['Agent ID'])), name).toEqual(new Set([agent.id]));
    }
    expect(readableRows(zip, 'commissions').map((c) => c['Deal ID'])).toEqual([sold.id]);
    const readable = [...zip.files.entries()].filter(([name]) => name.startsWith('readable/'));
    for (const [name, data] of readable) {
      expect(data.toString(), name).not.toContain('Zelda');
      expect(data.toString(), name).not.toContain(otherAgent.id);
    }

    const editors = await download(editor);
    expectReadableCounts(editors);
    expect(editors.manifest.readable.files.customers!.rows).toBe(
      await count(sql<{ n: number }>`SELECT count(*) AS n FROM customers`),
    );
    expect(editors.manifest.readable.files.deals!.rows).toBe(await count(sql<{ n: number }>`SELECT count(*) AS n FROM deals`));
  });
});

describe('full export from S3', () => {
  let s3: TestContext;
  let server: S3rver;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-export-s3-'));
  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'torque-documents', configs: [] }],
    });
    const { port } = await server.run();
    s3 = await createTestContext({
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'torque-documents',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });
  afterAll(async () => {
    await s3?.close();
    await server?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('streams the documents from the bucket with the hashes of the stored files', async () => {
    const owner = await s3.createUser('agent', 'Sam Bucket');
    const response = await s3.call({ method: 'POST', url: '/api/customers', as: owner, payload: { name: 'Bucket Customer' } });
    const customer = response.json() as { id: string };
    const content = await pdfFile('Stored in S3');
    const uploaded = await s3.call({
      method: 'POST',
      url: `/api/customers/${customer.id}/documents`,
      as: owner,
      ...multipartBody('title.pdf', content, 'application/pdf'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const zip = await download(owner, s3);
    expect(zip.manifest.documents).toHaveLength(1);
    expect(zip.manifest.documents[0]!.sha256).toBe(sha256(content));
    await expectDocumentsMatch(zip, s3);
  });
});
