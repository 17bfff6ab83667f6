import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportRunEvent, ImportSummary, ImportUpload } from '../../src/shared/imports/schemas.js';
import { withCheckDigit } from '../../src/shared/vehicles/vin.js';
import { serverDatabase } from '../helpers/databases.js';
import { agreementUpload, multipartBody, pdfFile } from '../helpers/document-files.js';
import { adminEnv, adminSignIn, call } from '../helpers/server-admin.js';
import { startServer, stopServer, type Server } from '../helpers/server.js';

/**
 * The real server in its own process, each of its downloads left by the client after a few kilobytes, as a cancelled
 * download or a closed tab leaves it: the process and its database stay up, the same download then comes whole, and
 * nothing is left in the spool (where the backup keeps its scratch files). The backup, the full export, the CSV
 * exports of customers and vehicles and a document are each larger than what the sockets hold (about 4 MB here), so
 * they are cut while the server is still writing them.
 */

const ADMIN = { email: 'owner@disconnect.test', password: 'a long disconnect-test password' };
const onPostgres = process.env.TORQUE_TEST_DB === 'postgres';
const year = new Date().getUTCFullYear();
/** What the client reads before it goes away. */
const READ_BYTES = 5 * 1024;
const DOCUMENT_BYTES = 8 * 1024 * 1024;
/** Customers and vehicles with long notes: CSV exports of about 9 MB each. */
const ROWS = 1800;
const NOTES = 'n'.repeat(4900);

let server: Server;
let cookie: string;
let dataDir: string;
let env: Record<string, string>;
let dropDatabase = async () => {};
const ids = { customer: '', document: '', agreement: '', offerImage: '' };

const api = (url: string, init: RequestInit = {}) => call(`${server.url}${url}`, cookie, init);

async function created<T>(url: string, body: object): Promise<T> {
  const response = await api(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

async function uploaded<T>(url: string, multipart: { payload: Buffer; headers: Record<string, string> }): Promise<T> {
  const response = await api(url, { method: 'POST', body: multipart.payload, headers: multipart.headers });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

const csvFile = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n'));

/** Uploads a CSV file and imports it to the end: the run's last line says it is done. */
async function imported(kind: 'customers' | 'vehicles', rows: string[][]) {
  const file = await uploaded<ImportUpload>(`/api/imports?kind=${kind}`, multipartBody(`${kind}.csv`, csvFile(rows), 'text/csv'));
  const run = await api(`/api/imports/${file.id}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mapping: file.mapping }),
  });
  const last = JSON.parse((await run.text()).trim().split('\n').at(-1)!) as ImportRunEvent;
  expect(last.type).toBe('done');
}

/** Vehicles with serial numbers from `first` on, so that two files name different vehicles. */
const vehicleRows = (first: number, count: number, notes: string) => [
  ['Year', 'Make', 'Model', 'VIN', 'Price', 'Notes'],
  ...Array.from({ length: count }, (_, i) => [
    String(year),
    'BMW',
    'X5',
    withCheckDigit(`WBA5A5C50TA${String(first + i).padStart(6, '0')}`),
    '45000',
    notes,
  ]),
];

/**
 * Sends a request, reads `bytes` of the answer (or all of it, when it is shorter) and destroys the socket, as a
 * browser does when a download is cancelled.
 */
function leaveAfter(url: string, bytes: number, body?: object): Promise<{ status: number; received: number; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const headers = { cookie, 'x-requested-with': 'torque', ...(body ? { 'content-type': 'application/json' } : {}) };
    const request = http.request(`${server.url}${url}`, { method: body ? 'POST' : 'GET', headers }, (response) => {
      let received = 0;
      // The body ends early: that is the point.
      response.on('error', () => undefined);
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received < bytes) return;
        request.destroy();
        resolve({ status: response.statusCode!, received, ended: false });
      });
      response.on('end', () => resolve({ status: response.statusCode!, received, ended: true }));
    });
    request.on('error', reject);
    request.end(body && JSON.stringify(body));
  });
}

const running = () => server.child.exitCode === null && server.child.signalCode === null;

async function expectServing() {
  expect(running(), server.output()).toBe(true);
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
}

/** The spool holds nothing once the cancelled work has stopped: no backup scratch folder, no upload. */
const spoolEntries = () => fs.readdirSync(path.join(dataDir, 'spool'));

/** Sessions of the server's PostgreSQL database left inside a transaction: a cancelled download still holding a read. */
async function openTransactions(): Promise<number> {
  if (!env.DATABASE_URL) return 0;
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Waits until the work of a cancelled download has stopped (scratch files gone, reads ended), or the server has. */
const settled = () =>
  expect
    .poll(async () => !running() || (spoolEntries().length === 0 && (await openTransactions()) === 0), { timeout: 20_000 })
    .toBe(true);

describe(`downloads left by their client part-way (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-disconnect-'));
    const database = await serverDatabase();
    dropDatabase = database.drop;
    env = { ...database.env, ...adminEnv(ADMIN), DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(32 << 20) };
    server = await startServer(env);
    cookie = await adminSignIn(ADMIN)(server.url);

    const customer = await created<{ id: string }>('/api/customers', { name: 'Olivia Smith', email: 'olivia@example.com' });
    ids.customer = customer.id;
    for (const name of ['licence.pdf', 'insurance.pdf']) {
      const content = Buffer.concat([await pdfFile(name), crypto.randomBytes(DOCUMENT_BYTES)]);
      const document = await uploaded<{ id: string }>(`/api/customers/${customer.id}/documents`, multipartBody(name, content));
      ids.document = document.id;
    }
    const vehicle = await created<{ id: string }>('/api/vehicles', { make: 'BMW', model: 'X5', year, price_cents: 6_500_000 });
    await created('/api/deals', {
      date: `${year}-03-14`,
      manufacturer: 'BMW',
      model: 'X5',
      year,
      customer_id: customer.id,
      vehicle_id: vehicle.id,
      customer_name: 'Olivia Smith',
      agent_name: 'Owner',
      contract_price_cents: 6_500_000,
      broker_fee_cents: 250_000,
      status: 'completed',
    });
    ids.agreement = (await uploaded<{ id: string }>('/api/minor-agreements', await agreementUpload())).id;
    const image = await created<{ url: string }>('/api/offers/image', { vehicle_id: vehicle.id });
    ids.offerImage = new URL(image.url).pathname;

    const customers = Array.from({ length: ROWS }, (_, i) => [`Customer ${i}`, `customer${i}@example.com`, NOTES]);
    await imported('customers', [['Name', 'Email', 'Notes'], ...customers]);
    await imported('vehicles', vehicleRows(0, ROWS, NOTES));
  }, 240_000);

  // Each download is judged on its own: a server an earlier one brought down is started again, the session kept.
  beforeEach(async () => {
    if (!running()) server = await startServer(env);
  });

  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `long`: more than the sockets hold, so the client leaves while the server is still writing it. */
  const downloads: { name: string; long: boolean; url: () => Promise<string> }[] = [
    { name: 'the backup', long: true, url: async () => '/api/backup' },
    { name: 'the full export', long: true, url: async () => '/api/export' },
    { name: 'the customers CSV', long: true, url: async () => '/api/customers/export.csv' },
    { name: 'the vehicles CSV', long: true, url: async () => '/api/vehicles/export.csv' },
    { name: 'the commissions CSV', long: false, url: async () => `/api/accounting/export.csv?year=${year}` },
    { name: 'the deal analytics CSV', long: false, url: async () => `/api/analytics/deals/export.csv?year=${year}&tab=deals` },
    { name: 'the deal statement PDF', long: false, url: async () => `/api/analytics/deals/statement.pdf?year=${year}` },
    { name: 'a co-signer agreement PDF', long: false, url: async () => `/api/minor-agreements/${ids.agreement}/pdf` },
    {
      name: 'a customer document',
      long: true,
      url: async () => {
        const link = await api(`/api/customers/${ids.customer}/documents/${ids.document}/link`);
        return ((await link.json()) as { url: string }).url;
      },
    },
    { name: 'an offer image', long: false, url: async () => ids.offerImage },
  ];

  it.each(downloads)(
    'stays up when the client leaves $name after a few kilobytes',
    async ({ url, long }) => {
      const left = await leaveAfter(await url(), READ_BYTES);
      expect(left.status).toBe(200);
      expect(left.received).toBeGreaterThan(0);
      if (long) expect(left.ended).toBe(false);
      await settled();
      await expectServing();
      expect(spoolEntries()).toEqual([]);
      // The same download, read to its end, is whole: a cut-off body would make reading it fail.
      const again = await api(await url());
      expect(again.status).toBe(200);
      const length = (await again.arrayBuffer()).byteLength;
      expect(length).toBeGreaterThanOrEqual(left.received);
      if (long) expect(length).toBeGreaterThan(6_000_000);
      await expectServing();
    },
    60_000,
  );

  it('stays up when the client leaves a backup before reading anything', async () => {
    const request = http.get(`${server.url}/api/backup`, { headers: { cookie } });
    // The request is cut on purpose.
    request.on('error', () => undefined);
    // Its scratch folder says the backup has begun: it is writing the tables, before the first byte is sent.
    await expect.poll(spoolEntries).not.toEqual([]);
    request.destroy();
    await settled();
    await expectServing();
    expect(spoolEntries()).toEqual([]);
    expect(await openTransactions()).toBe(0);
  });

  it('goes on with an import whose client leaves after its first line', async () => {
    const file = await uploaded<ImportUpload>(
      '/api/imports?kind=vehicles',
      multipartBody('more.csv', csvFile(vehicleRows(ROWS, 1200, 'Short note')), 'text/csv'),
    );
    const left = await leaveAfter(`/api/imports/${file.id}/run`, 1, { mapping: file.mapping });
    expect(left.status).toBe(200);
    await expectServing();
    await expect
      .poll(async () => ((await (await api(`/api/imports/${file.id}`)).json()) as ImportSummary).status, { timeout: 30_000 })
      .toBe('done');
    const summary = (await (await api(`/api/imports/${file.id}`)).json()) as ImportSummary;
    expect(summary.new).toBe(1200);
    await expectServing();
  }, 60_000);
});
