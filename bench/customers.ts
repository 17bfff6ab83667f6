/**
 * Customer list and search: `npm run bench:customers`.
 * Embedded (default): 100,000 customers in a temp data folder, one request at a time.
 * DATABASE_URL=postgres://…: a scratch database created on that server (and dropped after), 1,000,000 customers,
 * 32 requests at a time. CUSTOMERS=, CONCURRENCY= and RUNS= (requests per scenario, 200) override either; KEEP=1
 * keeps the temp folder or database, and BENCH_DB=<kept database> measures it again without writing the data anew.
 * Last, the floor: the agent's first page from a bare route (see measureFloor).
 */
import { sql } from 'kysely';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { randomSource, sampleCustomer } from '../src/server/scripts/sample-data.js';
import { createBenchUsers, DAY, measureFloor, measureScenarios, openScratch, startApp, time } from './lib.js';

const serverUrl = process.env.DATABASE_URL;
const TOTAL = Number(process.env.CUSTOMERS ?? (serverUrl ? 1_000_000 : 100_000));
const CONCURRENCY = Number(process.env.CONCURRENCY ?? (serverUrl ? 32 : 1));
const RUNS = Number(process.env.RUNS ?? 200);
const AGENTS = 20;

const scratch = await openScratch({
  serverUrl,
  reuse: process.env.BENCH_DB,
  keep: Boolean(process.env.KEEP),
  poolSize: CONCURRENCY + 2,
});
const { database } = scratch;
await migrateToLatest(database.db);

if (!scratch.reused) await time(`${TOTAL.toLocaleString()} customers written (${database.kind})`, seed);

const { app, cookies } = await startApp(scratch);

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
  const { adminId, agentIds: agents } = await createBenchUsers(database, AGENTS);
  const rnd = randomSource(42);
  const now = Date.now();
  const BATCH = 1000;
  for (let done = 0; done < TOTAL; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, TOTAL - done) }, (_, i) =>
      sampleCustomer(
        rnd,
        done + i,
        rnd.next() < 0.05 ? adminId : rnd.pick(agents),
        new Date(now - rnd.int(0, 1460) * DAY - rnd.int(0, DAY)),
      ),
    );
    await database.db.insertInto('customers').values(rows).execute();
    if (done % 100_000 === 0 && done > 0) console.log(`  ${done.toLocaleString()} customers…`);
  }
  await sql`vacuum analyze customers`.execute(database.db);
}

const options = { runs: RUNS, warmup: 10, concurrency: CONCURRENCY };
await measureScenarios(app, cookies, scenarios, options);

// The agent's first page, as 'agent: list (newest)' asks for it.
const agentId = (
  await database.db.selectFrom('users').select('id').where('email', '=', 'agent0@bench.test').executeTakeFirstOrThrow()
).id;
await measureFloor(
  database,
  cookies.agent,
  {
    text: 'select * from customers where user_id = $1 order by created_at desc, id desc limit 26',
    values: [agentId],
  },
  options,
);

await app.close();
await scratch.close();
