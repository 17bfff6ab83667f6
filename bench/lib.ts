/** What the benches share: a scratch database, the app over it, signed-in bench users, and timed requests. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { sessionToken } from '../src/server/auth/actor.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/connection.js';
import { BENCH_PASSWORD, createBenchUsers } from '../src/server/scripts/bench-users.js';

export const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = BENCH_PASSWORD;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Runs `work` and logs how long it took. */
export async function time<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

export type Scratch = {
  database: Database;
  /** The app's data folder (the embedded database and stored documents). */
  dataDir: string;
  /** An earlier run's kept database, already full. */
  reused: boolean;
  /** Closes the database, then removes the folder and the scratch database unless asked to keep them. */
  close: () => Promise<void>;
};

/**
 * The database to measure: embedded in a temp folder, or with `serverUrl` a scratch database created on that
 * server. `reuse` names a database an earlier run kept; `keep` keeps this one for the next run.
 */
export async function openScratch({
  serverUrl,
  reuse,
  keep = false,
  poolSize,
}: {
  serverUrl?: string;
  reuse?: string;
  keep?: boolean;
  poolSize?: number;
}): Promise<Scratch> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'embedded', dataDir });
    const close = async () => {
      await database.close();
      if (keep) console.log(`kept ${dataDir}`);
      else removeDataDir();
    };
    return { database, dataDir, reused: false, close };
  }
  const name = reuse ?? `torque_bench_${crypto.randomBytes(4).toString('hex')}`;
  if (!reuse) await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: poolSize });
  const close = async () => {
    await database.close();
    removeDataDir();
    if (keep) console.log(`kept database ${name}`);
    else await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { database, dataDir, reused: Boolean(reuse), close };
}

/** One admin (admin@bench.test) and `agentCount` agents (agent0@bench.test, …), all with the bench password. */
export { createBenchUsers };

/** Signs in; the session is exempt from the two-factor requirement (as a demo sign-in is), so the admin needs no app. */
async function signIn(app: App, database: Database, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { 'x-requested-with': 'torque' },
    payload: { email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const cookie = [response.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
  const token = sessionToken(cookie, SECRET);
  if (token) await database.db.updateTable('sessions').set({ two_factor_exempt: true }).where('token', '=', token).execute();
  return cookie;
}

/** Torque over the scratch database, ready for requests, and the session cookies of the admin and the first agent. */
export async function startApp(scratch: Scratch): Promise<{ app: App; cookies: { admin: string; agent: string } }> {
  const config = loadConfig({ DATA_DIR: scratch.dataDir, DEMO: '0', LOG_LEVEL: 'silent', SESSION_SECRET: SECRET });
  const app = await buildApp({ config, database: scratch.database, secret: SECRET });
  await app.ready();
  const cookies = {
    admin: await signIn(app, scratch.database, 'admin@bench.test'),
    agent: await signIn(app, scratch.database, 'agent0@bench.test'),
  };
  return { app, cookies };
}

export type MeasureOptions = { runs: number; warmup: number; concurrency?: number };

/** `runs` GET requests after `warmup` unmeasured ones, `concurrency` at a time: each request's own latency, sorted. */
export async function measure(
  app: App,
  url: (i: number) => string,
  cookie: string,
  { runs, warmup, concurrency = 1 }: MeasureOptions,
): Promise<number[]> {
  const times: number[] = [];
  let next = -warmup;
  const worker = async () => {
    while (next < runs) {
      const i = next++;
      const target = url(i + warmup);
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: target, headers: { cookie } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode} ${response.body}`);
      if (i >= 0) times.push(elapsed);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times.sort((a, b) => a - b);
}

/** The nearest-rank percentile (p from 0 to 1) of latencies sorted ascending. */
export const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;

/**
 * Every scenario as the admin and as the agent: its median and p95, then both over all the list and search
 * scenarios together (the summaries left out).
 */
export async function measureScenarios(
  app: App,
  cookies: Record<string, string>,
  scenarios: Record<string, (i: number) => string>,
  options: MeasureOptions,
) {
  const ms = (value: number) => `${value.toFixed(1).padStart(8)}ms`;
  const listAndSearch: number[] = [];
  console.log(
    `\n${options.concurrency ?? 1} concurrent request(s)\n${'scenario'.padEnd(38)}${'median'.padStart(10)}${'p95'.padStart(10)}`,
  );
  for (const [who, cookie] of Object.entries(cookies)) {
    for (const [name, url] of Object.entries(scenarios)) {
      const times = await measure(app, url, cookie, options);
      if (!name.startsWith('summary')) listAndSearch.push(...times);
      console.log(`${`${who}: ${name}`.padEnd(38)}${ms(percentile(times, 0.5))}${ms(percentile(times, 0.95))}`);
    }
  }
  listAndSearch.sort((a, b) => a - b);
  console.log(
    `\nlist+search, all of the above: median ${percentile(listAndSearch, 0.5).toFixed(1)} ms, p95 ${percentile(listAndSearch, 0.95).toFixed(1)} ms`,
  );
}

export type FloorPage = { text: string; values: unknown[] };

/**
 * What this machine can do at best for a list request: a bare Fastify route with no Torque code that sends the
 * page's SQL through the same pool and answers its rows, measured like the scenarios. Once with the page query
 * alone, once after the session query every signed-in request needs first (the role is read from the database).
 */
export async function measureFloor(database: Database, cookie: string, page: FloorPage, options: MeasureOptions) {
  const token = sessionToken(cookie, SECRET);
  if (!token) throw new Error('the floor needs a signed-in cookie');
  const floor = Fastify();
  floor.get('/page', async () => ({ items: (await database.pool.query(page)).rows, next: null }));
  floor.get('/session-and-page', async () => {
    await database.pool.query({
      text: 'select s.expires_at, u.id, u.role, u.banned from sessions s join users u on u.id = s.user_id where s.token = $1',
      values: [token],
    });
    return { items: (await database.pool.query(page)).rows, next: null };
  });
  await floor.ready();
  const ms = (value: number) => `${value.toFixed(1).padStart(8)}ms`;
  console.log('\nfloor: a bare route, same pool, no Torque code');
  for (const [name, url] of [
    ['page query only', '/page'],
    ['session query, then page query', '/session-and-page'],
  ] as const) {
    const times = await measure(floor, () => url, '', options);
    console.log(`${`floor: ${name}`.padEnd(38)}${ms(percentile(times, 0.5))}${ms(percentile(times, 0.95))}`);
  }
  await floor.close();
}
