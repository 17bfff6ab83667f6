/**
 * Torque as a user meets it: `npm run bench` (every area) or `npm run bench:<area>` (customers, vehicles, analytics,
 * tasks, inbox).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/torque_large npm run bench
 *       PostgreSQL with 1,000,000 customers, 200,000 vehicles, 1,000,000 deals, 1,000,000 tasks and 1,000,000
 *       messages (e-mails and texts), 32 connections
 *   npm run bench
 *       the embedded database (in DATA_DIR, default a kept temp folder) with 100,000 customers, 20,000 vehicles,
 *       100,000 deals, 100,000 tasks and 100,000 messages, 4 connections
 *
 * 1. The database is filled by `npm run seed:large` (a database already that full is reused as it is).
 * 2. In this process, Torque answers each request once through `inject` while every SQL statement it sends is
 *    recorded, the session's included; the statements, with their values written in, become a pgbench script.
 * 3. The built server (dist/server/main.js) starts as its own process on the database, and a second process
 *    (bench/load.ts, wrk) drives it over HTTP for SECONDS (10) per request, with the admin's or the agent's
 *    session cookie, after a two-second warm-up.
 * 4. The floor: pgbench runs the same SQL, in the protocol Torque sends it in, over as many connections for as long
 *    (embedded, where no pgbench can connect, this process runs it on the one connection the embedded engine has).
 *    `ratio` is Torque's requests per second over pgbench's transactions per second: the share of the database's own
 *    limit that reaches the user. Beside them, the CPU each request cost the server's process and PostgreSQL's.
 *
 * Settings: CONNECTIONS, SECONDS, DATA_DIR (embedded), SIZE=small for a quick look at a tenth of the rows, and
 * SHOW_SQL=1 to print the statements each request sends, ONLY=<text> for the requests whose 'who name' holds it,
 * PROFILE=<folder> for a CPU profile of the server, SERVER_FLAGS for Node's flags of the server, CEILING=1 (PostgreSQL)
 * for each request's ceiling on a server of node:http and node-postgres alone (bench/ceiling.ts), and for figures
 * comparable with those before 6 December 2026 LOAD_GENERATOR=autocannon (see bench/load.ts) and FLOOR_MODE=simple.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/server/db/connection.js';
import { cpuSeconds, cpuSecondsSince, memoryOf, sqlRecorder, startApp, startServerProcess } from './lib.js';
import { freePort } from './ports.js';
import type { CeilingPlan } from './ceiling.js';
import type { LoadPlan, LoadResult } from './load.js';

const root = path.resolve(import.meta.dirname, '..');
const areas = ['customers', 'vehicles', 'analytics', 'tasks', 'inbox'] as const;
type Area = (typeof areas)[number];
const chosen = process.argv.slice(2).filter((a): a is Area => (areas as readonly string[]).includes(a));
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'embedded';
const scale = process.env.SIZE === 'small' ? 0.1 : 1;
const rows = {
  customers: (kind === 'postgres' ? 1_000_000 : 100_000) * scale,
  vehicles: (kind === 'postgres' ? 200_000 : 20_000) * scale,
  deals: (kind === 'postgres' ? 1_000_000 : 100_000) * scale,
  tasks: (kind === 'postgres' ? 1_000_000 : 100_000) * scale,
  messages: (kind === 'postgres' ? 1_000_000 : 100_000) * scale,
};
const CONNECTIONS = Number(process.env.CONNECTIONS ?? (kind === 'postgres' ? 32 : 4));
const SECONDS = Number(process.env.SECONDS ?? 10);
const dataDir = process.env.DATA_DIR ?? path.join(os.tmpdir(), `torque-bench-embedded-${rows.customers}`);

type Goal = { p95?: number; ratio?: number };
type Scenario = { area: Area; name: string; who: 'admin' | 'agent'; paths: string[]; goal?: Goal };
const thisYear = new Date().getFullYear();
const years = [0, 1, 2, 3].map((back) => thisYear - back);
const searches = ['smith', 'olivia', 'garcia', 'nguyen', 'king'];
/** The calendar's week view: the seven days around today. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const week = `from=${day(-3)}&to=${day(3)}`;
const embedded = { p95: 50 };
const everyScenario: Scenario[] = [
  {
    area: 'customers',
    who: 'agent',
    name: 'customer list (newest)',
    paths: ['/api/customers'],
    goal: kind === 'postgres' ? { p95: 20, ratio: 0.5 } : embedded,
  },
  {
    area: 'customers',
    who: 'agent',
    name: "customer search 'smith'",
    paths: ['/api/customers?q=smith'],
    goal: kind === 'postgres' ? { p95: 40 } : embedded,
  },
  {
    area: 'customers',
    who: 'agent',
    name: 'customer summary, search',
    paths: ['/api/customers/summary?q=smith'],
    goal: { p95: 50 },
  },
  {
    area: 'customers',
    who: 'admin',
    name: 'customer summary, search',
    paths: ['/api/customers/summary?q=smith'],
    goal: { p95: 50 },
  },
  {
    area: 'customers',
    who: 'admin',
    name: 'customer list (newest)',
    paths: ['/api/customers'],
    goal: kind === 'postgres' ? { p95: 20 } : embedded,
  },
  {
    area: 'customers',
    who: 'admin',
    name: 'customer search, five names',
    paths: searches.map((q) => `/api/customers?q=${q}`),
    goal: kind === 'postgres' ? { p95: 40 } : embedded,
  },
  { area: 'customers', who: 'admin', name: 'customer summary', paths: ['/api/customers/summary'], goal: { p95: 20 } },
  { area: 'vehicles', who: 'agent', name: 'vehicle list (newest)', paths: ['/api/vehicles'] },
  { area: 'vehicles', who: 'admin', name: 'vehicle list (newest)', paths: ['/api/vehicles'] },
  { area: 'vehicles', who: 'admin', name: "vehicle search 'bmw'", paths: ['/api/vehicles?q=bmw'] },
  {
    area: 'analytics',
    who: 'admin',
    name: 'deal analytics, four years',
    paths: years.map((y) => `/api/analytics/deals?year=${y}`),
    goal: { p95: 50 },
  },
  {
    area: 'analytics',
    who: 'agent',
    name: 'deal analytics, four years',
    paths: years.map((y) => `/api/analytics/deals?year=${y}`),
    goal: { p95: 50 },
  },
  { area: 'analytics', who: 'admin', name: 'dashboard', paths: ['/api/dashboard'], goal: { p95: 50 } },
  { area: 'analytics', who: 'agent', name: 'dashboard', paths: ['/api/dashboard'], goal: { p95: 50 } },
  // The goal is one user's (CONNECTIONS=1): at 32 connections the p95 is bounded by the floor.
  ...(['admin', 'agent'] as const).map((who) => ({
    area: 'analytics' as const,
    who,
    name: 'analytics page, 12 months',
    paths: ['/api/analytics?range=12m'],
    goal: { p95: 100 },
  })),
  // My Tasks opens on Today with the count of each section; the team's calendar week is the admin's whole team.
  { area: 'tasks', who: 'agent', name: 'My Tasks, today', paths: ['/api/tasks?view=today'], goal: { p95: 50 } },
  { area: 'tasks', who: 'agent', name: 'My Tasks, overdue', paths: ['/api/tasks?view=overdue'], goal: { p95: 50 } },
  { area: 'tasks', who: 'agent', name: 'My Tasks, counts', paths: ['/api/tasks/summary'], goal: { p95: 50 } },
  { area: 'tasks', who: 'admin', name: 'team tasks, counts', paths: ['/api/tasks/summary?assignee=all'], goal: { p95: 50 } },
  { area: 'tasks', who: 'agent', name: 'calendar week', paths: [`/api/tasks/calendar?${week}`], goal: { p95: 50 } },
  {
    area: 'tasks',
    who: 'admin',
    name: 'team calendar week',
    paths: [`/api/tasks/calendar?assignee=all&${week}`],
    goal: { p95: 100 },
  },
  // Communications: who waits for an answer, oldest first; the mail that came in; one customer's thread (':customer' is
  // one of agent0's customers with a conversation, looked up below).
  { area: 'inbox', who: 'agent', name: 'Waiting, mine', paths: ['/api/inbox?scope=mine'], goal: { p95: 50 } },
  { area: 'inbox', who: 'admin', name: 'Waiting, the team', paths: ['/api/inbox?scope=team'], goal: { p95: 50 } },
  { area: 'inbox', who: 'agent', name: 'E-mail inbox', paths: ['/api/emails?box=inbox'], goal: { p95: 50 } },
  { area: 'inbox', who: 'admin', name: 'E-mail inbox', paths: ['/api/emails?box=inbox'], goal: { p95: 50 } },
  {
    area: 'inbox',
    who: 'agent',
    name: "a customer's conversation",
    paths: ['/api/customers/:customer/conversation'],
    goal: { p95: 50 },
  },
];
const only = process.env.ONLY;
const scenarios = everyScenario.filter(
  (s) => (chosen.length === 0 || chosen.includes(s.area)) && (!only || `${s.who} ${s.name}`.includes(only)),
);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

// 1. The data, and the built server.
const target = serverUrl ? { DATABASE_URL: serverUrl } : { DATA_DIR: dataDir };
run(
  process.execPath,
  [
    path.join(root, 'node_modules/tsx/dist/cli.mjs'),
    'src/server/scripts/seed-large.ts',
    ...['--customers', String(rows.customers), '--vehicles', String(rows.vehicles), '--deals', String(rows.deals)],
    ...['--tasks', String(rows.tasks), '--messages', String(rows.messages)],
  ],
  target,
);
run(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureBuilt())"]);

// 2. Sessions, and the SQL of each request, in this process.
// The job queue and the instance lock run on their own timers: not the request's.
const recorder = sqlRecorder(/pgboss|pg_advisory/i);

const database: Database = serverUrl
  ? await openDatabase({ kind: 'postgres', url: serverUrl, max: 4 })
  : await openDatabase({ kind: 'embedded', dataDir });
const { app, cookies } = await startApp({ database, dataDir });
const conversing = await sql<{ id: string }>`
  SELECT c.id FROM customers c JOIN users u ON u.id = c.user_id
   WHERE u.email = 'agent0@bench.test' AND EXISTS (SELECT 1 FROM texts t WHERE t.customer_id = c.id)
     AND EXISTS (SELECT 1 FROM emails e WHERE e.customer_id = c.id)
   ORDER BY c.id LIMIT 1`.execute(database.db);
for (const scenario of scenarios)
  scenario.paths = scenario.paths.map((url) => url.replace(':customer', conversing.rows[0]?.id ?? ':customer'));
const scripts = new Map<Scenario, string[][]>();
/**
 * The protocol pgbench sends a request's statements in: node-postgres sends a statement with values as Parse, Bind,
 * Describe, Execute and Sync — pgbench's 'extended' — which costs PostgreSQL more than the one Query message of a
 * statement without ('simple': 3,722 against 2,638 tx/s for the vehicle list on this machine). A request whose
 * statements all have values is measured 'extended', any other 'simple'; one whose statements are all named (see
 * db/prepared-statements.ts: parsed and planned once per connection) 'prepared', where pgbench too parses and plans each
 * statement once per connection. FLOOR_MODE=simple measures every request 'simple', as the figures before 6 December
 * 2026 were.
 */
const floorModes = new Map<Scenario, 'simple' | 'extended' | 'prepared'>();
/**
 * The statement as pgbench's extended mode can send it: there a ':' before a letter is one of pgbench's variables, even
 * inside a literal (to_char's 'HH24:MI'), so such a literal becomes an escape string with the colon written '\072' —
 * the same value.
 */
const forExtendedMode = (statement: string) =>
  statement.replace(/(?<![\w$])'((?:[^']|'')*)'/g, (literal, body: string) =>
    /:[A-Za-z_]/.test(body) ? `E'${body.replaceAll('\\', '\\\\').replace(/:(?=[A-Za-z_])/g, '\\072')}'` : literal,
  );
for (const scenario of scenarios) {
  const perPath: string[][] = [];
  let namedOnly = true;
  for (const url of scenario.paths) {
    const request = () => app.inject({ method: 'GET', url, headers: { cookie: cookies[scenario.who] } });
    const first = await request();
    if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
    recorder.start();
    await request();
    const statements = recorder.stop();
    perPath.push(statements);
    if (recorder.named < statements.length) namedOnly = false;
    if (recorder.plain > 0 || process.env.FLOOR_MODE === 'simple') floorModes.set(scenario, 'simple');
  }
  if (!floorModes.has(scenario)) floorModes.set(scenario, namedOnly ? 'prepared' : 'extended');
  scripts.set(scenario, perPath);
}

/** Embedded: the floor is the same SQL on the engine's one connection, from this process, for SECONDS. */
async function embeddedFloor(perPath: string[][]): Promise<number> {
  const ends = performance.now() + SECONDS * 1000;
  let done = 0;
  while (performance.now() < ends) {
    for (const statement of perPath[done % perPath.length]!) await database.pool.query(statement);
    done++;
  }
  return done / SECONDS;
}
const embeddedFloors = new Map<Scenario, number>();
if (kind === 'embedded') for (const [scenario, perPath] of scripts) embeddedFloors.set(scenario, await embeddedFloor(perPath));
await app.close();
await database.close();

/** PostgreSQL: pgbench with the same SQL, one script per request path, CONNECTIONS clients for SECONDS. */
function pgbench(perPath: string[][], mode: 'simple' | 'extended' | 'prepared'): number {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-pgbench-'));
  const files = perPath.map((statements, i) => {
    const file = path.join(folder, `${i}.sql`);
    fs.writeFileSync(file, statements.map((s) => `${mode !== 'simple' ? forExtendedMode(s) : s};\n`).join(''));
    return file;
  });
  const result = spawnSync(
    'pgbench',
    ['-n', '-M', mode, '-c', String(CONNECTIONS), '-j', String(os.availableParallelism()), '-T', String(SECONDS)]
      .concat(files.flatMap((file) => ['-f', file]))
      .concat([serverUrl!]),
    // The session settings Torque's own connections have (see db/connection.ts).
    { encoding: 'utf8', env: { ...process.env, PGOPTIONS: '-c jit=off' } },
  );
  fs.rmSync(folder, { recursive: true, force: true });
  const tps = /tps = ([\d.]+)/.exec(result.stdout ?? '');
  if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  return Number(tps[1]);
}

// 3. The server in its own process, driven from another.
// PROFILE=<folder>: the server writes a V8 CPU profile there when it ends (open it in Chrome's DevTools).
const profile = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.PROFILE)}`] : [];
// SERVER_FLAGS: Node's flags for the server process, space-separated (V8's heap sizes, say).
const serverFlags = (process.env.SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const server = await startServerProcess(target, [...serverFlags, ...profile]);
const base = server.base;

/** PostgreSQL's processes on this machine (its connections' backends among them). */
const postgresPids = () =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });

/**
 * Drives the server with `plan`, and measures the CPU time per answered request of the measured run: the server's,
 * and the database's (every PostgreSQL process; on the embedded database it runs in the server's process).
 */
function load(plan: LoadPlan, serverPid = server.pid): Promise<LoadResult & { serverCpu: number; databaseCpu: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'bench/load.ts', JSON.stringify(plan)],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    let before: { server: Map<number, number>; database: Map<number, number> } | null = null;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!before && out.includes('measuring\n'))
        before = { server: cpuSeconds([serverPid]), database: cpuSeconds(kind === 'postgres' ? postgresPids() : []) };
    });
    child.on('exit', (code) => {
      if (code !== 0 || !before) return reject(new Error(`load generator ended with ${code}`));
      const result = JSON.parse(out.slice(out.indexOf('measuring\n') + 10)) as LoadResult;
      const answered = Math.max(1, result.count);
      resolve({
        ...result,
        serverCpu: (cpuSecondsSince(before.server, cpuSeconds([serverPid])) * 1000) / answered,
        databaseCpu:
          kind === 'postgres' ? (cpuSecondsSince(before.database, cpuSeconds(postgresPids())) * 1000) / answered : null,
      });
    });
  });
}

/**
 * CEILING=1 (PostgreSQL): the same load on bench/ceiling.ts, a server of node:http alone sending each path's recorded
 * statements in the same protocol and writing their rows with JSON.stringify — what any Node server with
 * node-postgres pays for this SQL. Its requests per second over the floor is the highest ratio a Node server reaches
 * on this machine.
 */
async function ceilingRun(scenario: Scenario, perPath: string[][]) {
  const port = await freePort();
  const ceilingPlan: CeilingPlan = {
    port,
    databaseUrl: serverUrl!,
    paths: Object.fromEntries(
      scenario.paths.map((url, i) => [url, { statements: perPath[i]!, mode: floorModes.get(scenario)! }]),
    ),
  };
  const child = spawn(
    process.execPath,
    // With tsx as a loader, not its command, so the measured process is the server itself.
    ['--import', 'tsx', 'bench/ceiling.ts', JSON.stringify(ceilingPlan)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ended = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', () => reject(new Error('the ceiling server did not start')));
  });
  try {
    return await load(
      { url: `http://127.0.0.1:${port}`, cookie: '', paths: scenario.paths, connections: CONNECTIONS, seconds: SECONDS },
      child.pid!,
    );
  } finally {
    child.kill('SIGTERM');
    await ended;
  }
}

/** The admin's CSV export of every customer, read to the end: rows per second and how far the server's memory grew. */
async function exportRun() {
  const before = memoryOf(server.pid, 'VmRSS');
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid, 'VmRSS'))), 50);
  const started = performance.now();
  const response = await fetch(`${base}/api/customers/export.csv`, { headers: { cookie: cookies.admin } });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let lines = 0;
  // Lines counted with indexOf (native): a byte-by-byte loop here held the download back at ~10,000 rows/s.
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rows = lines - 1;
  console.log(
    `\ncustomer CSV export (admin, every customer): ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s = ` +
      `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s (goal ≥ 50,000); server memory ${Math.round(before)} MB → ` +
      `peak ${Math.round(peak)} MB, +${Math.round(peak - before)} MB (goal ≤ 100 MB)`,
  );
}

const ms = (value: number) => value.toFixed(1);
const goalText = (goal?: Goal) =>
  goal ? [goal.p95 && `p95 ≤ ${goal.p95} ms`, goal.ratio && `ratio ≥ ${goal.ratio * 100} %`].filter(Boolean).join(', ') : '';
const cores = os.availableParallelism();
console.log(
  `\n${kind === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)'} · ${rows.customers.toLocaleString('en-US')} customers, ` +
    `${rows.vehicles.toLocaleString('en-US')} vehicles, ${rows.deals.toLocaleString('en-US')} deals, ` +
    `${rows.tasks.toLocaleString('en-US')} tasks, ${rows.messages.toLocaleString('en-US')} messages · ${CONNECTIONS} connections · ` +
    `${SECONDS} s per request · ${cores} cores · ${new Date().toISOString().slice(0, 10)}\n`,
);
// p95 ÷ floor: the issue's measure at many connections (a p95 near the floor's mean is as good as the SQL allows).
// CPU: what each answered request cost the server's process and the database's, in CPU milliseconds.
console.log(
  '| request | as | p50 ms | p95 ms | p99 ms | req/s | floor tx/s | floor ms | ratio | p95 ÷ floor | CPU ms: server, db | goal | met | why not |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|');
const ceiling = process.env.CEILING === '1' && kind === 'postgres';
type Measured = Awaited<ReturnType<typeof load>>;
const ceilings: { scenario: Scenario; torque: Measured; floor: number; alone: Measured }[] = [];
try {
  for (const scenario of scenarios) {
    const result = await load({
      url: base,
      cookie: cookies[scenario.who],
      paths: scenario.paths,
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    // A request that failed or took longer than 10 s is not a latency: it is counted, and the row fails.
    if (result.failed > 0)
      console.log(
        `| ${scenario.name} | ${scenario.who} | ${result.failed} failed or timed out (first: ${result.firstFailure ?? 'timeout'}) |`,
      );
    const perPath = scripts.get(scenario)!;
    const floor = kind === 'postgres' ? pgbench(perPath, floorModes.get(scenario)!) : embeddedFloors.get(scenario)!;
    // The mean latency of the SQL alone with as many requests in flight: a p95 goal below it cannot be met here.
    const floorMs = (CONNECTIONS * 1000) / floor;
    if (result.count === 0) {
      console.log(
        `| ${scenario.name} | ${scenario.who} | — | — | — | 0 | ${Math.round(floor).toLocaleString('en-US')} | ${ms(floorMs)} | — | — | — | ` +
          `${goalText(scenario.goal)} | no | every request failed |`,
      );
      continue;
    }
    const { p95 } = result;
    const ratio = result.perSecond / floor;
    const { goal } = scenario;
    const met =
      result.failed > 0
        ? false
        : goal
          ? (goal.p95 === undefined || p95 <= goal.p95) && (goal.ratio === undefined || ratio >= goal.ratio)
          : undefined;
    const why =
      met !== false
        ? ''
        : result.failed > 0
          ? 'requests failed'
          : goal?.p95 !== undefined && p95 > goal.p95 && floorMs >= goal.p95 * 0.8
            ? `the SQL alone takes ${ms(floorMs)} ms a request at ${CONNECTIONS} connections`
            : `Torque's own time: ${Math.round(ratio * 100)} % of the floor reaches the user`;
    console.log(
      `| ${scenario.name} | ${scenario.who} | ${ms(result.p50)} | ${ms(p95)} | ${ms(result.p99)} | ` +
        `${Math.round(result.perSecond).toLocaleString('en-US')} | ${Math.round(floor).toLocaleString('en-US')} | ${ms(floorMs)} | ` +
        `${Math.round(ratio * 100)} % | ${(p95 / floorMs).toFixed(1)}× | ` +
        `${result.serverCpu.toFixed(2)}, ${result.databaseCpu === null ? '—' : result.databaseCpu.toFixed(2)} | ` +
        `${goalText(goal)} | ${met === undefined ? '' : met ? 'yes' : 'no'} | ${why} |`,
    );
    if (ceiling) ceilings.push({ scenario, torque: result, floor, alone: await ceilingRun(scenario, perPath) });
  }
  if (ceilings.length > 0) {
    console.log(
      `\nNode's own ceiling (bench/ceiling.ts: node:http and node-postgres alone, the same statements, JSON.stringify):\n`,
    );
    console.log(
      '| request | as | req/s: Torque, Node alone | ratio: Torque, Node alone | p95 ms: Torque, Node alone | server CPU ms: Torque, Node alone |',
    );
    console.log('|---|---|---:|---:|---:|---:|');
    const percent = (perSecond: number, floor: number) => `${Math.round((perSecond / floor) * 100)} %`;
    for (const { scenario, torque, floor, alone } of ceilings)
      console.log(
        `| ${scenario.name} | ${scenario.who} | ${Math.round(torque.perSecond).toLocaleString('en-US')}, ` +
          `${Math.round(alone.perSecond).toLocaleString('en-US')} | ${percent(torque.perSecond, floor)}, ${percent(alone.perSecond, floor)} | ` +
          `${ms(torque.p95)}, ${ms(alone.p95)} | ${torque.serverCpu.toFixed(2)}, ${alone.serverCpu.toFixed(2)} |`,
      );
  }
  if ((chosen.length === 0 || chosen.includes('customers')) && (!only || 'admin customer CSV export'.includes(only)))
    await exportRun();
  console.log(
    `\nfloor: ${kind === 'postgres' ? `pgbench -c ${CONNECTIONS}, -M as each request's statements go` : 'the same SQL on the embedded engine, from one connection'}; statements per request:`,
  );
  for (const [scenario, perPath] of scripts) {
    console.log(`  ${scenario.who} ${scenario.name}: ${perPath[0]!.length} (${floorModes.get(scenario)})`);
    if (process.env.SHOW_SQL) for (const statement of perPath[0]!) console.log(`    ${statement.replace(/\s+/g, ' ')};`);
  }
} finally {
  await server.stop();
}
