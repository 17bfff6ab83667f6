import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.js';
import { createJobQueue } from '../../src/server/jobs/queue.js';
import { createEncryption } from '../../src/server/auth/encryption.js';
import { createMailer, type MailMessage } from '../../src/server/mail/mailer.js';
import { createTestContext, TEST_SECRET, type ContextOptions, type TestContext, type TestUser } from '../helpers/app.js';
import { withDatabase } from '../helpers/databases.js';
import { startServer, stopServer, type Server } from '../helpers/server.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';

/**
 * Outbound mail through the outbox and the job queue, delivered to a real SMTP server: once, only when the change that
 * wrote it commits, retried with backoff when the server says "later", and kept for admins when there is no SMTP.
 */

const FAST = { pollingIntervalSeconds: 0.5, mailRetry: { retryDelay: 1 } };

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function peer(): Promise<SmtpPeer> {
  const smtp = await startSmtpPeer();
  cleanups.push(() => smtp.close());
  return smtp;
}

async function context(env: Record<string, string>, options: ContextOptions = {}): Promise<TestContext> {
  const t = await createTestContext(env, { jobs: FAST, ...options });
  cleanups.push(() => t.close());
  return t;
}

const message = (n: number): MailMessage => ({
  to: `buyer${n}@dealer.example`,
  subject: `Your offer ${n}`,
  text: `Open https://torque.example/invite/secret-token-${n} to continue.`,
  html: `<p>Offer ${n}</p>`,
});

/** Queues a mail in a transaction of its own, committed. */
const queueMail = (t: TestContext, mail: MailMessage, by: TestUser | null = null) =>
  t.database.db.transaction().execute((tx) => t.app.mailer.queue(tx, mail, by?.id ?? null));

const outboxRow = (t: TestContext, id: string) =>
  t.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The delivery jobs pg-boss holds, by state. */
async function jobStates(t: TestContext): Promise<string[]> {
  const { rows } = await sql<{
    state: string;
  }>`SELECT state FROM pgboss.job WHERE name = 'mail-deliver' ORDER BY created_on`.execute(t.database.db);
  return rows.map((r) => r.state);
}

/** The app's log lines as JSON objects. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { lines, raw, logger: { level: 'info', stream } };
}

describe('mail with an SMTP server', () => {
  it('delivers a queued mail once, and records it as sent', async () => {
    const smtp = await peer();
    const t = await context({ SMTP_URL: smtp.url, MAIL_FROM: 'Torque <crm@dealer.example>' });
    const admin = await t.createUser('admin');

    const id = await queueMail(t, message(1), admin);
    const [mail] = await smtp.waitFor(1);
    expect(mail).toEqual({
      from: 'crm@dealer.example',
      sender: [{ name: `${admin.name} — Torque Auto Brokerage`, address: 'crm@dealer.example' }],
      to: ['buyer1@dealer.example'],
      subject: 'Your offer 1',
      text: expect.stringContaining('secret-token-1'),
      html: '<p>Offer 1</p>',
      headers: expect.objectContaining({ subject: 'Your offer 1' }),
      calendars: [],
    });
    // A transactional mail carries no unsubscribe header; marketing mail does (tests/api/consent.test.ts).
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();

    // Once the job is complete nothing can send the mail again.
    await expect.poll(() => jobStates(t), { timeout: 10_000 }).toEqual(['completed']);
    expect(smtp.received).toHaveLength(1);
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({ kind: 'email', status: 'sent', attempts: 1, last_error: null, created_by: admin.id });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it("names the writer and the dealership in From, encoded as one name, at MAIL_FROM's address", async () => {
    const smtp = await peer();
    const t = await context({ SMTP_URL: smtp.url, MAIL_FROM: '"Torque CRM" <sales@walk.example>' });
    const admin = await t.createUser('admin');
    const agent = await t.createUser('agent');
    await t.database.db.updateTable('users').set({ name: 'Zoë "Z" O\'Neil, Jr.' }).where('id', '=', agent.id).execute();
    const company = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    const saved = await t.call({
      method: 'PUT',
      url: '/api/settings',
      as: admin,
      payload: { ...company, company: { ...company.company, name: 'Walk Motors, Inc. "Since 1962"' } },
    });
    expect(saved.statusCode).toBe(200);

    await queueMail(t, message(1), agent);
    await smtp.waitFor(1);
    await queueMail(t, message(2), null);
    const [byAgent, byTorque] = await smtp.waitFor(2);

    // The person, an em dash, the dealership: one name however many commas and quotes it holds.
    expect(byAgent!.sender).toEqual([
      { name: 'Zoë "Z" O\'Neil, Jr. — Walk Motors, Inc. "Since 1962"', address: 'sales@walk.example' },
    ]);
    // Not ASCII: an encoded-word (RFC 2047 §5), never the raw bytes.
    expect(byAgent!.headers.from).toMatch(/^=\?UTF-8\?[QB]\?[\x20-\x7e\s]+\?=\s+<sales@walk\.example>$/);
    // Mail Torque writes with no one behind it carries the dealership's name alone, quoted (RFC 5322 §3.2.4).
    expect(byTorque!.sender).toEqual([{ name: 'Walk Motors, Inc. "Since 1962"', address: 'sales@walk.example' }]);
    expect(byTorque!.headers.from).toBe('"Walk Motors, Inc. \\"Since 1962\\"" <sales@walk.example>');
    expect([byAgent!.from, byTorque!.from]).toEqual(['sales@walk.example', 'sales@walk.example']);
  });

  it('never sends a mail queued in a transaction that rolled back', async () => {
    const smtp = await peer();
    const t = await context({ SMTP_URL: smtp.url });

    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await t.app.mailer.queue(tx, message(1), null);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await queueMail(t, message(2));

    await expect.poll(async () => (await outboxRow(t, committed)).status, { timeout: 10_000 }).toBe('sent');
    expect(smtp.received.map((m) => m.subject)).toEqual(['Your offer 2']);
    expect(await t.database.db.selectFrom('outbox').select('id').execute()).toEqual([{ id: committed }]);
    // The job completes once its attempt, marked sent and announced to the lists, returns.
    await expect.poll(() => jobStates(t), { timeout: 10_000 }).toEqual(['completed']);
  });

  it('retries when the server says "try again later", then delivers, logging every attempt', async () => {
    const smtp = await peer();
    const log = logCollector();
    const t = await context({ SMTP_URL: smtp.url }, { logger: log.logger });
    smtp.failNext(2, 451);

    const id = await queueMail(t, message(3));
    await expect.poll(async () => (await outboxRow(t, id)).status, { timeout: 20_000 }).toBe('sent');

    expect(smtp.refused).toBe(2);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Your offer 3']);
    const row = await outboxRow(t, id);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toContain('451');

    const attempts = log.lines.filter((l) => l.job === 'mail-deliver');
    expect(attempts.map((l) => [l.attempt, l.outcome])).toEqual([
      [1, 'will retry'],
      [2, 'will retry'],
      [3, 'done'],
    ]);
    const jobIds = new Set(attempts.map((l) => l.jobId));
    expect(jobIds.size).toBe(1);
    const about = log.lines.filter((l) => l.outboxId === id).map((l) => [l.msg, l.attempt, l.domain, l.subject]);
    expect(about).toEqual([
      ['mail not sent yet', 1, 'dealer.example', 'Your offer 3'],
      ['mail not sent yet', 2, 'dealer.example', 'Your offer 3'],
      ['mail sent', 3, 'dealer.example', 'Your offer 3'],
    ]);
    // The body carries the token of a link: it never reaches the log, nor does the full address.
    expect(log.raw.filter((l) => l.includes('secret-token') || l.includes('buyer3@'))).toEqual([]);
  });

  it('marks a mail failed at once when the server refuses it for good', async () => {
    const smtp = await peer();
    const t = await context({ SMTP_URL: smtp.url });
    smtp.failNext(1, 550);

    const id = await queueMail(t, message(4));
    await expect.poll(async () => (await outboxRow(t, id)).status, { timeout: 10_000 }).toBe('failed');
    await expect.poll(() => jobStates(t), { timeout: 10_000 }).toEqual(['completed']);
    const row = await outboxRow(t, id);
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(row.last_error).toContain('550');
    expect(smtp.received).toEqual([]);
  });

  it('marks a mail failed after its last retry', async () => {
    const smtp = await peer();
    const t = await context({ SMTP_URL: smtp.url }, { jobs: { ...FAST, mailRetry: { retryDelay: 1, retryLimit: 1 } } });
    smtp.failNext(5, 421);

    const id = await queueMail(t, message(5));
    await expect.poll(async () => (await outboxRow(t, id)).status, { timeout: 15_000 }).toBe('failed');
    await expect.poll(() => jobStates(t), { timeout: 10_000 }).toEqual(['failed']);
    expect(await outboxRow(t, id)).toMatchObject({ attempts: 2, sent_at: null });
    expect(smtp.refused).toBe(2);
    expect(smtp.received).toEqual([]);
  });
});

describe('mail without SMTP_URL', () => {
  it('is held in the outbox, which admins read page by page and agents may not', async () => {
    const t = await context({});
    const admin = await t.createUser('admin');
    const agent = await t.createUser('agent');

    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await queueMail(t, message(n), agent));
    // Queued within one millisecond they would tie; a second apart, newest first is their order.
    for (const [i, id] of ids.entries()) {
      await t.database.db
        .updateTable('outbox')
        .set({ created_at: new Date(Date.now() - (ids.length - i) * 1000) })
        .where('id', '=', id)
        .execute();
    }
    expect(await jobStates(t)).toEqual([]);

    const first = await t.call({ method: 'GET', url: '/api/outbox?limit=2', as: admin });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.items).toEqual([
      {
        id: ids[2],
        kind: 'email',
        to: 'buyer3@dealer.example',
        subject: 'Your offer 3',
        status: 'held',
        attempts: 0,
        last_error: null,
        created_at: expect.any(String),
        sent_at: null,
        delivered_at: null,
        send_after: null,
        appointment_starts_at: null,
        appointment_past: false,
        discarded_by: null,
        discarded_at: null,
      },
      expect.objectContaining({ id: ids[1], status: 'held' }),
    ]);
    const second = await t.call({ method: 'GET', url: `/api/outbox?limit=2&cursor=${page.nextCursor}`, as: admin });
    expect(second.json()).toEqual({
      items: [expect.objectContaining({ id: ids[0], subject: 'Your offer 1' })],
      nextCursor: null,
    });

    const one = await t.call({ method: 'GET', url: `/api/outbox/${ids[0]}`, as: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: ids[0], status: 'held', text: message(1).text });

    expect((await t.call({ method: 'GET', url: '/api/outbox', as: agent })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/outbox/${ids[0]}`, as: agent })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/outbox/00000000-0000-4000-8000-000000000000', as: admin })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'GET', url: '/api/outbox?cursor=bm90LWEtY3Vyc29y', as: admin })).statusCode).toBe(400);
  });
});

describe('two Torque processes on one PostgreSQL', () => {
  it.runIf(process.env.TORQUE_TEST_DB === 'postgres')(
    'deliver each of 30 queued mails exactly once',
    async () => {
      // A mail server that takes a moment per message, so that one process cannot drain the queue before the other
      // has polled: the test sees both at work.
      const smtp = await startSmtpPeer({ acceptDelayMs: 150 });
      cleanups.push(() => smtp.close());
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `torque_test_mail_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      });
      const url = withDatabase(adminUrl, name);

      const servers: Server[] = [];
      cleanups.push(async () => {
        for (const server of servers) await stopServer(server, 'SIGKILL');
      });
      // One after the other: the first creates the tables and pg-boss's schema, the second finds them.
      for (const n of [1, 2]) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `torque-mail-${n}-`));
        cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
        servers.push(
          await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, SMTP_URL: smtp.url, SESSION_SECRET: TEST_SECRET }),
        );
      }

      // This test process only sends: its queue is never started, so it takes no job.
      const database = await openDatabase({ kind: 'postgres', url, max: 2 });
      cleanups.push(() => database.close());
      const silent = Fastify({ logger: false }).log;
      const mailer = createMailer(
        { smtpUrl: smtp.url, mailFrom: 'Torque <crm@dealer.example>', mailboxPrivateHosts: 'admins' },
        database.db,
        createJobQueue(database, silent),
        silent,
        { encryption: createEncryption([TEST_SECRET]), dealershipName: async () => 'Walk Motors' },
      );
      const ids: string[] = [];
      for (let n = 1; n <= 30; n++) ids.push(await database.db.transaction().execute((tx) => mailer.queue(tx, message(n), null)));

      await smtp.waitFor(30, 60_000);
      const sent = () => database.db.selectFrom('outbox').select('id').where('status', '=', 'sent').execute();
      await expect.poll(async () => (await sent()).length, { timeout: 60_000 }).toBe(30);
      // Stopped gracefully, each process ends the attempts it has begun: after this nothing more can arrive.
      await Promise.all(servers.map((server) => stopServer(server, 'SIGTERM')));

      expect(smtp.received).toHaveLength(30);
      expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(30);
      const rows = await database.db.selectFrom('outbox').select(['id', 'status', 'attempts']).execute();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);

      // Each process's log names the mails it sent: together every mail once, and both did some of the work.
      const sentBy = servers.map((server) =>
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('"mail sent"'))
          .map((line) => (JSON.parse(line) as { outboxId: string }).outboxId),
      );
      expect(sentBy.flat().sort()).toEqual([...ids].sort());
      expect(sentBy.map((list) => list.length > 0)).toEqual([true, true]);
    },
    120_000,
  );
});
