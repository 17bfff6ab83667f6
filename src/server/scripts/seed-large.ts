/**
 * Fills the PostgreSQL database DATABASE_URL names, or the embedded one in DATA_DIR, with a large brokerage, for
 * measuring:
 *   DATABASE_URL=postgres://… npm run seed:large -- --customers 1000000 --vehicles 200000 --deals 1000000 --tasks 1000000 --messages 1000000
 *   DATA_DIR=/tmp/torque-100k npm run seed:large -- --customers 100000 --vehicles 20000 --deals 100000 --tasks 100000 --messages 100000
 * Migrates first; then writes an admin and 20 agents (password in scripts/bench-users.ts) and their customers,
 * vehicles and deals, spread over four years, with COPY; the vehicles' photos and Buyers Guides from the vehicles; and
 * their tasks and conversations (e-mails and texts both ways, and who waits for an answer) from the customers. A
 * database that already holds as many rows of a kind is left as it is, and vehicles without their photos or guide get
 * them, so later runs reuse it.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { MultiBar, Presets } from 'cli-progress';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { openDatabase, type Database } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { buyersGuideSchema } from '../../shared/vehicles/buyers-guide.js';
import { createBenchUsers } from './bench-users.js';
import { getSettings } from '../platform/settings.js';
import { randomSource, sampleCustomer, sampleDeal, sampleVehicle, type Random } from './sample-data.js';

const DAY = 24 * 60 * 60 * 1000;
const AGENTS = 20;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(
    String(process.argv[at + 1])
      .replaceAll('_', '')
      .replaceAll(',', ''),
  );
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
  return value;
}

/** A value as a CSV field: null empty and unquoted, text quoted, arrays as PostgreSQL array literals. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return csvField(`{${value.map((v) => `"${String(v).replace(/(["\\])/g, '\\$1')}"`).join(',')}}`);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `"${String(value).replaceAll('"', '""')}"`;
}

const bars = new MultiBar(
  {
    format: '  {table} [{bar}] {percentage}% · {value}/{total} rows · {rate} rows/s · {eta_formatted} left',
    // Piped to a file or CI, a line every 10 s instead of a bar redrawn in place.
    noTTYOutput: true,
    notTTYSchedule: 10_000,
  },
  Presets.shades_classic,
);

/**
 * Runs `fill` on one connection, in one transaction, with `table`'s secondary indexes dropped, and builds the indexes
 * again from their own definitions afterwards: several times faster than keeping them up to date row by row. Should
 * anything fail, the rollback brings the indexes back as they were.
 */
async function withoutIndexes(database: Database, table: string, fill: (client: PoolClient) => Promise<void>) {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '${database.kind === 'postgres' ? '1GB' : '256MB'}'`);
    const { rows: defined } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition
         FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = $1
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = to_regclass('public.' || quote_ident(i.indexname)))`,
      [table],
    );
    for (const index of defined) await client.query(`DROP INDEX public.${JSON.stringify(index.name)}`);
    await fill(client);
    const building = performance.now();
    for (const index of defined) await client.query(index.definition);
    await client.query('COMMIT');
    console.log(
      `  ${table.padEnd(9)} ${defined.length} indexes built in ${((performance.now() - building) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** COPYs `total` rows made by `make` into `table`, with its line in the progress bars. */
async function copyRows(
  database: Database,
  table: string,
  total: number,
  make: (n: number) => Record<string, unknown>,
): Promise<void> {
  const columns = Object.keys(make(0));
  const bar = bars.create(total, 0, { table: table.padEnd(9), rate: 0 });
  const started = performance.now();
  await withoutIndexes(database, table, async (client) => {
    const rows = Readable.from(
      (function* () {
        const chunk: string[] = [];
        for (let n = 0; n < total; n++) {
          const row = make(n);
          chunk.push(columns.map((c) => csvField(row[c])).join(','));
          if (chunk.length === 5000 || n === total - 1) {
            const done = n + 1;
            bar.update(done, { rate: Math.round(done / ((performance.now() - started) / 1000)).toLocaleString() });
            yield `${chunk.join('\n')}\n`;
            chunk.length = 0;
          }
        }
      })(),
    );
    const copy = `COPY ${table} (${columns.join(', ')}) FROM`;
    if (database.kind === 'postgres') {
      await pipeline(rows, client.query(copyFrom(`${copy} STDIN WITH (FORMAT csv)`)));
    } else {
      // The embedded engine copies from a blob, on the one connection it has (the pool's client is that connection).
      const chunks: string[] = [];
      for await (const chunk of rows) chunks.push(chunk as string);
      const { pglite } = database as Database & { pglite: PGlite };
      await pglite.query(`${copy} '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob(chunks) });
    }
  });
}

/**
 * `total` tasks, written by the database from the customers it holds (a task needs one, and is given to the customer's
 * agent): due days spread evenly from four years back to 60 days ahead (the company's today is the server's here),
 * those due before today done but one in twenty, one in ten an appointment at a time, four in ten others with a time.
 * About 685 a day for the 21 users, as a busy brokerage's day. Deterministic: the n-th task is the same every time.
 */
async function fillTasks(database: Database, have: number, total: number) {
  const started = performance.now();
  await withoutIndexes(database, 'tasks', async (client) => {
    await client.query(
      `WITH c AS (SELECT id, user_id, row_number() OVER (ORDER BY id) - 1 AS n FROM customers),
            g AS (SELECT n, n % (SELECT count(*) FROM customers) AS k, (hashtext(n::text) & 2147483647) AS h
                    FROM generate_series($1::bigint, $1::bigint + $2 - 1) AS n),
            t AS (
              SELECT g.n, g.h, c.id AS customer_id, c.user_id,
                     current_date - 1460 + (g.n * 7919 % 1521)::int AS due_date,
                     (ARRAY['call', 'email', 'text', 'todo'])[1 + g.h / 3 % 4] AS kind
                FROM g JOIN c ON c.n = g.k)
       INSERT INTO tasks (type, title, due_date, due_time, duration_minutes, priority, assignee_id, customer_id,
                          completed_at, completed_by, outcome, created_at)
       SELECT CASE WHEN t.h % 10 = 0 THEN 'appointment' ELSE t.kind END,
              (ARRAY['Call about the trade-in', 'Send the brochure', 'Follow up on the test drive', 'Check in',
                     'Book a test drive', 'Send the finance options'])[1 + t.h / 11 % 6],
              t.due_date,
              CASE WHEN t.h % 10 = 0 OR t.h / 5 % 10 < 4 THEN make_time(8 + t.h / 17 % 11, t.h / 19 % 4 * 15, 0) END,
              CASE WHEN t.h % 10 = 0 THEN 30 + t.h / 23 % 2 * 30 END,
              (ARRAY['low', 'normal', 'normal', 'high'])[1 + t.h / 13 % 4],
              t.user_id, t.customer_id,
              CASE WHEN t.due_date < current_date AND t.h / 97 % 20 <> 1 THEN t.due_date + interval '14 hours' END,
              CASE WHEN t.due_date < current_date AND t.h / 97 % 20 <> 1 THEN t.user_id END,
              CASE WHEN t.due_date < current_date AND t.h / 97 % 20 <> 1
                   THEN CASE WHEN t.h % 10 = 0 THEN (ARRAY['showed', 'no_show', 'sold'])[1 + t.h / 29 % 3]
                             ELSE (ARRAY['reached', 'left_message', 'no_answer'])[1 + t.h / 29 % 3] END END,
              least(now(), t.due_date - interval '3 days')
         FROM t`,
      [have, total],
    );
  });
  console.log(`  tasks     ${total.toLocaleString()} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * `total` messages of customers' conversations, written by the database from the customers it holds: a fifth as many
 * customers as messages (the first by id) each have a conversation of about five, started by the customer on a day of
 * the last four years and going on for a day or so; three in five are e-mails, the rest texts; after the customer's
 * first message each is theirs or the agent's by turns of chance. Customers whose last word in the past 30 days is
 * still unanswered wait in the inbox (as migration 036's triggers would have it: since their first message after the
 * agent's last), about one conversation in a hundred. Deterministic: the n-th message is the same every time.
 */
async function fillMessages(database: Database, have: number, total: number, wanted: number) {
  const started = performance.now();
  const threads = Math.max(1, Math.round(wanted / 5));
  const messages = `
    WITH c AS (SELECT c.id, c.user_id, c.email, c.phone, u.email AS agent_email, row_number() OVER (ORDER BY c.id) - 1 AS k
                 FROM (SELECT id, user_id, email, phone FROM customers ORDER BY id LIMIT $3) c JOIN users u ON u.id = c.user_id),
         g AS (SELECT n, n % $3 AS k, n / $3 AS p, (hashtext(n::text) & 2147483647) AS h
                 FROM generate_series($1::bigint, $1::bigint + $2 - 1) AS n)
    SELECT g.n, g.k, g.p, g.h, c.id AS customer_id, c.user_id, c.agent_email,
           coalesce(c.email, 'customer' || g.k || '@example.com') AS email,
           coalesce(c.phone, '(555) 010-' || lpad((g.k % 10000)::text, 4, '0')) AS phone,
           g.p = 0 OR g.h / 5 % 2 = 0 AS inbound,
           (ARRAY['Is the SUV still available?', 'Trade-in value', 'Financing options', 'Test drive on Saturday',
                  'Lease or buy?', 'Paperwork for the deal'])[1 + g.k % 6] AS topic,
           (ARRAY['Thanks, that works for me.', 'Could you send me the numbers?', 'What is the best price you can do?',
                  'I can come by after work.', 'Is the warranty included?', 'Let me talk it over and get back to you.'])[1 + g.h / 11 % 6] AS body,
           now() - interval '3 days' - make_interval(days => (g.k * 7919 % 1460)::int, secs => (g.k % 86400)::int)
                 + make_interval(hours => (g.p * 7 + g.h % 7)::int) AS at
      FROM g JOIN c ON c.k = g.k`;
  const fills = {
    emails: `INSERT INTO emails (direction, customer_id, from_address, to_address, subject, body, provider_id, is_read, sent_by, created_at)
             SELECT CASE WHEN m.inbound THEN 'inbound' ELSE 'outbound' END, m.customer_id,
                    CASE WHEN m.inbound THEN m.email ELSE m.agent_email END, CASE WHEN m.inbound THEN m.agent_email ELSE m.email END,
                    CASE WHEN m.p = 0 THEN m.topic ELSE 'Re: ' || m.topic END, m.body, '<bench-' || m.n || '@bench.test>',
                    NOT m.inbound OR m.at < now() - interval '30 days' OR m.h / 13 % 3 <> 0,
                    CASE WHEN NOT m.inbound THEN m.user_id END, m.at
               FROM (${messages}) m WHERE m.h % 5 < 3`,
    texts: `INSERT INTO texts (direction, customer_id, phone, body, sent_by, created_at)
            SELECT CASE WHEN m.inbound THEN 'inbound' ELSE 'outbound' END, m.customer_id, m.phone, m.body,
                   CASE WHEN NOT m.inbound THEN m.user_id END, m.at
              FROM (${messages}) m WHERE m.h % 5 >= 3`,
  };
  for (const [table, fill] of Object.entries(fills)) {
    // The waits are written once below, from every conversation, instead of by a trigger for each message.
    await withoutIndexes(database, table, async (client) => {
      await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
      await client.query(fill, [have, total, threads]);
      await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    });
  }
  await sql`
    INSERT INTO conversation_waits (customer_id, waiting_since, last_at, channel, preview)
    WITH m AS (SELECT customer_id, direction, created_at, 'email' AS channel, subject AS preview FROM emails WHERE customer_id IS NOT NULL
               UNION ALL SELECT customer_id, direction, created_at, 'text', body FROM texts WHERE customer_id IS NOT NULL),
         answered AS (SELECT customer_id, max(created_at) AS at FROM m WHERE direction = 'outbound' GROUP BY customer_id),
         waiting AS (
           SELECT m.customer_id, min(m.created_at) AS since, max(m.created_at) AS last_at,
                  (array_agg(m.channel ORDER BY m.created_at DESC))[1] AS channel,
                  left((array_agg(m.preview ORDER BY m.created_at DESC))[1], 200) AS preview
             FROM m LEFT JOIN answered a USING (customer_id)
            WHERE m.direction = 'inbound' AND (a.at IS NULL OR m.created_at > a.at)
            GROUP BY m.customer_id)
    SELECT customer_id, since, last_at, channel, preview FROM waiting WHERE last_at > now() - interval '30 days'
    ON CONFLICT (customer_id) DO NOTHING`.execute(database.db);
  console.log(`  messages  ${total.toLocaleString()} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

type Counted = 'customers' | 'vehicles' | 'deals' | 'tasks' | 'emails' | 'texts' | 'vehicle_photos' | 'vehicle_buyers_guides';
const count = async (database: Database, table: Counted) =>
  Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(table)}`.execute(database.db)).rows[0]!.n);

/** A vehicle's lot in the draws below, the same every run: a number from 0 to 2^31 - 1 of its id and `salt`. */
const draw = (salt: string) => `(hashtext(v.id::text || '${salt}') & 2147483647)`;

/**
 * Photo rows for the vehicles that have none, written by the database from the vehicles it holds: four in five have
 * from 1 to 12, as a phone's upload stores them (three sizes under their keys, the full size's hash, 4:3 or 3:4).
 * Rows only: the inventory list builds the cover's address from its id and reads no file. Deterministic: a vehicle's
 * photos are the same every time.
 */
async function fillVehiclePhotos(database: Database) {
  const due = Number(
    (
      await sql<{ n: string }>`SELECT count(*)::text AS n FROM vehicles v
        WHERE ${sql.raw(draw('/photos'))} % 5 <> 0
          AND NOT EXISTS (SELECT 1 FROM vehicle_photos p WHERE p.vehicle_id = v.id)`.execute(database.db)
    ).rows[0]!.n,
  );
  if (due === 0) return console.log(`  photos    ${(await count(database, 'vehicle_photos')).toLocaleString()} already there`);
  const started = performance.now();
  let written = 0;
  await withoutIndexes(database, 'vehicle_photos', async (client) => {
    // In the order of their keys, so the keys' unique indexes grow at their end.
    const { rowCount } = await client.query(
      `WITH v AS (SELECT v.id, v.user_id, v.created_at, ${draw('/photos')} AS h FROM vehicles v
                   WHERE NOT EXISTS (SELECT 1 FROM vehicle_photos p WHERE p.vehicle_id = v.id)),
            p AS (SELECT v.id AS vehicle_id, v.user_id, v.created_at, v.h, n, md5(v.id::text || '/' || n)::uuid AS id
                    FROM v CROSS JOIN LATERAL generate_series(0, v.h / 5 % 12) AS n
                   WHERE v.h % 5 <> 0)
       INSERT INTO vehicle_photos (id, vehicle_id, position, file_name, width, height, thumb_key, card_key, full_key,
                                   sha256, bytes, uploaded_by, created_at)
       SELECT p.id, p.vehicle_id, p.n, 'IMG_' || lpad(((p.h / 60 + p.n) % 10000)::text, 4, '0') || '.HEIC',
              CASE WHEN (p.h / 7 + p.n) % 10 = 0 THEN 1536 ELSE 2048 END,
              CASE WHEN (p.h / 7 + p.n) % 10 = 0 THEN 2048 ELSE 1536 END,
              'vehicle-photos/' || p.vehicle_id || '/' || p.id || '-thumb.jpg',
              'vehicle-photos/' || p.vehicle_id || '/' || p.id || '-card.jpg',
              'vehicle-photos/' || p.vehicle_id || '/' || p.id || '-full.jpg',
              encode(sha256(convert_to(p.id::text, 'UTF8')), 'hex'),
              420000 + (p.h / 11 + p.n * 7919) % 380000,
              p.user_id, p.created_at + make_interval(mins => p.n::int)
         FROM p
        ORDER BY p.vehicle_id, p.n`,
    );
    written = rowCount ?? 0;
  });
  console.log(`  photos    ${written.toLocaleString()} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * A completed Buyers Guide for nine in ten used vehicles that have none (the rest are flagged in the inventory list as
 * needing one): the form's choices as a new guide opens, As Is with no dealer warranty. Deterministic, as the photos.
 */
async function fillBuyersGuides(database: Database) {
  const started = performance.now();
  const { numAffectedRows } = await sql`
    INSERT INTO vehicle_buyers_guides (vehicle_id, guide, saved_by, saved_at)
    SELECT v.id, ${JSON.stringify(buyersGuideSchema.parse({}))}::jsonb, v.user_id, least(now(), v.created_at + interval '1 day')
      FROM vehicles v
     WHERE v.condition = 'used' AND ${sql.raw(draw('/guide'))} % 10 <> 0
       AND NOT EXISTS (SELECT 1 FROM vehicle_buyers_guides g WHERE g.vehicle_id = v.id)
     ORDER BY v.id`.execute(database.db);
  const written = Number(numAffectedRows ?? 0);
  if (written === 0)
    return console.log(`  guides    ${(await count(database, 'vehicle_buyers_guides')).toLocaleString()} already there`);
  console.log(`  guides    ${written.toLocaleString()} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Turns the follow-up rule off (Settings → CRM). Its first run on four years of customers none of whom was ever
 * contacted adds a call for each idle one — 727,266 tasks due today, in a minute and a half, at minute 5 of the hour
 * after a benchmark's server started — and every measure after it would read other data than the one before.
 */
async function holdFollowUps(database: Database) {
  const { crm } = await getSettings(database.db);
  if (!crm.follow_up_rule) return;
  const value = JSON.stringify({ ...crm, follow_up_rule: false });
  await database.db
    .insertInto('settings')
    .values({ key: 'crm', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
  console.log('  settings  the follow-up rule is off');
}

async function main() {
  const url = process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR;
  if (!url && !dataDir) throw new Error('seed:large fills the database DATABASE_URL names, or the embedded one in DATA_DIR');
  const wanted = {
    customers: option('customers', 1_000_000),
    vehicles: option('vehicles', 200_000),
    deals: option('deals', 1_000_000),
    tasks: option('tasks', 1_000_000),
    messages: option('messages', 1_000_000),
  };
  const database = url
    ? await openDatabase({ kind: 'postgres', url, max: 4 })
    : await openDatabase({ kind: 'embedded', dataDir: dataDir! });
  const started = performance.now();
  try {
    await migrateToLatest(database.db);
    const { adminId, agentIds } = await createBenchUsers(database, AGENTS);
    const agents = agentIds.map((id, i) => ({ id, name: `Agent ${i}` }));
    const now = Date.now();
    const owner = (rnd: Random) => (rnd.next() < 0.05 ? adminId : rnd.pick(agentIds));
    const moment = (rnd: Random) => new Date(now - rnd.int(0, 1460) * DAY - rnd.int(0, DAY));

    const customerRnd = randomSource(42);
    const vehicleRnd = randomSource(43);
    const dealRnd = randomSource(44);
    const plans: { table: 'customers' | 'vehicles' | 'deals'; make: (n: number) => Record<string, unknown> }[] = [
      { table: 'customers', make: (n) => sampleCustomer(customerRnd, n, owner(customerRnd), moment(customerRnd)) },
      { table: 'vehicles', make: () => sampleVehicle(vehicleRnd, owner(vehicleRnd), moment(vehicleRnd)) },
      { table: 'deals', make: () => sampleDeal(dealRnd, dealRnd.pick(agents), moment(dealRnd)) },
    ];
    const fill = async (plan: (typeof plans)[number]) => {
      const have = await count(database, plan.table);
      const missing = wanted[plan.table] - have;
      if (missing <= 0) return console.log(`  ${plan.table.padEnd(9)} ${have.toLocaleString()} already there`);
      await copyRows(database, plan.table, missing, (n) => plan.make(have + n));
    };
    // On a server the three tables load side by side, each on a connection of its own; embedded, one after another.
    const loading =
      database.kind === 'postgres'
        ? Promise.all(plans.map(fill))
        : plans.reduce<Promise<unknown>>((previous, plan) => previous.then(() => fill(plan)), Promise.resolve());
    await loading.finally(() => bars.stop());
    // Photos and Buyers Guides hang off the vehicles.
    await fillVehiclePhotos(database);
    await fillBuyersGuides(database);
    // Tasks hang off the customers, so they come after them.
    const haveTasks = await count(database, 'tasks');
    if (wanted.tasks > haveTasks) await fillTasks(database, haveTasks, wanted.tasks - haveTasks);
    else console.log(`  tasks     ${haveTasks.toLocaleString()} already there`);
    // Conversations hang off the customers too: e-mails and texts, counted together.
    const haveMessages = (await count(database, 'emails')) + (await count(database, 'texts'));
    if (wanted.messages > haveMessages)
      await fillMessages(database, haveMessages, wanted.messages - haveMessages, wanted.messages);
    else console.log(`  messages  ${haveMessages.toLocaleString()} already there`);
    await holdFollowUps(database);
    console.log('  vacuuming and analysing the tables…');
    // What autovacuum does on a live server: statistics for the planner, and visibility for index-only scans.
    await sql`VACUUM (ANALYZE) customers, vehicles, vehicle_photos, vehicle_buyers_guides, deals, tasks, emails, texts,
      conversation_waits`.execute(database.db);
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Sign in as admin@bench.test or agent0@bench.test.`,
    );
  } finally {
    await database.close();
  }
}

await main();
