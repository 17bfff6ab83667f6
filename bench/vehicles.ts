/**
 * Inventory list and search at 100,000 vehicles on the embedded database: `npm run bench:vehicles`.
 * VEHICLES=20000 for a quicker run; KEEP=1 keeps the temp folder.
 */
import { sql } from 'kysely';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { randomSource, sampleVehicle } from '../src/server/scripts/sample-data.js';
import { createBenchUsers, DAY, measureScenarios, openScratch, startApp, time } from './lib.js';

const TOTAL = Number(process.env.VEHICLES ?? 100_000);
const AGENTS = 20;
const RUNS = 60;

const scratch = await openScratch({ keep: Boolean(process.env.KEEP) });
const { database } = scratch;
await migrateToLatest(database.db);

await time(`${TOTAL.toLocaleString()} vehicles written`, async () => {
  const { adminId, agentIds: agents } = await createBenchUsers(database, AGENTS);
  const rnd = randomSource(42);
  const now = Date.now();
  for (let done = 0; done < TOTAL; done += 1000) {
    const batch = Array.from({ length: Math.min(1000, TOTAL - done) }, () =>
      sampleVehicle(rnd, rnd.next() < 0.05 ? adminId : rnd.pick(agents), new Date(now - rnd.int(0, 730) * DAY - rnd.int(0, DAY))),
    );
    await database.db.insertInto('vehicles').values(batch).execute();
  }
  await sql`analyze vehicles`.execute(database.db);
});

const { app, cookies } = await startApp(scratch);

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

await measureScenarios(app, cookies, scenarios, { runs: RUNS, warmup: 5 });

await app.close();
await scratch.close();
