import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/connection.js';

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
  if (process.env.TORQUE_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `torque_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName(fingerprint)}`);
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
  const snapshot = new Blob([fs.readFileSync(snapshotPath(fingerprint))]);
  return openDatabase({ kind: 'embedded-memory', snapshot });
}
