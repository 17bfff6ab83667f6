import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { sql } from 'kysely';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { withDatabase } from '../helpers/databases.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';
import { startServer, stopServer, type Server } from '../helpers/server.js';

/**
 * An upgrade from every earlier release listed in .ci/upgrade-from: that release, unpacked from git and installed,
 * starts on a fresh data folder (or a fresh PostgreSQL database), and records of every kind are written through its
 * own API, with its demo data. Then today's Torque starts on the same data: every row of every table is still there
 * with the same values, every stored file has the same SHA-256, and the app works on the upgraded data.
 */

const root = path.resolve(import.meta.dirname, '../..');
const onPostgres = process.env.TORQUE_TEST_DB === 'postgres';

const releases = fs
  .readFileSync(path.join(root, '.ci/upgrade-from'), 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean)
  .map((line) => {
    const [commit, ...label] = line.split(/\s+/);
    return { commit: commit!, label: label.join(' ') };
  });

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
}

/**
 * The release at `commit`, unpacked, installed (its dependencies, not its development tools) and built once per
 * machine (both databases' runs share it; the lock keeps them from installing it twice at once): its server bundle as
 * its own `npm start` built it, and its restore script bundled beside it, so that neither loads its TypeScript through
 * the loader at each start (about 1.5 s each).
 */
async function installRelease(commit: string): Promise<string> {
  const dir = path.join(os.tmpdir(), 'torque-releases', commit);
  fs.mkdirSync(dir, { recursive: true });
  const release = await lockfile.lock(dir, { retries: { retries: 300, minTimeout: 1000, maxTimeout: 1000 }, stale: 600_000 });
  try {
    if (!fs.existsSync(path.join(dir, '.installed'))) {
      const archive = path.join(os.tmpdir(), `torque-release-${commit}.tar`);
      run('git', ['archive', '--format=tar', '-o', archive, commit], root);
      run('tar', ['-xf', archive, '-C', dir], root);
      fs.rmSync(archive);
      // Only what the release's server runs on (its build and its restore script need no more): the test tools and the
      // web app's packages were three fifths of each install's time.
      run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], dir);
      fs.writeFileSync(path.join(dir, '.installed'), '');
    }
    if (!fs.existsSync(path.join(dir, '.built'))) {
      run(process.execPath, ['--input-type=module', '-e', "await (await import('./scripts/build.mjs')).buildServer()"], dir);
      await build({
        entryPoints: [path.join(dir, 'src/server/scripts/restore.ts')],
        outdir: path.join(dir, 'dist/server'),
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
      });
      fs.writeFileSync(path.join(dir, '.built'), '');
    }
  } finally {
    await release();
  }
  return dir;
}

const json = { 'content-type': 'application/json' };
const call = (server: Server, cookie: string, url: string, init: RequestInit = {}) =>
  fetch(`${server.url}${url}`, {
    ...init,
    headers: { 'x-requested-with': 'torque', cookie, ...(init.headers as Record<string, string>) },
  });

async function signInDemo(server: Server): Promise<string> {
  const response = await fetch(`${server.url}/api/session/demo`, {
    method: 'POST',
    headers: { ...json, 'x-requested-with': 'torque' },
    body: JSON.stringify({ role: 'admin' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function created(response: Response): Promise<{ id: string }> {
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** Every row of every table of the public schema, as JSON text per row, by table. */
async function everyRow(database: Database): Promise<Map<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(database.db);
  const all = new Map<string, string[]>();
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(name)} t`.execute(database.db);
    all.set(name, rows.map((r) => r.row).sort());
  }
  return all;
}

/**
 * What later migrations change on purpose (decision 020). Migration 029 drops the funnel's per-customer deal counts
 * (the funnel reads customer_stage_daily), makes an earlier sale's customer active at the pipeline's last stage, clears
 * the 'Website' the lead intake wrote for a lead source's customers, and the kept counts follow those moves.
 */
const dropped = new Set(['customer_funnel_daily', 'customer_deal_counts']);
const rewritten: Record<string, string[]> = {
  customers: ['status', 'pipeline_stage', 'lead_source'],
  customer_counts: ['n'],
  customer_stage_daily: ['customers'],
};

/**
 * Kept counts that migration 030 counts anew in the company's time zone: their rows move to other days and months,
 * their totals stay (each customer and vehicle is counted once, before and after).
 */
const recounted: Record<string, string[]> = {
  customer_counts: ['n'],
  customer_stage_daily: ['customers'],
  vehicle_stock: ['n', 'value_cents'],
};
/** What the one customer added after the upgrade adds to the kept counts' totals, per column of `recounted`. */
const addedCustomer: Record<string, number[]> = { customer_counts: [1], customer_stage_daily: [1] };
const totals = (rows: string[], columns: string[]) =>
  columns.map((column) => rows.reduce((sum, row) => sum + Number((JSON.parse(row) as Record<string, unknown>)[column] ?? 0), 0));

/** What today's Torque writes as it is used after the upgrade: the demo admin's sign-in is their last. */
const signedIn: Record<string, string[]> = { users: ['last_login_at'] };

/** A row's JSON without the columns a later migration rewrites on purpose, or the sign-in after the upgrade writes. */
const withoutRewritten = (table: string, row: string) => {
  const values = JSON.parse(row) as Record<string, unknown>;
  for (const column of [...(rewritten[table] ?? []), ...(signedIn[table] ?? [])]) delete values[column];
  return JSON.stringify(values);
};

/** The rows of `before` as they read now, keeping only the columns they had then (a later release may add some). */
function asBefore(before: string[], after: string[]): string[] {
  if (before.length === 0) return [];
  const columns = Object.keys(JSON.parse(before[0]!) as object);
  return after
    .map((row) => {
      const values = JSON.parse(row) as Record<string, unknown>;
      return JSON.stringify(Object.fromEntries(columns.map((c) => [c, values[c]])));
    })
    .sort();
}

/** Rows the running server itself updates or expires: queued mail, sessions, sign-in limits, pending verifications. */
const working = new Set(['outbox', 'sessions', 'rate_limits', 'verifications']);
/** The brokerage's records: their counts are equal after the upgrade (other tables may gain rows as the app runs). */
const records = ['users', 'customers', 'customer_documents', 'vehicles', 'deals', 'deal_documents', 'commission_rates'];

const normalised = (rows: string[]) => rows.map((row) => JSON.stringify(JSON.parse(row))).sort();

/** SHA-256 of every file under a folder, by path relative to it. */
function fileHashes(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const hashes: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return hashes;
}

describe.each(releases)(
  `an upgrade from $label ($commit) on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`,
  ({ commit }) => {
    let releaseDir: string;
    let dataDir: string;
    const env: Record<string, string> = { DEMO: '1' };
    const servers: Server[] = [];

    beforeAll(async () => {
      releaseDir = await installRelease(commit);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-upgrade-'));
      env.DATA_DIR = dataDir;
      if (onPostgres) env.DATABASE_URL = await scratchDatabase('upgrade');
    }, 600_000);

    afterAll(async () => {
      for (const server of servers) await stopServer(server, 'SIGKILL');
      for (const name of databases) {
        const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** A new, empty PostgreSQL database on the test server, dropped after the test: its URL. */
    const databases: string[] = [];
    async function scratchDatabase(purpose: string) {
      const name = `torque_test_${purpose}_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      databases.push(name);
      return withDatabase(process.env.TEST_DATABASE_URL!, name);
    }

    const open = () =>
      onPostgres
        ? openDatabase({ kind: 'postgres', url: env.DATABASE_URL!, max: 2 })
        : openDatabase({ kind: 'embedded', dataDir });

    it('keeps every row, file and count; the app works on the upgraded data; the backup taken first brings the release back', async () => {
      // 1. The earlier release, on fresh data, with its demo data and records written through its own API.
      const earlier = await startServer(env, releaseDir);
      servers.push(earlier);
      let cookie = await signInDemo(earlier);
      const customer = await created(
        await call(earlier, cookie, '/api/customers', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'Upgrade Customer', email: 'upgrade@example.com', phone: '(512) 555-0199' }),
        }),
      );
      const agreement = await pdfFile('Upgrade agreement');
      const document = multipartBody('purchase-agreement.pdf', agreement);
      const uploaded = await created(
        await call(earlier, cookie, `/api/customers/${customer.id}/documents`, {
          method: 'POST',
          body: document.payload,
          headers: document.headers,
        }),
      );
      await created(
        await call(earlier, cookie, '/api/vehicles', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ make: 'Audi', model: 'Q7', year: 2024, price_cents: 6_500_000, vin: 'WA1LXBF74RD000001' }),
        }),
      );
      const thisYear = new Date().getUTCFullYear();
      const deal = await created(
        await call(earlier, cookie, '/api/deals', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            date: `${thisYear}-01-15`,
            manufacturer: 'Audi',
            model: 'Q7',
            year: 2024,
            customer_id: customer.id,
            customer_name: 'Upgrade Customer',
            agent_name: 'Upgrade Agent',
            contract_price_cents: 6_500_000,
            broker_fee_cents: 250_000,
            status: 'completed',
          }),
        }),
      );
      await stopServer(earlier, 'SIGTERM');

      const database = await open();
      const before = await everyRow(database);
      await database.close();
      const filesBefore = fileHashes(path.join(dataDir, 'blobs'));
      expect(Object.keys(filesBefore)).toHaveLength(1);
      for (const table of ['users', 'customers', 'customer_documents', 'vehicles', 'deals', 'commission_rates'])
        expect(before.get(table)!.length, table).toBeGreaterThan(0);

      // 2. Today's Torque on the same data: it backs the data up, migrates, and starts; what the earlier release wrote
      // reads back, and new work is done: one customer added and edited.
      const today = await startServer(env);
      servers.push(today);
      cookie = await signInDemo(today);
      const read = await call(today, cookie, `/api/customers/${customer.id}`);
      expect(read.status).toBe(200);
      // Their completed sale made them an active customer at the pipeline's last stage (migration 029).
      expect(await read.json()).toMatchObject({
        name: 'Upgrade Customer',
        email: 'upgrade@example.com',
        status: 'active',
        pipeline_stage: 'Closed',
      });
      expect((await call(today, cookie, `/api/deals/${deal.id}`)).status).toBe(200);
      const link = (await (await call(today, cookie, `/api/customers/${customer.id}/documents/${uploaded.id}/link`)).json()) as {
        url: string;
      };
      const file = Buffer.from(await (await fetch(`${today.url}${link.url}`)).arrayBuffer());
      expect(file.equals(agreement)).toBe(true);

      const added = await created(
        await call(today, cookie, '/api/customers', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ name: 'After Upgrade' }),
        }),
      );
      const current = (await (await call(today, cookie, `/api/customers/${added.id}`)).json()) as { updated_at: string };
      const edited = await call(today, cookie, `/api/customers/${added.id}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ name: 'After Upgrade, Edited', updated_at: current.updated_at }),
      });
      expect(edited.status, await edited.clone().text()).toBe(200);
      const listed = (await (await call(today, cookie, '/api/customers?q=After%20Upgrade')).json()) as {
        items: { name: string }[];
      };
      expect(listed.items.map((c) => c.name)).toEqual(['After Upgrade, Edited']);
      const counted = (await (await call(today, cookie, '/api/customers/summary')).json()) as { total: number };
      expect(counted.total).toBe(before.get('customers')!.length + 1);
      await stopServer(today, 'SIGTERM');

      // 3. Every row the earlier release wrote is still there with the same values, and every file; the records' counts
      // are the same but for the customer added after the upgrade.
      const upgraded = await open();
      const after = await everyRow(upgraded);
      await upgraded.close();

      for (const [table, rows] of before) {
        if (table.startsWith('kysely_migration') || working.has(table) || dropped.has(table)) continue;
        expect(after.has(table), `table ${table} is still there`).toBe(true);
        if (recounted[table]) {
          const expected = totals(rows, recounted[table]).map((total, i) => total + (addedCustomer[table]?.[i] ?? 0));
          expect(totals(after.get(table)!, recounted[table]), `the totals of ${table}`).toEqual(expected);
          continue;
        }
        const now = new Set(asBefore(rows, after.get(table)!).map((row) => withoutRewritten(table, row)));
        expect(
          normalised(rows)
            .map((row) => withoutRewritten(table, row))
            .filter((row) => !now.has(row)),
          `rows of ${table} missing or changed`,
        ).toEqual([]);
      }
      for (const table of records)
        expect(after.get(table)!.length, `${table} count`).toBe(before.get(table)!.length + (table === 'customers' ? 1 : 0));
      expect(fileHashes(path.join(dataDir, 'blobs'))).toEqual(filesBefore);
      const migrated = after.get('kysely_migration')!.length;
      expect(migrated).toBe(fs.readdirSync(path.join(root, 'src/server/db/migrations')).length);
      if (migrated > before.get('kysely_migration')!.length)
        expect(fs.readdirSync(path.join(dataDir, 'backups')).some((f) => f.startsWith('torque-before-'))).toBe(true);

      // 4. Going back, as the README says: the earlier release restores the backup taken before the upgrade into a new
      // data folder (with the session secret) or a new database, and starts on it with the earlier data.
      if (migrated === before.get('kysely_migration')!.length) return;
      const backup = fs.readdirSync(path.join(dataDir, 'backups')).find((f) => f.startsWith('torque-before-'))!;
      const backDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-rollback-'));
      fs.copyFileSync(path.join(dataDir, 'session-secret'), path.join(backDir, 'session-secret'));
      const backEnv: Record<string, string> = { DEMO: '1', DATA_DIR: backDir };
      if (onPostgres) backEnv.DATABASE_URL = await scratchDatabase('rollback');
      try {
        const restored = spawnSync(process.execPath, ['dist/server/restore.js', path.join(dataDir, 'backups', backup)], {
          cwd: releaseDir,
          env: { ...process.env, ...backEnv },
          encoding: 'utf8',
        });
        expect(restored.status, restored.stderr).toBe(0);
        const back = await startServer(backEnv, releaseDir);
        servers.push(back);
        cookie = await signInDemo(back);
        expect(await (await call(back, cookie, `/api/customers/${customer.id}`)).json()).toMatchObject({
          name: 'Upgrade Customer',
        });
        expect((await call(back, cookie, `/api/customers/${added.id}`)).status).toBe(404);
        const backLink = (await (
          await call(back, cookie, `/api/customers/${customer.id}/documents/${uploaded.id}/link`)
        ).json()) as {
          url: string;
        };
        expect(Buffer.from(await (await fetch(`${back.url}${backLink.url}`)).arrayBuffer()).equals(agreement)).toBe(true);
        // Gone at once: how the earlier release stops is not what this test is about (0.6.0 took a minute to).
        await stopServer(back, 'SIGKILL');
      } finally {
        fs.rmSync(backDir, { recursive: true, force: true });
      }
    }, 600_000);
  },
);
