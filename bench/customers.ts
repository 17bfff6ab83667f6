/**
 * Customer list and search: `npm run bench:customers`.
 * Embedded (default): 100,000 customers in a temp data folder, one request at a time.
 * DATABASE_URL=postgres://…: a scratch database created on that server (and dropped after), 1,000,000 customers,
 * 32 requests at a time. CUSTOMERS= and CONCURRENCY= override either; KEEP=1 keeps the temp folder or database,
 * and BENCH_DB=<kept database> measures it again without writing the data anew.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { randomSource, sampleCustomer } from '../src/server/db/sample-data.js';
import { createUserWithPassword } from '../src/server/modules/users/service.js';

const serverUrl = process.env.DATABASE_URL;
const TOTAL = Number(process.env.CUSTOMERS ?? (serverUrl ? 1_000_000 : 100_000));
const CONCURRENCY = Number(process.env.CONCURRENCY ?? (serverUrl ? 32 : 1));
const RUNS = 200;
const AGENTS = 20;
const PASSWORD = 'bench password 123';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const DAY = 24 * 60 * 60 * 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-customers-'));
const reuse = process.env.BENCH_DB;
const scratch = reuse ?? `torque_bench_${crypto.randomBytes(4).toString('hex')}`;

async function open(): Promise<Database> {
  if (!serverUrl) return openDatabase({ kind: 'embedded', dataDir });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (!reuse) await admin.query(`CREATE DATABASE ${scratch}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${scratch}`;
  return openDatabase({ kind: 'postgres', url: url.toString(), max: CONCURRENCY + 2 });
}

async function dropScratch() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}

const database = await open();
await migrateToLatest(database.db);

if (!reuse) await seed();

const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', SESSION_SECRET: SECRET });
const app = await buildApp({ config, database, secret: SECRET });
await app.ready();

async function signIn(email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { 'x-requested-with': 'torque' },
    payload: { email, password: PASSWORD },
  });
  return [response.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
}
const cookies = { admin: await signIn('admin@bench.test'), agent: await signIn('agent0@bench.test') };

const searches = ['smith', 'olivia', 'son', 'garcia', 'mia.p', 'nguyen', 'chen4', 'ava', 'king', 'lee1'];
const scenarios: Record<string, (i: number) => string> = {
  'list (newest)': () => '/api/customers',
  'list, by name': () => '/api/customers?sort=name_asc',
  'list, status + preference': () => '/api/customers?status=prospect&preference=SUV',
  search: (i) => `/api/customers?q=${searches[i % searches.length]}`,
  'search + status': (i) => `/api/customers?q=${searches[i % searches.length]}&status=active`,
  summary: () => '/api/customers/summary',
  'summary, search': (i) => `/api/customers/summary?q=${searches[i % searches.length]}`,
};

/** One admin, 20 agents, and the customers spread over them (5% the admin's) across four years. */
async function seed() {
  const started = performance.now();
  const adminId = await createUserWithPassword(database.db, { name: 'Bench Admin', email: 'admin@bench.test', role: 'admin', password: PASSWORD });
  const agents: string[] = [];
  for (let i = 0; i < AGENTS; i++) {
    agents.push(await createUserWithPassword(database.db, { name: `Agent ${i}`, email: `agent${i}@bench.test`, role: 'agent', password: PASSWORD }));
  }
  const rnd = randomSource(42);
  const now = Date.now();
  const BATCH = 1000;
  for (let done = 0; done < TOTAL; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, TOTAL - done) }, (_, i) =>
      sampleCustomer(rnd, done + i, rnd.next() < 0.05 ? adminId : rnd.pick(agents), new Date(now - rnd.int(0, 1460) * DAY - rnd.int(0, DAY))),
    );
    await database.db.insertInto('customers').values(rows).execute();
    if (done % 100_000 === 0 && done > 0) console.log(`  ${done.toLocaleString()} customers…`);
  }
  await sql`vacuum analyze customers`.execute(database.db);
  console.log(`${TOTAL.toLocaleString()} customers written (${database.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** RUNS requests, CONCURRENCY at a time; each request's own latency. */
async function measure(url: (i: number) => string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  let next = -10;
  const worker = async () => {
    while (next < RUNS) {
      const i = next++;
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url: url(i + 10), headers: { cookie } });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`${url(i + 10)}: ${response.statusCode} ${response.body}`);
      if (i >= 0) times.push(elapsed);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times.sort((a, b) => a - b);
}

const listAndSearch: number[] = [];
console.log(`\n${CONCURRENCY} concurrent request(s)\n${'scenario'.padEnd(38)}${'median'.padStart(10)}${'p95'.padStart(10)}`);
for (const [who, cookie] of Object.entries(cookies)) {
  for (const [name, url] of Object.entries(scenarios)) {
    const times = await measure(url, cookie);
    if (!name.startsWith('summary')) listAndSearch.push(...times);
    console.log(`${`${who}: ${name}`.padEnd(38)}${percentile(times, 0.5).toFixed(1).padStart(8)}ms${percentile(times, 0.95).toFixed(1).padStart(8)}ms`);
  }
}
listAndSearch.sort((a, b) => a - b);
console.log(
  `\nlist+search, all of the above: median ${percentile(listAndSearch, 0.5).toFixed(1)} ms, p95 ${percentile(listAndSearch, 0.95).toFixed(1)} ms`,
);

await app.close();
await database.close();
if (!process.env.KEEP) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await dropScratch();
} else {
  console.log(serverUrl ? `kept database ${scratch}` : `kept ${dataDir}`);
}
