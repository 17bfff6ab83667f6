import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { migrationsFingerprint, postgresTemplateName, snapshotPath, withDatabase } from './databases.js';

/**
 * Prepares migrated databases once per run: a PGlite data-folder snapshot each test file loads in memory, and a
 * PostgreSQL template each test file copies. Both are rebuilt only when the migrations change.
 */
export default async function setup() {
  const fingerprint = migrationsFingerprint();
  const snapshot = snapshotPath(fingerprint);
  if (!fs.existsSync(snapshot)) {
    fs.mkdirSync(path.dirname(snapshot), { recursive: true });
    const database = await openDatabase({ kind: 'embedded-memory' });
    await migrateToLatest(database.db);
    const dump = await (database as unknown as { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } }).pglite.dumpDataDir('none');
    const tmp = `${snapshot}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, snapshot);
    await database.close();
  }

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = postgresTemplateName(fingerprint);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE ${template}`);
      const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), max: 1 });
      await migrateToLatest(database.db);
      await database.close();
    }
    await admin.end();
  }
}
