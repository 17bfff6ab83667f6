/**
 * Lead intake as marketplaces meet it: `npm run bench:leads` (embedded database in a new temp folder), or with
 * `DATABASE_URL=postgres://…/postgres` (a scratch database is made on that server and dropped after).
 *
 * 1. A new database gets an admin, AGENTS (4) agents and lead sources with known keys, as many as the leads need: a
 *    source may post ADF_PROSPECTS_PER_MINUTE prospects a minute.
 * 2. In this process, one ADF post is answered through `inject` while every SQL statement it sends is recorded; the
 *    statements, values written in, become the floor's script (the intake's advisory lock included: it is what makes
 *    intakes one at a time).
 * 3. The built server starts as its own process; a second process posts LEADS (100) ADF documents at once from those
 *    sources, each a new person, and times each from sending to the answer, which carries the agent it was given to (the assignment and
 *    the agent's notification are written before the answer): intake → assigned, p50/p95/p99, and the wall time.
 * 4. The floor: the recorded SQL run LEADS times over as many connections by pgbench (embedded: from this process on
 *    the engine's one connection). `ratio` is the floor's wall time over Torque's.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/connection.js';
import { ADF_PROSPECTS_PER_MINUTE } from '../src/shared/leads/schemas.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createBenchUsers } from '../src/server/scripts/bench-users.js';
import { withDatabase } from '../tests/helpers/databases.js';
import { percentile, pgbenchRounds, sqlRecorder, startApp, startServerProcess } from './lib.js';

const root = path.resolve(import.meta.dirname, '..');
const LEADS = Number(process.env.LEADS ?? 100);
const AGENTS = Number(process.env.AGENTS ?? 4);
/** Enough sources that none passes its limit with the leads and the poster's 5 first ones. */
const SOURCES = Math.ceil((LEADS + 5) / ADF_PROSPECTS_PER_MINUTE);
/** The poster's sources are 1…SOURCES; source 0 is the one whose intake is recorded (the floor replays its count). */
const keyOf = (i: number) => `bench-lead-source-key-${1 + (i % SOURCES)}`;
const RECORDED_KEY = 'bench-lead-source-key-0';

const adf = (i: number, run: string) => `<?xml version="1.0"?>
<adf><prospect><requestdate>${new Date().toISOString()}</requestdate>
<vehicle interest="buy" status="used"><year>2023</year><make>Audi</make><model>Q7</model><price>54900</price></vehicle>
<customer><contact><name part="full">Buyer ${run} ${i}</name>
<phone type="cellphone">(512) 5${String(i).padStart(2, '0')}-${run.slice(0, 4)}</phone>
<email>buyer.${run}.${i}@bench.test</email></contact></customer>
</prospect></adf>`;

type PostResult = { latencies: number[]; wallMs: number; failed: number; firstFailure: string | null; agents: number };

// The load generator: `tsx bench/leads.ts post <url>` posts LEADS leads at once, each source in turn, and prints one JSON line.
if (process.argv[2] === 'post') {
  const url = process.argv[3]!;
  const run = crypto.randomBytes(4).toString('hex').replace(/\D/g, '7').padEnd(4, '7');
  const send = (i: number) => {
    const started = performance.now();
    return fetch(`${url}?key=${keyOf(i)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: adf(i, run),
    }).then(async (response) => ({
      ms: performance.now() - started,
      status: response.status,
      body: (await response.json()) as { leads?: { assigned_to: string | null }[] },
    }));
  };
  // A few first, not counted: the server's first requests compile its code paths.
  for (let i = 0; i < 5; i++) await send(900 + i);
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: LEADS }, (_, i) => send(i)));
  const wallMs = performance.now() - started;
  const failures = results.filter((r) => r.status !== 202);
  const result: PostResult = {
    latencies: results.map((r) => r.ms).sort((a, b) => a - b),
    wallMs,
    failed: failures.length,
    firstFailure: failures[0] ? `${failures[0].status} ${JSON.stringify(failures[0].body)}` : null,
    agents: new Set(results.map((r) => r.body.leads?.[0]?.assigned_to)).size,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'embedded';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-leads-'));
let scratchUrl: string | undefined;
if (serverUrl) {
  const name = `torque_bench_leads_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  scratchUrl = withDatabase(serverUrl, name);
}
const target = scratchUrl ? { DATABASE_URL: scratchUrl } : { DATA_DIR: dataDir };

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
};
run(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureBuilt())"]);

// 1–2. Users and a source; one intake's SQL.
// The intake's own advisory lock is kept; the instance lock and the job queue run on their own timers.
const recorder = sqlRecorder(/pgboss|pg_(try_)?advisory_(un)?lock\b/i);

const database: Database = scratchUrl
  ? await openDatabase({ kind: 'postgres', url: scratchUrl, max: 4 })
  : await openDatabase({ kind: 'embedded', dataDir });
await migrateToLatest(database.db);
await createBenchUsers(database, AGENTS);
await database.db
  .insertInto('lead_sources')
  .values(
    [RECORDED_KEY, ...Array.from({ length: SOURCES }, (_, i) => keyOf(i))].map((key, i) => ({
      name: `Bench Market ${i}`,
      key_hash: crypto.createHash('sha256').update(key).digest('hex'),
    })),
  )
  .execute();
const { app } = await startApp({ database, dataDir });
const intake = (i: number) =>
  app.inject({
    method: 'POST',
    url: `/api/leads/adf?key=${RECORDED_KEY}`,
    headers: { 'content-type': 'application/xml' },
    payload: adf(i, '9999'),
  });
await intake(990);
recorder.start();
const recorded = await intake(991);
const script = recorder.stop();
if (recorded.statusCode !== 202) throw new Error(`intake: ${recorded.statusCode} ${recorded.body}`);
if (process.env.SHOW_SQL) console.log(script.join(';\n'));

/** Embedded: the intake's SQL LEADS times on the engine's one connection; the wall time in ms. */
async function embeddedFloor(): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < LEADS; i++) for (const statement of script) await database.pool.query(statement);
  return performance.now() - started;
}
const embeddedMs = kind === 'embedded' ? await embeddedFloor() : 0;
await app.close();
await database.close();

/** PostgreSQL: pgbench runs the intake's SQL LEADS times in all over LEADS connections (capped at 100); wall ms. */
function pgbenchMs(): number {
  const clients = Math.min(LEADS, 100);
  // pgbench's own start (connecting every client) is not the SQL's time: its transactions a second are.
  return (LEADS / pgbenchRounds(scratchUrl!, script, clients, LEADS).tps) * 1000;
}

// 3. The server in its own process, and the leads posted from another.
const server = await startServerProcess(target);
const base = server.base;
const posted = await new Promise<PostResult>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'bench/leads.ts', 'post', `${base}/api/leads/adf`],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LEADS: String(LEADS) } },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.on('exit', (code) =>
    code === 0 ? resolve(JSON.parse(out) as PostResult) : reject(new Error(`poster ended with ${code}`)),
  );
});
await server.stop();

// 4. The floor, on the same data, after the server has stopped.
const floorMs = kind === 'postgres' ? pgbenchMs() : embeddedMs;
const p = (q: number) => `${Math.round(percentile(posted.latencies, q))} ms`;
console.log(`\n${LEADS} ADF leads posted at once (${kind}, ${AGENTS} agents)\n`);
console.log('| intake → assigned | p50 | p95 | p99 | all answered in | floor (same SQL) | ratio | goal p95 ≤ 5 s |');
console.log('|---|---|---|---|---|---|---|---|');
console.log(
  `| ${LEADS - posted.failed} of ${LEADS} assigned, to ${posted.agents} agents | ${p(0.5)} | ${p(0.95)} | ${p(0.99)} | ` +
    `${Math.round(posted.wallMs)} ms | ${Math.round(floorMs)} ms | ${Math.round((floorMs / posted.wallMs) * 100)} % | ` +
    `${percentile(posted.latencies, 0.95) <= 5000 && posted.failed === 0 ? 'met' : 'missed'} |`,
);
if (posted.firstFailure) console.log(`first failure: ${posted.firstFailure}`);

if (scratchUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${new URL(scratchUrl).pathname.slice(1)} WITH (FORCE)`);
  await admin.end();
}
fs.rmSync(dataDir, { recursive: true, force: true });
