/**
 * Inventory list and search at 100,000 vehicles on the embedded database: `npm run bench:vehicles`.
 * VEHICLES=20000 for a quicker run; KEEP=1 keeps the temp folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { randomSource, sampleVehicle } from '../src/server/db/sample-data.js';
import { createUserWithPassword } from '../src/server/modules/users/service.js';

const TOTAL = Number(process.env.VEHICLES ?? 100_000);
const AGENTS = 20;
const RUNS = 60;
const PASSWORD = 'bench password 123';
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const DAY = 24 * 60 * 60 * 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-'));
const database = await openDatabase({ kind: 'embedded', dataDir });
await migrateToLatest(database.db);

let started = performance.now();
const admin = await createUserWithPassword(database.db, { name: 'Bench Admin', email: 'admin@bench.test', role: 'admin', password: PASSWORD });
const agents: string[] = [];
for (let i = 0; i < AGENTS; i++) {
  agents.push(await createUserWithPassword(database.db, { name: `Agent ${i}`, email: `agent${i}@bench.test`, role: 'agent', password: PASSWORD }));
}
const rnd = randomSource(42);
const now = Date.now();
for (let done = 0; done < TOTAL; done += 1000) {
  const batch = Array.from({ length: Math.min(1000, TOTAL - done) }, () =>
    sampleVehicle(rnd, rnd.next() < 0.05 ? admin : rnd.pick(agents), new Date(now - rnd.int(0, 730) * DAY - rnd.int(0, DAY))),
  );
  await database.db.insertInto('vehicles').values(batch).execute();
}
await sql`analyze vehicles`.execute(database.db);
console.log(`${TOTAL.toLocaleString()} vehicles written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

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

const searches = ['bmw', 'x5', 'model', 'porsche', 'WBA', 'e-tron', 'range', 'cayenne', '7', 'q5'];
const scenarios: Record<string, (i: number) => string> = {
  'list (newest)': () => '/api/vehicles',
  'list, status filter': () => '/api/vehicles?status=pending',
  'list, year + price filter': () => '/api/vehicles?year_min=2020&price_min=5000000&price_max=9000000',
  'list, sorted by price': () => '/api/vehicles?sort=price_desc',
  search: (i) => `/api/vehicles?q=${searches[i % searches.length]}`,
  'search, rare VIN fragment': (i) => `/api/vehicles?q=${['9F', 'K4', 'ZZ', '3X'][i % 4]}0${i % 10}`,
  summary: () => '/api/vehicles/summary',
  'summary, search': (i) => `/api/vehicles/summary?q=${searches[i % searches.length]}`,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const listAndSearch: number[] = [];

console.log(`\n${'scenario'.padEnd(36)}${'median'.padStart(10)}${'p95'.padStart(10)}`);
for (const [who, cookie] of Object.entries(cookies)) {
  for (const [name, url] of Object.entries(scenarios)) {
    const times: number[] = [];
    for (let i = -5; i < RUNS; i++) {
      started = performance.now();
      const response = await app.inject({ method: 'GET', url: url(i + 5), headers: { cookie } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url(i)}: ${response.statusCode} ${response.body}`);
      if (i >= 0) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    if (!name.startsWith('summary')) listAndSearch.push(...times);
    console.log(`${`${who}: ${name}`.padEnd(36)}${percentile(times, 0.5).toFixed(1).padStart(8)}ms${percentile(times, 0.95).toFixed(1).padStart(8)}ms`);
  }
}
listAndSearch.sort((a, b) => a - b);
console.log(
  `\nlist+search, all of the above: median ${percentile(listAndSearch, 0.5).toFixed(1)} ms, p95 ${percentile(listAndSearch, 0.95).toFixed(1)} ms`,
);

await app.close();
await database.close();
if (!process.env.KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
