/** What the benches share: signed-in bench users on an app in this process, the built server as a process, percentiles. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { buildApp } from '../src/server/app.js';
import { sessionToken } from '../src/server/auth/actor.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/connection.js';
import { BENCH_PASSWORD } from '../src/server/scripts/bench-users.js';
import { freePort } from './ports.js';

/** The session secret of every bench server, so a cookie signed in one process is good in another. */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

const root = path.resolve(import.meta.dirname, '..');

type App = Awaited<ReturnType<typeof buildApp>>;

/** Signs in; the session is exempt from the two-factor requirement (as a demo sign-in is), so the admin needs no app. */
async function signIn(app: App, database: Database, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { 'x-requested-with': 'torque' },
    payload: { email, password: BENCH_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const cookie = [response.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const token = sessionToken(cookie, BENCH_SECRET);
  if (token) await database.db.updateTable('sessions').set({ two_factor_exempt: true }).where('token', '=', token).execute();
  return cookie;
}

/**
 * Torque over `database` in this process, ready for requests, and the session cookies of admin@bench.test and
 * agent0@bench.test (see scripts/bench-users.ts); the sessions are stored, so a server process started later with
 * BENCH_SECRET accepts the cookies too.
 */
export async function startApp({ database, dataDir }: { database: Database; dataDir: string }) {
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', SESSION_SECRET: BENCH_SECRET });
  const app = await buildApp({ config, database, secret: BENCH_SECRET });
  await app.ready();
  const cookies = {
    admin: await signIn(app, database, 'admin@bench.test'),
    agent: await signIn(app, database, 'agent0@bench.test'),
  };
  return { app, cookies };
}

export { percentile } from './percentile.js';

/** A process's memory in MB, from /proc: `VmRSS` now, `VmHWM` its peak. */
export const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The CPU seconds (user and system, in Linux's ticks of 1/100 s) each of the processes has used so far. */
export function cpuSeconds(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // ended
    }
  }
  return used;
}

/**
 * The CPU seconds used between two readings of `cpuSeconds`: a process started since counts whole; one that ended
 * since (a connection closed) counts nothing, rather than taking what it had used before away from the others.
 */
export const cpuSecondsSince = (before: Map<number, number>, now: Map<number, number>) =>
  [...now].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/**
 * The built server (dist/server/main.js) as a process of its own on `target` (DATABASE_URL or DATA_DIR, and DEMO=1 for
 * the demo's data and sign-in), on a free port, once it answers /api/health. `extraArgs` go to node (a CPU profile's flags).
 */
export async function startServerProcess(target: NodeJS.ProcessEnv, extraArgs: string[] = []) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...extraArgs, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      DEMO: '0',
      ...target,
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'warn',
    },
  });
  const ended = new Promise((resolve) => server.once('exit', resolve));
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 600 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    pid: server.pid!,
    stop: async () => {
      server.kill('SIGTERM');
      await ended;
    },
  };
}

/** A statement as it went to the database. */
type Statement = { text: string; values: unknown[]; named: boolean };

function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'::bytea`;
  return `'${String(prepared).replaceAll("'", "''")}'`;
}

/** The statement with its values written in, as pgbench (simple protocol) would send it. */
const inline = ({ text, values }: Statement) => text.replace(/\$(\d+)/g, (_, n: string) => literal(values[Number(n) - 1])).trim();

/**
 * Records the SQL this process sends to the database between `start` and `stop` (which returns it, values written
 * in), for pgbench to run the same statements. Statements matching `skip` are left out: work the server does on its
 * own timers (the job queue, the instance lock), not the request's.
 */
export function sqlRecorder(skip: RegExp) {
  let statements: Statement[] | null = null;
  const sendQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof config === 'string' ? config : config?.text;
    if (statements && text && !skip.test(text)) {
      const named = typeof config !== 'string' && Boolean((config as { name?: string }).name);
      statements.push({ text, values: (typeof config === 'string' ? values : (config.values ?? values)) ?? [], named });
    }
    return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  let plain = 0;
  let named = 0;
  return {
    start: () => void (statements = []),
    stop: (): string[] => {
      const recorded = (statements ?? []).map(inline);
      plain = (statements ?? []).filter((statement) => statement.values.length === 0 && !statement.named).length;
      named = (statements ?? []).filter((statement) => statement.named).length;
      statements = null;
      return recorded;
    },
    /** How many statements of the last recording had no values and no name (node-postgres sends those as one Query message). */
    get plain() {
      return plain;
    },
    /** How many were named statements (see db/prepared-statements.ts): parsed and planned once per connection. */
    get named() {
      return named;
    },
  };
}

/**
 * pgbench (`-M simple`) running `script`'s statements as one transaction, `transactions` in all over `clients`
 * connections, with the session settings Torque's own connections have (see db/connection.ts): its transactions a
 * second, and its own average latency of one.
 */
export function pgbenchRounds(url: string, script: string[], clients: number, transactions: number) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-pgbench-'));
  const file = path.join(folder, 'script.sql');
  fs.writeFileSync(file, script.map((s) => `${s};\n`).join(''));
  const result = spawnSync(
    'pgbench',
    ['-n', '-M', 'simple', '-c', String(clients), '-j', String(os.availableParallelism())].concat([
      '-t',
      String(Math.ceil(transactions / clients)),
      '-f',
      file,
      url,
    ]),
    { encoding: 'utf8', env: { ...process.env, PGOPTIONS: '-c jit=off' } },
  );
  fs.rmSync(folder, { recursive: true, force: true });
  const tps = /tps = ([\d.]+)/.exec(result.stdout ?? '');
  if (result.status !== 0 || !tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  const latency = /latency average = ([\d.]+) ms/.exec(result.stdout ?? '');
  return { tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : null };
}
