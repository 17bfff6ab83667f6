/**
 * The job queue and mail: `npm run bench:jobs` (embedded database in memory), or with `DATABASE_URL=postgres://…` set to
 * an empty scratch database. Times pg-boss's first start (it installs its schema) and a restart, 500 jobs sent one
 * transaction each and 500 in one transaction, the time one process takes to run 500 no-op jobs, and 100 mails
 * delivered to a local SMTP server. Settings: polling every 0.5 s, 5 jobs per fetch (the queue's default).
 */
import Fastify from 'fastify';
import { openDatabase, type Database } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createJobQueue } from '../src/server/jobs/queue.js';
import { createEncryption } from '../src/server/auth/encryption.js';
import { createMailer } from '../src/server/mail/mailer.js';
import { startSmtpPeer } from '../tests/helpers/smtp.js';

const log = Fastify({ logger: false }).log;
const url = process.env.DATABASE_URL;
const database: Database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'embedded-memory' });
await migrateToLatest(database.db);
const ms = (since: number) => `${Math.round(performance.now() - since)} ms`.padStart(8);
const until = async (done: () => Promise<boolean>) => {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 50));
};

let ran = 0;
const smtp = await startSmtpPeer();
const queue = () => {
  const jobs = createJobQueue(database, log, { pollingIntervalSeconds: 0.5 });
  jobs.work('bench-noop', async () => {
    ran++;
  });
  const mailer = createMailer(
    { smtpUrl: smtp.url, mailFrom: 'bench@torque.local', mailboxPrivateHosts: 'admins' },
    database.db,
    jobs,
    log,
    {
      encryption: createEncryption(['bench-secret-bench-secret-bench-secret-0000']),
      dealershipName: async () => 'Torque bench',
    },
  );
  return { jobs, mailer };
};

let started = performance.now();
let { jobs, mailer } = queue();
await jobs.start();
console.log(`first start (installs pg-boss)   ${ms(started)}`);
await jobs.stop();
started = performance.now();
({ jobs, mailer } = queue());
await jobs.start();
console.log(`start on an installed database   ${ms(started)}`);

started = performance.now();
for (let i = 0; i < 500; i++) await database.db.transaction().execute((tx) => jobs.enqueue(tx, 'bench-noop', { i }));
console.log(`500 jobs, one transaction each   ${ms(started)}`);
started = performance.now();
await database.db.transaction().execute(async (tx) => {
  for (let i = 0; i < 500; i++) await jobs.enqueue(tx, 'bench-noop', { i });
});
console.log(`500 jobs in one transaction      ${ms(started)}`);
started = performance.now();
await until(async () => ran >= 1000);
console.log(`1000 no-op jobs run (from sent)  ${ms(started)}`);

started = performance.now();
for (let i = 0; i < 100; i++) {
  await database.db
    .transaction()
    .execute((tx) => mailer.queue(tx, { to: `buyer${i}@dealer.example`, subject: `Offer ${i}`, text: 'Hello' }, null));
}
await smtp.waitFor(100, 120_000);
console.log(`100 mails queued and delivered   ${ms(started)}`);

await jobs.stop();
await smtp.close();
await database.close();
