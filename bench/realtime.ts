/**
 * Realtime across processes: `npm run bench:realtime` (PostgreSQL at DATABASE_URL's server, default 127.0.0.1:5432).
 * Two built Torque processes (`npm start`) on one scratch database; 500 sockets, as tabs, spread over both; 50 chat
 * messages a second sent over HTTP, round-robin over both processes, to the company channel every socket's user is
 * in. Prints the send → receive latency over every (message, socket) delivery, and what was lost or duplicated; beside
 * it, the floor: a bare PostgreSQL NOTIFY from one connection to a LISTENing one, at the same rate.
 * Settings: SOCKETS (500), USERS (100), RATE (50 a second), DURATION_S (20).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { sessionToken } from '../src/server/auth/actor.js';
import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createUserWithPassword } from '../src/server/platform/users.js';
import { percentile } from './lib.js';
import { freePort } from './ports.js';

const SOCKETS = Number(process.env.SOCKETS ?? 500);
const USERS = Number(process.env.USERS ?? 100);
const RATE = Number(process.env.RATE ?? 50);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const PASSWORD = 'correct horse battery';
const root = path.resolve(import.meta.dirname, '..');
const serverBundle = path.join(root, 'dist/server/main.js');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const onServer = async (statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
};

spawnSync(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureBuilt())"], {
  cwd: root,
  stdio: 'inherit',
});

const name = `torque_bench_realtime_${crypto.randomBytes(4).toString('hex')}`;
await onServer(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
await migrateToLatest(database.db);
const userIds: string[] = [];
for (let i = 0; i < USERS; i++) {
  userIds.push(
    await createUserWithPassword(database.db, {
      name: `Agent ${i}`,
      email: `agent${i}@bench.test`,
      role: 'agent',
      password: PASSWORD,
    }),
  );
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-realtime-'));
const children: ChildProcess[] = [];
async function startTorque(n: number): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(work, `data-${n}`),
      SESSION_SECRET: SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO: '0',
    },
    stdio: 'ignore',
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 50))) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return base;
  }
  throw new Error('Torque did not start within 60 s');
}
const bases = [await startTorque(1), await startTorque(2)];

/** Each user signed in once on each process (sessions are shared: either cookie works on either process). */
const cookies: string[] = [];
for (let i = 0; i < USERS; i++) {
  const response = await fetch(`${bases[i % 2]}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'torque' },
    body: JSON.stringify({ email: `agent${i}@bench.test`, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = sessionToken(cookie, SECRET);
  if (token) await database.db.updateTable('sessions').set({ two_factor_exempt: true }).where('token', '=', token).execute();
  cookies.push(cookie);
}
const channel = await fetch(`${bases[0]}/api/chat/channels/company`, {
  method: 'POST',
  headers: { cookie: cookies[0]!, 'x-requested-with': 'torque', 'content-type': 'application/json' },
  body: '{}',
});
const chatId = ((await channel.json()) as { id: string }).id;

/** For each message id, when it was sent; for each socket, when each id arrived. */
const sentAt = new Map<string, number>();
const latencies: number[] = [];
let duplicates = 0;
const sockets: WebSocket[] = [];
const seen: Set<string>[] = [];
for (let i = 0; i < SOCKETS; i++) {
  const mine = new Set<string>();
  seen.push(mine);
  const socket = new WebSocket(`${bases[i % 2]!.replace('http', 'ws')}/api/realtime`, {
    headers: { cookie: cookies[i % USERS]!, origin: bases[i % 2]! },
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; message?: { id: string } };
      if (message.type === 'ready') return resolve();
      if (message.type !== 'message' || !message.message) return;
      const id = message.message.id;
      if (mine.has(id)) duplicates++;
      mine.add(id);
      const at = sentAt.get(id);
      if (at !== undefined) latencies.push(performance.now() - at);
    });
    socket.on('error', reject);
  });
  sockets.push(socket);
}
console.log(`${SOCKETS} sockets open over 2 processes for ${USERS} users; sending ${RATE} messages a second for ${DURATION_S} s`);

const total = RATE * DURATION_S;
const sends: Promise<void>[] = [];
const started = performance.now();
for (let n = 0; n < total; n++) {
  const due = started + (n * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const id = crypto.randomUUID();
  const user = n % USERS;
  sentAt.set(id, performance.now());
  sends.push(
    fetch(`${bases[n % 2]}/api/chat/chats/${chatId}/messages`, {
      method: 'POST',
      headers: { cookie: cookies[user]!, 'x-requested-with': 'torque', 'content-type': 'application/json' },
      body: JSON.stringify({ id, content: `bench ${n}` }),
    }).then(async (response) => {
      if (response.status !== 201) throw new Error(`send failed: ${response.status} ${await response.text()}`);
    }),
  );
}
await Promise.all(sends);
// Whatever is still on its way has 5 s to arrive.
await new Promise((r) => setTimeout(r, 5_000));

const expected = total * SOCKETS;
const received = seen.reduce((sum, ids) => sum + ids.size, 0);
const sorted = [...latencies].sort((a, b) => a - b);
const row = (label: string, values: number[]) =>
  `${label.padEnd(34)} p50 ${percentile(values, 0.5)!.toFixed(1).padStart(6)} ms   p95 ${percentile(values, 0.95)!.toFixed(1).padStart(6)} ms   p99 ${percentile(values, 0.99)!.toFixed(1).padStart(6)} ms`;
console.log(row('Torque: send → every socket', sorted));
console.log(
  `deliveries: ${received.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')}, lost ${expected - received}, duplicated ${duplicates}`,
);

for (const socket of sockets) socket.close();

// The floor: PostgreSQL alone, a NOTIFY from one connection heard by a LISTENing one, at the same rate.
const listener = new pg.Client({ connectionString: url.toString() });
const notifier = new pg.Client({ connectionString: url.toString() });
await listener.connect();
await notifier.connect();
await listener.query('LISTEN bench_floor');
const floorSent = new Map<string, number>();
const floor: number[] = [];
listener.on('notification', (message) => {
  const at = floorSent.get(message.payload ?? '');
  if (at !== undefined) floor.push(performance.now() - at);
});
const floorCount = RATE * Math.min(DURATION_S, 10);
const floorStart = performance.now();
for (let n = 0; n < floorCount; n++) {
  const wait = floorStart + (n * 1000) / RATE - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const id = String(n);
  floorSent.set(id, performance.now());
  await notifier.query('SELECT pg_notify($1, $2)', ['bench_floor', id]);
}
await new Promise((r) => setTimeout(r, 500));
console.log(
  row(
    'PostgreSQL: NOTIFY → LISTEN (floor)',
    [...floor].sort((a, b) => a - b),
  ),
);
await listener.end();
await notifier.end();

for (const child of children) child.kill('SIGTERM');
await Promise.all(children.map((child) => new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)))));
await database.close();
await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
fs.rmSync(work, { recursive: true, force: true });
