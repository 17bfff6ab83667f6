/**
 * Fills the PostgreSQL database DATABASE_URL names, or the embedded one in DATA_DIR, with a large brokerage, for
 * measuring:
 *   DATABASE_URL=postgres://… npm run seed:large -- --customers 1000000 --vehicles 200000 --deals 1000000
 *   DATA_DIR=/tmp/torque-100k npm run seed:large -- --customers 100000 --vehicles 20000 --deals 100000
 * Migrates first; then writes an admin and 20 agents (password in scripts/bench-users.ts) and their customers,
 * vehicles and deals, spread over four years, with COPY. A database that already holds as many rows of a kind is left
 * as it is, so later runs reuse it.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { MultiBar, Presets } from 'cli-progress';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { createBenchUsers } from './bench-users.js';
import { randomSource, sampleCustomer, sampleDeal, sampleVehicle, type Random } from './sample-data.js';

const DAY = 24 * 60 * 60 * 1000;
const AGENTS = 20;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(
    String(process.argv[at + 1])
      .replaceAll('_', '')
      .replaceAll(',', ''),
  );
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
  return value;
}

/** A value as a CSV field: null empty and unquoted, text quoted, arrays as PostgreSQL array literals. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return csvField(`{${value.map((v) => `"${String(v).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `"${String(value).replaceAll('"', '""')}"`;
}

const bars = new MultiBar(
  {
    format: '  {table} [{bar}] {percentage}% · {value}/{total} rows · {rate} rows/s · {eta_formatted} left',
    // Piped to a file or CI, a line every 10 s instead of a bar redrawn in place.
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  },
  Presets.shades_classic,
);

/** COPYs `total` rows made by `make` into `table`, with its line in the progress bars. */
async function copyRows(
  database: Database,
  table: string,
  total: number,
  make: (n: number) => Record<string, unknown>,
): Promise<void> {
  const columns = Object.keys(make(0));
  const bar = bars.create(total, 0, { table: table.padEnd(9), rate: 0 });
  const started = performance.now();
  const client = await database.pool.connect();
  let indexes: string[] = [];
  try {
    // One transaction: the table's secondary indexes are dropped, the rows copied, and the indexes built again from
    // their own definitions, which is several times faster than keeping them up to date row by row. Should anything
    // fail, the rollback brings the indexes back as they were.
    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '${database.kind === 'postgres' ? '1GB' : '256MB'}'`);
    const { rows: defined } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition
         FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = $1
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = to_regclass('public.' || quote_ident(i.indexname)))`,
      [table],
    );
    indexes = defined.map((index) => index.definition);
    for (const index of defined) await client.query(`DROP INDEX public.${JSON.stringify(index.name)}`);
    const rows = Readable.from(
      (function* () {
        const chunk: string[] = [];
        for (let n = 0; n < total; n++) {
          const row = make(n);
          chunk.push(columns.map((c) => csvField(row[c])).join(','));
          if (chunk.length === 5000 || n === total - 1) {
            const done = n + 1;
            bar.update(done, { rate: Math.round(done / ((performance.now() - started) / 1000)).toLocaleString() });
            yield `${chunk.join('\n')}\n`;
            chunk.length = 0;
          }
        }
      })(),
    );
    const copy = `COPY ${table} (${columns.join(', ')}) FROM`;
    if (database.kind === 'postgres') {
      await pipeline(rows, client.query(copyFrom(`${copy} STDIN WITH (FORMAT csv)`)));
    } else {
      // The embedded engine copies from a blob, on the one connection it has (the pool's client is that connection).
      const chunks: string[] = [];
      for await (const chunk of rows) chunks.push(chunk as string);
      const { pglite } = database as Database & { pglite: PGlite };
      await pglite.query(`${copy} '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob(chunks) });
    }
    const building = performance.now();
    for (const definition of indexes) await client.query(definition);
    await client.query('COMMIT');
    console.log(
      `  ${table.padEnd(9)} ${indexes.length} indexes built in ${((performance.now() - building) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const count = async (database: Database, table: 'customers' | 'vehicles' | 'deals') =>
  Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(database.db)).rows[0]!.n);

async function main() {
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!url && !dataDir) throw new Error('seed:large fills the database DATABASE_URL names, or the embedded one in DATA_DIR');
  const wanted = {
    customers: option('customers', 1_000_000),
    vehicles: option('vehicles', 200_000),
    deals: option('deals', 1_000_000),
  };
  const database = url
    ? await openDatabase({ kind: 'postgres', url, max: 4 })
    : await openDatabase({ kind: 'embedded', dataDir: dataDir! });
  const started = performance.now();
  try {
    await migrateToLatest(database.db);
    const { adminId, agentIds } = await createBenchUsers(database, AGENTS);
    const agents = agentIds.map((id, i) => ({ id, name: `Agent ${i}` }));
    const now = Date.now();
    const owner = (rnd: Random) => (rnd.next() < 0.05 ? adminId : rnd.pick(agentIds));
    const moment = (rnd: Random) => new Date(now - rnd.int(0, 1460) * DAY - rnd.int(0, DAY));

    const customerRnd = randomSource(42);
    const vehicleRnd = randomSource(43);
    const dealRnd = randomSource(44);
    const plans: { table: 'customers' | 'vehicles' | 'deals'; make: (n: number) => Record<string, unknown> }[] = [
      { table: 'customers', make: (n) => sampleCustomer(customerRnd, n, owner(customerRnd), moment(customerRnd)) },
      { table: 'vehicles', make: () => sampleVehicle(vehicleRnd, owner(vehicleRnd), moment(vehicleRnd)) },
      { table: 'deals', make: () => sampleDeal(dealRnd, dealRnd.pick(agents), moment(dealRnd)) },
    ];
    const fill = async (plan: (typeof plans)[number]) => {
      const have = await count(database, plan.table);
      const missing = wanted[plan.table] - have;
      if (missing <= 0) return console.log(`  ${plan.table.padEnd(9)} ${have.toLocaleString()} already there`);
      await copyRows(database, plan.table, missing, (n) => plan.make(have + n));
    };
    // On a server the three tables load side by side, each on a connection of its own; embedded, one after another.
    const loading =
      database.kind === 'postgres'
        ? Promise.all(plans.map(fill))
        : plans.reduce<Promise<unknown>>((previous, plan) => previous.then(() => fill(plan)), Promise.resolve());
    await loading.finally(() => bars.stop());
    console.log('  vacuuming and analysing the tables…');
    // What autovacuum does on a live server: statistics for the planner, and visibility for index-only scans.
    await sql`VACUUM (ANALYZE) customers, vehicles, deals`.execute(database.db);
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Sign in as admin@bench.test or agent0@bench.test.`,
    );
  } finally {
    await database.close();
  }
}

await main();
