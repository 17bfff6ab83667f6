import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { lockDataDir } from '../../src/server/db/data-dir-lock.js';
import { EngineThread } from '../../src/server/db/engine-thread.js';
import { isUniqueViolation } from '../../src/server/db/errors.js';
import { executePrepared } from '../../src/server/db/prepared-statements.js';

/** The engine thread's module as `npm start` runs it: beside the server bundle the global setup built. */
const thread = new URL('embedded-worker.js', pathToFileURL(process.env.TORQUE_TEST_SERVER!));
const folders: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-engine-thread-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const notified = (database: Database, channel: string) => {
  const payloads: string[] = [];
  return { payloads, listening: database.listen(channel, { onMessage: (payload) => payloads.push(payload) }) };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

// The server opens its data folder's engine in a thread of its own; the tests' databases run on their own thread.
describe.runIf(process.env.TORQUE_TEST_DB !== 'postgres')('the embedded database in a thread of its own', () => {
  it('answers statements, values and errors as on the main thread, and keeps what it wrote in the folder', async () => {
    const dataDir = folder();
    const database = await openDatabase({ kind: 'embedded', dataDir, thread });
    try {
      expect('pglite' in database).toBe(false);
      await sql`CREATE TABLE cars (id int8 PRIMARY KEY, vin text UNIQUE NOT NULL, sold date, price numeric, extra jsonb)`.execute(
        database.db,
      );
      await sql`INSERT INTO cars VALUES (${1}, ${'1HGCM82633A004352'}, ${'2026-12-06'}, ${'18950.50'}, ${JSON.stringify({ a: [1] })})`.execute(
        database.db,
      );
      const { rows } = await sql<{ id: number; sold: string; price: number; extra: unknown; at: Date }>`
        SELECT id, sold, price, extra, timestamptz '2026-12-06 10:00Z' AS at FROM cars`.execute(database.db);
      expect(rows).toEqual([
        { id: 1, sold: '2026-12-06', price: 18950.5, extra: { a: [1] }, at: new Date('2026-12-06T10:00:00Z') },
      ]);

      // A named statement is parsed once and then only bound and run (db/prepared-statements.ts).
      const cars = database.db.withTables<{ cars: { id: number; vin: string } }>();
      const page = cars.selectFrom('cars').select('vin').where('id', '>=', 1).limit(sql.lit(5));
      expect(await executePrepared(cars, page)).toEqual([{ vin: '1HGCM82633A004352' }]);
      expect(await executePrepared(cars, page)).toEqual([{ vin: '1HGCM82633A004352' }]);
      const { rows: prepared } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM pg_prepared_statements
        WHERE statement = ${page.compile().sql}`.execute(database.db);
      expect(prepared).toEqual([{ count: 1 }]);

      // An error answers with PostgreSQL's code, and the connection goes on.
      const duplicate = await sql`INSERT INTO cars VALUES (2, '1HGCM82633A004352')`.execute(database.db).catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
      await expect(sql`SELEC 1`.execute(database.db)).rejects.toMatchObject({ code: '42601' });

      // A transaction that fails leaves nothing; one that ends writes.
      await expect(
        database.db.transaction().execute(async (tx) => {
          await sql`INSERT INTO cars VALUES (3, 'ROLLEDBACK0000000')`.execute(tx);
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      await database.db.transaction().execute((tx) => sql`INSERT INTO cars VALUES (4, 'KEPT0000000000000')`.execute(tx));
    } finally {
      await database.close();
    }

    const reopened = await openDatabase({ kind: 'embedded', dataDir });
    try {
      const { rows } = await sql<{ vin: string }>`SELECT vin FROM cars ORDER BY id`.execute(reopened.db);
      expect(rows.map((row) => row.vin)).toEqual(['1HGCM82633A004352', 'KEPT0000000000000']);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('tells listeners of their channel\u2019s notifications until they stop', async () => {
    const database = await openDatabase({ kind: 'embedded', dataDir: folder(), thread });
    try {
      const first = notified(database, 'torque_events');
      const second = notified(database, 'torque_events');
      const other = notified(database, 'elsewhere');
      const [a, b] = await Promise.all([first.listening, second.listening, other.listening]);
      await sql`SELECT pg_notify('torque_events', 'one')`.execute(database.db);
      await database.db.transaction().execute((tx) => sql`SELECT pg_notify('torque_events', 'two')`.execute(tx));
      await settle();
      expect(first.payloads).toEqual(['one', 'two']);
      expect(second.payloads).toEqual(['one', 'two']);
      expect(other.payloads).toEqual([]);

      await a!.stop();
      await sql`SELECT pg_notify('torque_events', 'three')`.execute(database.db);
      await settle();
      expect(first.payloads).toEqual(['one', 'two']);
      expect(second.payloads).toEqual(['one', 'two', 'three']);

      await b!.stop();
      const { rows } = await sql<{ channel: string }>`SELECT pg_listening_channels() AS channel`.execute(database.db);
      expect(rows.map((row) => row.channel)).toEqual(['elsewhere']);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a folder another process holds, and a folder that is no database, and lets the folder go', async () => {
    const held = folder();
    const release = await lockDataDir(held);
    await expect(openDatabase({ kind: 'embedded', dataDir: held, thread })).rejects.toThrow(
      /is in use by another Torque process/,
    );
    await release();

    const broken = folder();
    fs.mkdirSync(path.join(broken, 'pg'));
    fs.writeFileSync(path.join(broken, 'pg', 'PG_VERSION'), 'not a version\n');
    await expect(openDatabase({ kind: 'embedded', dataDir: broken, thread })).rejects.toThrow();
    // The lock went with the failed open.
    const again = await lockDataDir(broken);
    await again();
  }, 60_000);

  it('tells the server when its thread ends without being closed, and fails what was waiting', async () => {
    const lost: Error[] = [];
    const engine = new EngineThread(new URL('../helpers/engine-that-stops.mjs', import.meta.url), folder(), (error) =>
      lost.push(error),
    );
    await engine.waitReady;
    await expect(engine.execProtocolStream(new Uint8Array([83, 0, 0, 0, 4]))).rejects.toThrow('exit code 3');
    expect(lost.map((error) => error.message)).toEqual(["The embedded database's thread ended (exit code 3)."]);

    // Closed, it ends quietly.
    const closed: Error[] = [];
    const real = new EngineThread(thread, path.join(folder(), 'pg'), (error) => closed.push(error));
    await real.waitReady;
    await real.close();
    expect(closed).toEqual([]);
    await expect(real.execProtocolStream(new Uint8Array([83, 0, 0, 0, 4]))).rejects.toThrow('thread ended');
  });
});
