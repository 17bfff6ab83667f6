/**
 * p95 of the Deal Analytics (/api/analytics/deals) and dashboard (/api/dashboard) requests with many deals.
 *
 *   npm run bench:analytics                                   100,000 deals, embedded PGlite in a temp folder
 *   npm run bench:analytics -- --deals=1000000 --database-url=postgres://postgres@127.0.0.1:5432/postgres
 *
 * Options: --deals=N, --years=N (deals spread evenly from 1 January N-1 years ago to today, default 5),
 * --agents=N (default 25), --runs=N (measured requests per case, default 60). With --database-url a scratch
 * database is created next to the given one and dropped afterwards.
 */
import { sql } from 'kysely';
import type { Database } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { dealManufacturers } from '../src/shared/deals/options.js';
import { createBenchUsers, measure, openScratch, percentile, startApp, time } from './lib.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const dealCount = Number(args.deals ?? 100_000);
const years = Number(args.years ?? 5);
const agentCount = Number(args.agents ?? 25);
const runs = Number(args.runs ?? 60);
const serverUrl = args['database-url'];

/** Deals, customers and vehicles generated inside the database, seeded so every run has the same data. */
async function generate(database: Database, agentIds: string[]) {
  const { db } = database;
  const firstDay = `${new Date().getUTCFullYear() - years + 1}-01-01`;
  const agents = sql`${sql.val(agentIds)}::uuid[]`;
  const makes = sql`${sql.val([...dealManufacturers])}::text[]`;
  await sql`SELECT setseed(0.42)`.execute(db);
  const batch = 50_000;
  for (let done = 0; done < dealCount; done += batch) {
    await sql`
      INSERT INTO deals (user_id, date, manufacturer, model, year, customer_name, customer_phone, agent_name,
                         contract_price_cents, monthly_payment_cents, broker_fee_cents, status, deal_classification)
      SELECT r.agent, r.day, r.make, 'Model ' || (1 + floor(random() * 4))::int, extract(year FROM r.day)::int,
             'Customer ' || g, '(512) 555-0100', 'Agent', (30 + floor(random() * 121))::int * 100000,
             CASE WHEN random() < 0.6 THEN (500 + floor(random() * 2000))::int * 100 END,
             (5 + floor(random() * 36))::int * 10000,
             (ARRAY['completed', 'completed', 'completed', 'pending', 'in-progress', 'cancelled'])[1 + floor(random() * 6)::int],
             (ARRAY['customer_paid', 'broker_deal', 'dealer_paid', 'cash_deal'])[1 + floor(random() * 4)::int]
      FROM generate_series(${done + 1}::int, ${Math.min(done + batch, dealCount)}::int) AS g
      CROSS JOIN LATERAL (
        SELECT (${agents})[1 + floor(random() * ${agentIds.length})::int] AS agent,
               (${makes})[1 + floor(random() * ${dealManufacturers.length})::int] AS make,
               ${firstDay}::date + floor(random() * (current_date - ${firstDay}::date + 1))::int AS day,
               g AS touch
      ) r
    `.execute(db);
  }
  await sql`
    INSERT INTO customers (user_id, name, status, lead_source, preferred_cars, created_at, updated_at)
    SELECT (${agents})[1 + floor(random() * ${agentIds.length})::int], 'Customer ' || g,
           (ARRAY['active', 'prospect', 'inactive'])[1 + floor(random() * 3)::int], 'Website', '{SUV}', t, t
    FROM generate_series(1, ${Math.ceil(dealCount / 5)}::int) AS g,
         LATERAL (SELECT now() - random() * (interval '365 days' * ${years}) + g * interval '0' AS t) c
  `.execute(db);
  await sql`
    INSERT INTO vehicles (user_id, make, model, year, price_cents, status, created_at, updated_at)
    SELECT (${agents})[1 + floor(random() * ${agentIds.length})::int], 'BMW', 'X5', 2024, (30 + floor(random() * 121))::int * 100000,
           (ARRAY['available', 'pending', 'sold', 'reserved'])[1 + floor(random() * 4)::int], t, t
    FROM generate_series(1, ${Math.ceil(dealCount / 10)}::int) AS g,
         LATERAL (SELECT now() - random() * (interval '365 days' * ${years}) + g * interval '0' AS t) c
  `.execute(db);
  // What autovacuum does on a live server: statistics for the planner, visibility for index-only scans.
  await sql`VACUUM ANALYZE`.execute(db);
}

const scratch = await openScratch({ serverUrl });
const { database } = scratch;
try {
  await time('migrate', () => migrateToLatest(database.db));
  const { agentIds } = await createBenchUsers(database, agentCount);
  await time(`generate ${dealCount.toLocaleString('en-US')} deals over ${years} years`, () => generate(database, agentIds));
  const { app, cookies } = await startApp(scratch);

  console.log(
    `\n${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}, ${dealCount.toLocaleString('en-US')} deals, ${runs} runs each\n`,
  );
  console.log('request                              as      p50 ms   p95 ms');
  for (const url of ['/api/analytics/deals', '/api/dashboard']) {
    for (const who of ['admin', 'agent'] as const) {
      const times = await measure(app, () => url, cookies[who], { runs, warmup: 5 });
      console.log(
        `${url.padEnd(36)} ${who.padEnd(6)} ${percentile(times, 0.5).toFixed(1).padStart(7)} ${percentile(times, 0.95).toFixed(1).padStart(8)}`,
      );
    }
  }
  await app.close();
} finally {
  await scratch.close();
}
