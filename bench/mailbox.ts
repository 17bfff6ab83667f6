/**
 * A mailbox read and filed: `DATABASE_URL=postgres://…/postgres npm run bench:mailbox` (a scratch database is made on
 * that server and dropped after; the embedded database has one process, and this bench counts what the server files
 * from another).
 *
 * 1. Dovecot (as in the tests) with a mailbox of MESSAGES (100,000) unread messages written into its Maildir: 90 % from
 *    CUSTOMERS (1,000) known customers, one in ten of those answering an earlier one (In-Reply-To), and 10 % from
 *    unknown addresses.
 * 2. In this process, one message is filed with `fileMail` while every SQL statement it sends is recorded: the floor's
 *    script.
 * 3. The built server starts as its own process with the company mailbox set to it, and reads it; this process counts
 *    the filed mail every half second: time to the first and to the last, messages a second.
 * 4. The floor: pgbench runs the recorded SQL MESSAGES times on one connection (a mailbox is read by one process, one
 *    message at a time). `ratio` is Torque's messages a second over the floor's.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { fileMail } from '../src/server/modules/mailboxes/filing.js';
import { createBenchUsers } from '../src/server/scripts/bench-users.js';
import { createSpool } from '../src/server/storage/spool.js';
import { withDatabase } from '../tests/helpers/databases.js';
import { mailboxValues, rawMail, startImapPeer } from '../tests/helpers/dovecot.js';
import { BENCH_SECRET, sqlRecorder, startServerProcess } from './lib.js';

const root = path.resolve(import.meta.dirname, '..');
const MESSAGES = Number(process.env.MESSAGES ?? 100_000);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 1000);
const ADDRESS = 'sales@bench.test';
const PASSWORD = 'bench-mailbox-password';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:mailbox needs DATABASE_URL (a PostgreSQL server; a scratch database is made there)');
  process.exit(2);
}
const name = `torque_bench_mailbox_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = withDatabase(serverUrl, name);
const cleanups: (() => Promise<unknown>)[] = [
  async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  },
];

try {
  const built = spawnSync(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureBuilt())"], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');

  // 1. The database, its customers, and the mailbox's messages.
  const database = await openDatabase({ kind: 'postgres', url, max: 2 });
  cleanups.unshift(() => database.close());
  await migrateToLatest(database.db);
  const { agentIds } = await createBenchUsers(database, 4);
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    name: `Customer ${i}`,
    email: `customer${i}@mail.bench.test`,
    user_id: agentIds[i % agentIds.length]!,
  }));
  for (let i = 0; i < customers.length; i += 1000) {
    await database.db
      .insertInto('customers')
      .values(customers.slice(i, i + 1000))
      .execute();
  }
  const imap = await startImapPeer();
  cleanups.unshift(() => imap.close());
  imap.addUser(ADDRESS, PASSWORD);
  const messageId = (i: number) => `<bench-${i}@mail.bench.test>`;
  function* messages() {
    for (let i = 0; i < MESSAGES; i++) {
      const known = i % 10 !== 9;
      yield rawMail({
        from: known ? `customer${i % CUSTOMERS}@mail.bench.test` : `stranger${i}@elsewhere.test`,
        to: ADDRESS,
        subject: `Question ${i}`,
        text: `Hello, this is message ${i}. Is the car still available? What would the monthly payment be?`,
        messageId: messageId(i),
        inReplyTo: known && i % 10 === 1 && i > 1 ? messageId(i - 1) : undefined,
      });
    }
  }
  let started = performance.now();
  await imap.fill(ADDRESS, messages());
  console.log(`${MESSAGES.toLocaleString()} messages written into the mailbox in ${Math.round(performance.now() - started)} ms`);

  // 2. One message filed here, its SQL recorded.
  const mailbox = await database.db
    .insertInto('mailboxes')
    .values({
      ...mailboxValues(imap, { userId: null, address: ADDRESS, password: PASSWORD, sessionSecret: BENCH_SECRET, smtpPort: 1 }),
      reader: 'bench',
      reader_until: new Date(Date.now() + 60_000),
      uid_validity: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-mailbox-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const silent = { error: () => undefined, warn: () => undefined } as never;
  const deps = { store: null as never, spool: createSpool(dataDir), instanceId: 'bench', uploadMaxBytes: 10 << 20, log: silent };
  const sample = (i: number) =>
    Buffer.from(
      rawMail({
        from: `customer${i % CUSTOMERS}@mail.bench.test`,
        to: ADDRESS,
        subject: `Sample ${i}`,
        text: 'Hello, is the car still available?',
        messageId: `<sample-${i}@mail.bench.test>`,
      }),
    );
  const filing = { id: mailbox.id, user_id: null, address: ADDRESS, reader: 'bench' };
  await fileMail(database.db, deps, { mailbox: filing, uid: 1, source: sample(1), seen: false, receivedAt: new Date() });
  const recorder = sqlRecorder(/pgboss|pg_(try_)?advisory_(un)?lock\b/i);
  recorder.start();
  await fileMail(database.db, deps, { mailbox: filing, uid: 2, source: sample(2), seen: false, receivedAt: new Date() });
  const script = recorder.stop();
  if (process.env.SHOW_SQL) console.log(script.join(';\n'));
  // The server starts on a clean mailbox: nothing of the sample stays, and nobody holds the lease.
  await database.db.deleteFrom('emails').execute();
  await database.db.deleteFrom('conversation_waits').execute();
  await database.db.deleteFrom('audit_log').execute();
  await database.db.updateTable('mailboxes').set({ reader: null, reader_until: null, last_uid: 0, uid_validity: null }).execute();

  // 3. The server reads the mailbox; this process counts what it has filed.
  const filed = async () =>
    Number(
      (
        await database.db
          .selectFrom('emails')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  started = performance.now();
  const server = await startServerProcess({ DATABASE_URL: url });
  cleanups.unshift(() => server.stop());
  let first = 0;
  let count = 0;
  for (;;) {
    count = await filed();
    if (count > 0 && !first) first = performance.now() - started;
    if (count >= MESSAGES) break;
    if (performance.now() - started > 60 * 60_000) throw new Error(`only ${count} of ${MESSAGES} filed in an hour`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const wallMs = performance.now() - started;
  const counts = await database.db
    .selectFrom('emails')
    .select([(eb) => eb.fn.countAll().as('all'), (eb) => eb.fn.count('customer_id').as('linked')])
    .executeTakeFirstOrThrow();
  const torquePerSecond = (MESSAGES / wallMs) * 1000;

  // 4. The floor: the filing SQL, MESSAGES times, on one connection.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-pgbench-'));
  const file = path.join(folder, 'filing.sql');
  fs.writeFileSync(
    file,
    ['BEGIN', ...script.filter((s) => !/^(BEGIN|COMMIT)\b/i.test(s)), 'COMMIT'].map((s) => `${s};\n`).join(''),
  );
  const floorRuns = Math.min(MESSAGES, 20_000);
  const bench = spawnSync('pgbench', ['-n', '-M', 'simple', '-c', '1', '-t', String(floorRuns), '-f', file, url], {
    encoding: 'utf8',
    env: { ...process.env, PGOPTIONS: '-c jit=off' },
  });
  fs.rmSync(folder, { recursive: true, force: true });
  if (bench.status !== 0) throw new Error(`pgbench failed: ${bench.stderr || bench.stdout}`);
  const floorPerSecond = Number(/tps = ([\d.]+)/.exec(bench.stdout)?.[1] ?? 0);

  console.log('\nmailbox read and filed (PostgreSQL, one reader)');
  console.log(`| messages | linked | first filed | all filed | messages/s | floor msg/s | ratio |`);
  console.log(`| --- | --- | --- | --- | --- | --- | --- |`);
  console.log(
    `| ${Number(counts.all).toLocaleString()} | ${Number(counts.linked).toLocaleString()} | ${(first / 1000).toFixed(1)} s | ${(
      wallMs / 1000
    ).toFixed(1)} s | ${Math.round(torquePerSecond).toLocaleString()} | ${Math.round(floorPerSecond).toLocaleString()} | ${(
      (torquePerSecond / floorPerSecond) *
      100
    ).toFixed(0)} % |`,
  );
} finally {
  for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
}
