import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.js';
import { restoreBackup } from '../../src/server/modules/backup/archive.js';
import { createBlobStore } from '../../src/server/storage/create-blob-store.js';
import { emptyDatabase, freshDatabase } from '../helpers/databases.js';
import { startServer, stopServer } from '../helpers/server.js';

const root = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(root, 'src/server/db/migrations');
const temp: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temp.push(dir);
  return dir;
};
afterAll(() => temp.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A copy of the migrations with extra files, as a later release would add them. */
function migrationsWith(extra: Record<string, string>) {
  const dir = tempDir('torque-migrations-');
  for (const file of fs.readdirSync(migrationsDir)) fs.copyFileSync(path.join(migrationsDir, file), path.join(dir, file));
  for (const [name, text] of Object.entries(extra)) fs.writeFileSync(path.join(dir, `${name}.sql`), text);
  return dir;
}

const migrationFiles = fs
  .readdirSync(migrationsDir)
  .sort()
  .map((file) => file.replace(/\.sql$/, ''));
const [previous, latest] = migrationFiles.slice(-2) as [string, string];

const applied = async (database: Database) =>
  (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(database.db)).rows.map((r) => r.name);
const tableExists = async (database: Database, name: string) =>
  (await sql<{ found: string | null }>`SELECT to_regclass(${name})::text AS found`.execute(database.db)).rows[0]!.found !== null;

describe('migrations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('leave the database exactly as it was when one of them fails, and name it', async () => {
    const before = await applied(database);
    const customers = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers`.execute(database.db)).rows[0]!.n;
    const dir = migrationsWith({
      '900_fine': 'CREATE TABLE upgrade_probe (id int); ALTER TABLE customers ADD COLUMN upgrade_probe text;',
      '901_broken': "INSERT INTO upgrade_probe VALUES (1); SELECT 'not a number'::int;",
    });
    await expect(migrateToLatest(database.db, { dir })).rejects.toThrow(
      /^Migration 901_broken failed: invalid input syntax for type integer.*No migration was applied/,
    );
    expect(await applied(database)).toEqual(before);
    expect(await tableExists(database, 'upgrade_probe')).toBe(false);
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'customers' AND column_name = 'upgrade_probe'`.execute(
      database.db,
    );
    expect(columns.rows).toEqual([]);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers`.execute(database.db)).rows[0]!.n).toBe(customers);
  });

  it('refuse a database a newer Torque has migrated, and change nothing', async () => {
    const before = await applied(database);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('999_from_the_future', now()::text)`.execute(database.db);
    try {
      await expect(migrateToLatest(database.db)).rejects.toThrow(
        /migrated by a newer Torque \(migration 999_from_the_future, which this version does not have\)/,
      );
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '999_from_the_future'`.execute(database.db);
    }
    expect(await applied(database)).toEqual(before);
  });

  it.runIf(process.env.TORQUE_TEST_DB === 'postgres')(
    'run once when two processes start together on one PostgreSQL database: the second waits',
    async () => {
      const empty = await emptyDatabase();
      const url = (empty.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const other = await openDatabase({ kind: 'postgres', url, max: 2 });
      try {
        const [one, two] = await Promise.all([migrateToLatest(empty.db), migrateToLatest(other.db)]);
        expect(one).toBe(two);
        const names = await applied(empty);
        expect(names.length).toBe(fs.readdirSync(migrationsDir).length);
        expect(new Set(names).size).toBe(names.length);
      } finally {
        await other.close();
        await empty.close();
      }
    },
  );
});

/** An embedded data folder an earlier Torque left: migrated up to `migration`, with one user. */
async function earlierDataFolder(migration: string) {
  const dataDir = tempDir('torque-earlier-');
  const database = await openDatabase({ kind: 'embedded', dataDir });
  await migrateTo(database.db, migration);
  await sql`INSERT INTO users (name, email, role) VALUES ('Earlier Admin', 'earlier@example.com', 'admin')`.execute(database.db);
  return { dataDir, database };
}

// The refusal is the same on both databases (tested above); the start-up's own handling is tested once.
describe.runIf(process.env.TORQUE_TEST_DB !== 'postgres')('start-up', () => {
  it('on a database a newer Torque has migrated: stops with a message that says why, and changes nothing', async () => {
    const { dataDir, database } = await earlierDataFolder(latest);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('999_from_the_future', now()::text)`.execute(database.db);
    await database.close();

    await expect(startServer({ DATA_DIR: dataDir })).rejects.toThrow(
      /server exited with 1:[\s\S]*Torque did not start\. This database was migrated by a newer Torque \(migration 999_from_the_future/,
    );

    const reopened = await openDatabase({ kind: 'embedded', dataDir });
    try {
      expect(await applied(reopened)).toContain('999_from_the_future');
      expect(await tableExists(reopened, 'customers')).toBe(true);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('with migrations to apply to an earlier version\u2019s data: backs the data up first, and says where', async () => {
    const { dataDir, database } = await earlierDataFolder(previous);
    await database.close();

    const server = await startServer({ DATA_DIR: dataDir });
    await stopServer(server, 'SIGTERM');
    expect(server.output()).toContain(`Torque will apply 1 migration(s): ${latest}. Backing up the data first`);
    const file = /The data as it was before this upgrade is in (\S+\.tar\.gz)/.exec(server.output())?.[1];
    expect(file).toContain(path.join(dataDir, 'backups', `torque-before-${latest}-`));

    // The backup is the earlier data: it restores into an empty database with the earlier version's schema and rows.
    const target = await openDatabase({ kind: 'embedded-memory' });
    try {
      const store = await createBlobStore({ s3: undefined, dataDir: tempDir('torque-restore-') });
      const manifest = await restoreBackup(target.db, store, fs.createReadStream(file!));
      expect(manifest.migration).toBe(previous);
      expect(manifest.tables.users).toBe(1);
      const users = await sql<{ email: string }>`SELECT email FROM users`.execute(target.db);
      expect(users.rows).toEqual([{ email: 'earlier@example.com' }]);
    } finally {
      await target.close();
    }
  }, 60_000);
});
