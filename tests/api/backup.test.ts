import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/connection.js';
import type { DB } from '../../src/server/db/schema.js';
import { restoreBackup } from '../../src/server/modules/backup/archive.js';
import { BACKUP_JOB } from '../../src/server/modules/backup/jobs.js';
import { takeDailyBackup } from '../../src/server/modules/backup/service.js';
import { createBlobStore } from '../../src/server/storage/create-blob-store.js';
import type { BlobStore } from '../../src/server/storage/blob-store.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { emptyDatabase } from '../helpers/databases.js';
import { multipartBody, pdfFile } from '../helpers/document-files.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-backup-test-'));
const year = new Date().getUTCFullYear();

async function created(url: string, payload: object, as: TestUser) {
  const response = await t.call({ method: 'POST', url, payload, as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function tables(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !name.startsWith('kysely_migration'));
}

/** Every row of every table as sorted JSON text: two databases with equal contents give equal results. */
async function contents(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await tables(db)) {
    const { rows } = await sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table)} t`.execute(db);
    result[table] = rows.map((r) => r.row).sort();
  }
  return result;
}

async function fileHashes(store: BlobStore): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for await (const batch of store.list()) {
    for (const { key } of batch) {
      const blob = await store.open(key);
      const hash = crypto.createHash('sha256');
      for await (const chunk of blob!.stream) hash.update(chunk as Buffer);
      hashes[key] = hash.digest('hex');
    }
  }
  return hashes;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Alex Admin');
  agent = await t.createUser('agent', 'Emma Carter');
  const customer = await created(
    '/api/customers',
    { name: 'Olivia Smith', email: 'olivia@example.com', preferred_cars: ['SUV'] },
    agent,
  );
  const vehicle = await created(
    '/api/vehicles',
    { make: 'BMW', model: 'X5', year, price_cents: 6_500_000, features: ['Sunroof'] },
    agent,
  );
  const deal = await created(
    '/api/deals',
    {
      date: `${year}-03-14`,
      manufacturer: 'BMW',
      model: 'X5',
      year,
      customer_id: customer.id,
      vehicle_id: vehicle.id,
      customer_name: 'Olivia Smith',
      agent_name: 'Emma Carter',
      contract_price_cents: 6_500_000,
      broker_fee_cents: 250_000,
      status: 'completed',
    },
    agent,
  );
  for (const [url, name] of [
    [`/api/customers/${customer.id}/documents`, 'licence.pdf'],
    [`/api/deals/${deal.id}/documents`, 'contract.pdf'],
  ] as const) {
    const { payload, headers } = multipartBody(name, await pdfFile(name));
    const response = await t.call({ method: 'POST', url, payload, headers, as: agent });
    expect(response.statusCode, response.body).toBe(201);
  }
  const company = { ...defaultSettings.company, name: 'Lone Star Motors', address: null, phone: null };
  expect(
    (await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: { ...defaultSettings, company } })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('is for admins only', async () => {
    expect((await t.call({ method: 'GET', url: '/api/backup', as: agent })).statusCode).toBe(403);
  });

  it('restores into an empty database with identical rows and identical files', async () => {
    const response = await t.call({ method: 'GET', url: '/api/backup', as: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="torque-backup-.*\.tar\.gz"$/);
    const file = path.join(temp, 'download.tar.gz');
    fs.writeFileSync(file, response.rawPayload);

    const target: Database = await emptyDatabase();
    const dataDir = fs.mkdtempSync(path.join(temp, 'restored-'));
    const store = await createBlobStore({ dataDir, s3: undefined });
    try {
      const manifest = await restoreBackup(target.db, store, fs.createReadStream(file));
      expect(manifest.files).toBe(2);
      expect(manifest.tables.customers).toBe(1);

      const before = await contents(t.database.db);
      const after = await contents(target.db);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      expect(after.users!.length).toBeGreaterThanOrEqual(2);

      const sourceStore = await createBlobStore({ dataDir: t.config.dataDir, s3: undefined });
      const sourceFiles = Object.fromEntries(
        Object.entries(await fileHashes(sourceStore)).filter(([k]) => !k.startsWith('backups/')),
      );
      expect(Object.keys(sourceFiles)).toHaveLength(2);
      expect(await fileHashes(store)).toEqual(sourceFiles);

      // A second restore would mix two installations: refused, and nothing changes.
      await expect(restoreBackup(target.db, store, fs.createReadStream(file))).rejects.toThrow(/already holds data/);
      expect(await contents(target.db)).toEqual(after);
    } finally {
      await target.close();
    }
  }, 60_000);

  it('works from the command line on the embedded database: npm run backup, then npm run restore', async () => {
    if (process.env.TORQUE_TEST_DB === 'postgres') return;
    const source = path.join(temp, 'cli-source');
    const copy = path.join(temp, 'cli-copy');
    const archive = path.join(temp, 'cli.tar.gz');
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const tsx = path.resolve('node_modules/.bin/tsx');
    const seed = spawnSync(tsx, ['src/server/scripts/create-admin.ts', 'owner@example.com', 'Owner Admin'], {
      env: { ...env, DATA_DIR: source, ADMIN_PASSWORD: 'a long admin passphrase' },
      encoding: 'utf8',
    });
    expect(seed.status, seed.stderr).toBe(0);
    const backup = spawnSync(tsx, ['src/server/scripts/backup.ts', archive], {
      env: { ...env, DATA_DIR: source },
      encoding: 'utf8',
    });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*cli\.tar\.gz: [\d,]+ rows, 0 documents\./);
    const restore = spawnSync(tsx, ['src/server/scripts/restore.ts', archive], {
      env: { ...env, DATA_DIR: copy },
      encoding: 'utf8',
    });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Restored the backup of /);
    const again = spawnSync(tsx, ['src/server/scripts/restore.ts', archive], {
      env: { ...env, DATA_DIR: copy },
      encoding: 'utf8',
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('The database already holds data.');
  }, 120_000);

  it('refuses an archive with an entry outside its folder in one line, and writes nothing outside', async () => {
    if (process.env.TORQUE_TEST_DB === 'postgres') return;
    const archive = path.join(temp, 'crafted.tar.gz');
    const pack = tar.pack();
    const manifest = { format: 1, migration: null, created_at: new Date().toISOString(), tables: {}, files: 0 };
    pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest));
    pack.entry({ name: '../evil' }, 'written outside the restore folder');
    pack.finalize();
    await pipeline(pack, zlib.createGzip(), fs.createWriteStream(archive));
    // The restore's scratch folder goes in TMPDIR: '../evil' would land beside it.
    const scratch = fs.mkdtempSync(path.join(temp, 'scratch-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(temp, 'crafted-copy'),
      TMPDIR: scratch,
    };
    delete env.DATABASE_URL;
    const restore = spawnSync(path.resolve('node_modules/.bin/tsx'), ['src/server/scripts/restore.ts', archive], {
      env,
      encoding: 'utf8',
    });
    expect(restore.status).toBe(1);
    expect(restore.stderr).toBe('Restore failed: Unexpected entry in the backup: ../evil\n');
    expect(fs.existsSync(path.join(scratch, 'evil'))).toBe(false);
    expect(fs.readdirSync(scratch).filter((name) => name.startsWith('restore-'))).toEqual([]);
  }, 60_000);
});

describe('the daily backup', () => {
  const scheduled = async () =>
    (
      await sql<{ cron: string; zone: string }>`
        SELECT cron, timezone AS zone FROM pgboss.schedule WHERE name = ${BACKUP_JOB}`.execute(t.database.db)
    ).rows;

  it('is scheduled by the job queue at the settings’ time in the company’s time zone, and follows a change', async () => {
    expect(await scheduled()).toEqual([{ cron: '0 2 * * *', zone: 'America/Chicago' }]);
    const backup = { daily_time: '03:30', retention_years: 7 };
    const response = await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: { ...defaultSettings, backup } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await scheduled()).toEqual([{ cron: '30 3 * * *', zone: 'America/Chicago' }]);
    const company = { ...defaultSettings.company, time_zone: 'America/Los_Angeles' };
    await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: { ...defaultSettings, backup, company } });
    expect(await scheduled()).toEqual([{ cron: '30 3 * * *', zone: 'America/Los_Angeles' }]);
  });

  it('writes DATA_DIR/backups and removes backups older than the retention', async () => {
    const backups = path.join(t.config.dataDir, 'backups');
    fs.mkdirSync(backups, { recursive: true });
    const old = path.join(backups, 'torque-backup-2010-01-01T02-00-00-000Z.tar.gz');
    fs.writeFileSync(old, 'old');
    const eightYearsAgo = new Date(Date.now() - 8 * 365 * 86_400_000);
    fs.utimesSync(old, eightYearsAgo, eightYearsAgo);
    const store = await createBlobStore({ dataDir: t.config.dataDir, s3: undefined });
    const written = await takeDailyBackup(t.database.db, store, {
      dataDir: t.config.dataDir,
      s3: false,
      spoolDir: path.join(t.config.dataDir, 'spool'),
    });
    expect(path.dirname(written)).toBe(backups);
    expect(fs.existsSync(written)).toBe(true);
    expect(fs.existsSync(old)).toBe(false);
    expect([...fs.readFileSync(written).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  });

  it('leaves no partial file behind when it fails', async () => {
    const dataDir = fs.mkdtempSync(path.join(temp, 'failing-'));
    // A file where the scratch folder should be: the backup fails after it has opened its own file.
    const spoolDir = path.join(dataDir, 'not-a-folder');
    fs.writeFileSync(spoolDir, '');
    const store = await createBlobStore({ dataDir: t.config.dataDir, s3: undefined });
    await expect(takeDailyBackup(t.database.db, store, { dataDir, s3: false, spoolDir })).rejects.toThrow(/ENOTDIR/);
    expect(fs.readdirSync(path.join(dataDir, 'backups'))).toEqual([]);
  });
});
