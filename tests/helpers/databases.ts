import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import type { DB } from '../../src/server/db/schema.js';

const migrationsDir = path.resolve(import.meta.dirname, '../../src/server/db/migrations');

export function migrationsFingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(migrationsDir).sort())
    hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 12);
}

export const snapshotPath = (fingerprint: string) => path.join(os.tmpdir(), 'torque-test', `pglite-${fingerprint}.tar`);
export const postgresTemplateName = (fingerprint: string) => `torque_template_${fingerprint}`;

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated database for one test file: PGlite in memory, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<Database> {
  const fingerprint = migrationsFingerprint();
  if (process.env.TORQUE_TEST_DB === 'postgres') return scratchPostgres(`TEMPLATE ${postgresTemplateName(fingerprint)}`);
  const snapshot = new Blob([fs.readFileSync(snapshotPath(fingerprint))]);
  return openDatabase({ kind: 'embedded-memory', snapshot });
}

/** An empty database, not even migrated: PGlite in memory, or a new PostgreSQL database dropped on close. */
export async function emptyDatabase(): Promise<Database> {
  if (process.env.TORQUE_TEST_DB !== 'postgres') return openDatabase({ kind: 'embedded-memory' });
  return scratchPostgres('');
}

/**
 * The database of a server process started by a test: on PostgreSQL a new copy of the migrated template, whose
 * DATABASE_URL goes in the server's environment, and `drop` removes it; on the embedded database nothing, as the
 * server keeps it in its DATA_DIR.
 */
export async function serverDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (process.env.TORQUE_TEST_DB !== 'postgres') return { env: {}, drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL!;
  const name = `torque_test_server_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName(migrationsFingerprint())}`);
  await admin.end();
  return {
    env: { DATABASE_URL: withDatabase(url, name) },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A new database on the test server (`CREATE DATABASE … <options>`), dropped when it is closed. */
async function scratchPostgres(options: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `torque_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} ${options}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), max: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** How many rows a table holds now. */
export async function rowCount(database: Database, table: keyof DB): Promise<number> {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
