import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildServer, root } from '../../scripts/build.mjs';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { migrationsFingerprint, postgresTemplateName, snapshotPath, withDatabase } from './databases.js';

/**
 * Prepares migrated databases once per run: a PGlite data-folder snapshot each test file loads in memory, and a
 * PostgreSQL template each test file copies. Both are rebuilt only when the migrations change. Builds the server as
 * `npm start` runs it, for the tests that start it in processes of their own (`tests/helpers/server.ts`), and removes
 * that build when the run ends.
 */
export default async function setup() {
  const removeServer = await buildTestServer();
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
  return removeServer;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The bundled server of this checkout, in a folder of this run's own inside the project (so that it finds
 * node_modules); its path reaches the test files as TORQUE_TEST_SERVER. Builds left by runs that were killed go.
 * `npm test` builds it once for the unit and API tests and the journeys, and names it in TORQUE_TEST_SERVER itself.
 */
async function buildTestServer() {
  if (process.env.TORQUE_TEST_SERVER && fs.existsSync(process.env.TORQUE_TEST_SERVER)) return () => {};
  const dist = path.join(root, 'dist');
  const prefix = 'test-server-';
  for (const name of fs.existsSync(dist) ? fs.readdirSync(dist) : []) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && pid && !alive(pid)) fs.rmSync(path.join(dist, name), { recursive: true, force: true });
  }
  const dir = path.join(dist, `${prefix}${process.pid}`);
  await buildServer(dir);
  process.env.TORQUE_TEST_SERVER = path.join(dir, 'main.js');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
