import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { MailMessage } from '../../src/server/mail/mailer.js';
import { createTestContext, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';

/**
 * Mail held while Torque had no mail server: listed for admins with its age and the appointment it is about, then,
 * once SMTP_URL is set, sent (one, or all but those about an appointment already past) or discarded, each exactly once
 * or never, the discarded kept as a record.
 */

const FAST = { pollingIntervalSeconds: 0.5, mailRetry: { retryDelay: 1 } };
const DAY = 24 * 60 * 60 * 1000;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** Torque without SMTP_URL: what it queues is held. */
async function withoutMailServer(): Promise<TestContext> {
  const t = await createTestContext({}, { jobs: FAST });
  cleanups.push(() => t.close());
  return t;
}

type Call = (options: InjectOptions & { as: TestUser }) => Promise<LightMyRequestResponse>;

/**
 * Stops Torque and starts it again on the same database with SMTP_URL set, as an admin does once a mail server exists.
 * Sessions live in the database: the users stay signed in.
 */
async function restartWithSmtp(t: TestContext): Promise<{ smtp: SmtpPeer; call: Call; app: FastifyInstance }> {
  const smtp = await startSmtpPeer();
  cleanups.push(() => smtp.close());
  // Its workers stop with it: no job of the process without a mail server is left to take the mail.
  await t.app.close();
  const config = loadConfig({
    DATA_DIR: t.config.dataDir,
    DEMO: '0',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: TEST_SECRET,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Torque <crm@dealer.example>',
  });
  const app = await buildApp({ config, database: t.database, secret: TEST_SECRET, jobs: FAST });
  await app.ready();
  await app.startWorkers();
  cleanups.push(() => app.close());
  const call: Call = ({ as, headers, ...options }) =>
    app.inject({ ...options, headers: { 'x-requested-with': 'torque', cookie: as.cookie, ...headers } });
  return { smtp, call, app };
}

const message = (n: number, fields: Partial<MailMessage> = {}): MailMessage => ({
  to: `buyer${n}@dealer.example`,
  subject: `Held ${n}`,
  text: `Mail ${n}`,
  ...fields,
});

const queueMail = (t: TestContext, mail: MailMessage, by: TestUser | null) =>
  t.database.db.transaction().execute((tx) => t.app.mailer.queue(tx, mail, by?.id ?? null));

/** Moves a held mail back in time: written `days` ago, about an appointment that started `startedDaysAgo` ago. */
async function age(t: TestContext, id: string, days: number, startedDaysAgo?: number) {
  await t.database.db
    .updateTable('outbox')
    .set({
      created_at: new Date(Date.now() - days * DAY),
      ...(startedDaysAgo === undefined ? {} : { appointment_starts_at: new Date(Date.now() - startedDaysAgo * DAY) }),
    })
    .where('id', '=', id)
    .execute();
}

const statuses = async (t: TestContext) =>
  Object.fromEntries(
    (await t.database.db.selectFrom('outbox').select(['id', 'status']).execute()).map((row) => [row.id, row.status]),
  );

const audits = (t: TestContext, action: string) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['entity_id', 'actor_id'])
    .where('entity_type', '=', 'outbox')
    .where('action', '=', action)
    .orderBy('entity_id')
    .execute();

async function jobsSettled(t: TestContext) {
  const pending = async () =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-deliver' AND state NOT IN ('completed', 'failed')`.execute(
        t.database.db,
      )
    ).rows[0]!.n;
  await expect.poll(pending, { timeout: 15_000 }).toBe(0);
}

/** A customer with an e-mail address and their appointment on 15 March 2027 at 10:00 (the company's zone, Chicago). */
async function bookAppointment(t: TestContext, agent: TestUser, n: number) {
  const customer = await t.call({
    method: 'POST',
    url: '/api/customers',
    as: agent,
    payload: { name: `Buyer ${n}`, email: `appointment${n}@dealer.example` },
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const task = await t.call({
    method: 'POST',
    url: '/api/tasks',
    as: agent,
    payload: {
      type: 'appointment',
      title: 'Test drive',
      customer_id: customer.json().id,
      due_date: '2027-03-15',
      due_time: '10:00',
      duration_minutes: 45,
    },
  });
  expect(task.statusCode, task.body).toBe(201);
  const row = await t.database.db
    .selectFrom('outbox')
    .select('id')
    .where(sql<string>`payload->>'to'`, '=', `appointment${n}@dealer.example`)
    .executeTakeFirstOrThrow();
  return { taskId: task.json().id as string, outboxId: row.id };
}

describe('mail held before a mail server existed', () => {
  it('is listed with its age and appointment; once SMTP_URL is set one is sent, then all but the past appointment’s, each once', async () => {
    const t = await withoutMailServer();
    const admin = await t.createUser('admin');
    const agent = await t.createUser('agent');

    const invitation = await bookAppointment(t, agent, 1);
    const past = await bookAppointment(t, agent, 2);
    await age(t, past.outboxId, 5, 1);
    const plain = await queueMail(t, message(3), admin);
    await age(t, plain, 3);

    const held = await t.call({ method: 'GET', url: '/api/outbox?kind=email&status=held', as: admin });
    expect(held.statusCode).toBe(200);
    const items = held.json().items as Record<string, unknown>[];
    expect(items.map((item) => item.id)).toEqual([invitation.outboxId, plain, past.outboxId]);
    // 10:00 on 15 March 2027 in Chicago, summer time begun on the 14th (UTC−5).
    expect(items[0]).toMatchObject({
      status: 'held',
      appointment_starts_at: '2027-03-15T15:00:00.000Z',
      appointment_past: false,
    });
    expect(items[2]).toMatchObject({ status: 'held', appointment_past: true });
    expect(Date.now() - Date.parse(items[1]!.created_at as string)).toBeGreaterThan(3 * DAY - 60_000);
    expect(
      await t.database.db.selectFrom('outbox').select('appointment_id').where('id', '=', invitation.outboxId).executeTakeFirst(),
    ).toEqual({ appointment_id: invitation.taskId });

    // Nothing can send yet: the list says so, and sending is refused with the mail left held.
    expect((await t.call({ method: 'GET', url: '/api/outbox/mail', as: admin })).json()).toEqual({
      mail_server: false,
      held_mail: 3,
    });
    expect((await t.call({ method: 'POST', url: `/api/outbox/${plain}/send`, as: admin, payload: {} })).statusCode).toBe(409);
    expect((await t.call({ method: 'POST', url: '/api/outbox/held/send', as: admin, payload: {} })).statusCode).toBe(409);
    expect(Object.values(await statuses(t))).toEqual(['held', 'held', 'held']);

    const { smtp, call } = await restartWithSmtp(t);
    expect((await call({ method: 'GET', url: '/api/outbox/mail', as: admin })).json()).toEqual({
      mail_server: true,
      held_mail: 3,
    });

    const one = await call({ method: 'POST', url: `/api/outbox/${plain}/send`, as: admin, payload: {} });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: plain, status: 'pending' });
    await smtp.waitFor(1);
    expect((await call({ method: 'POST', url: `/api/outbox/${plain}/send`, as: admin, payload: {} })).statusCode).toBe(409);

    const all = await call({ method: 'POST', url: '/api/outbox/held/send', as: admin, payload: {} });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ sent: 1, skipped_past: 1 });
    await smtp.waitFor(2);
    await jobsSettled(t);

    expect(smtp.received.map((mail) => mail.to)).toEqual([['buyer3@dealer.example'], ['appointment1@dealer.example']]);
    expect(await statuses(t)).toEqual({ [invitation.outboxId]: 'sent', [plain]: 'sent', [past.outboxId]: 'held' });
    expect(await audits(t, 'held_mail_sent')).toEqual(
      [invitation.outboxId, plain].sort().map((id) => ({ entity_id: id, actor_id: admin.id })),
    );
    // A second "Send all" finds nothing more to send.
    expect((await call({ method: 'POST', url: '/api/outbox/held/send', as: admin, payload: {} })).json()).toEqual({
      sent: 0,
      skipped_past: 1,
    });
  });

  it('is discarded one at a time or all at once: kept with who and when, audited, and never sent', async () => {
    const t = await withoutMailServer();
    const admin = await t.createUser('admin');
    const ids = [
      await queueMail(t, message(1), admin),
      await queueMail(t, message(2), null),
      await queueMail(t, message(3), admin),
    ];

    // Discarding needs no mail server.
    const one = await t.call({ method: 'POST', url: `/api/outbox/${ids[0]}/discard`, as: admin, payload: {} });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: ids[0],
      status: 'discarded',
      discarded_by: admin.name,
      discarded_at: expect.any(String),
    });
    expect((await t.call({ method: 'POST', url: `/api/outbox/${ids[0]}/discard`, as: admin, payload: {} })).statusCode).toBe(409);
    const all = await t.call({ method: 'POST', url: '/api/outbox/held/discard', as: admin, payload: {} });
    expect(all.json()).toEqual({ discarded: 2 });

    const { smtp, call, app } = await restartWithSmtp(t);
    expect((await call({ method: 'GET', url: '/api/outbox/mail', as: admin })).json()).toEqual({
      mail_server: true,
      held_mail: 0,
    });
    expect((await call({ method: 'POST', url: '/api/outbox/held/send', as: admin, payload: {} })).json()).toEqual({
      sent: 0,
      skipped_past: 0,
    });
    for (const id of ids) {
      expect((await call({ method: 'POST', url: `/api/outbox/${id}/send`, as: admin, payload: {} })).statusCode).toBe(409);
    }
    // The mailer itself releases only mail still held.
    expect(await t.database.db.transaction().execute((tx) => app.mailer.release(tx, ids))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await jobsSettled(t);

    expect(smtp.received).toEqual([]);
    expect(await statuses(t)).toEqual(Object.fromEntries(ids.map((id) => [id, 'discarded'])));
    const rows = await t.database.db.selectFrom('outbox').select(['discarded_by', 'discarded_at', 'sent_at']).execute();
    expect(rows.every((row) => row.discarded_by === admin.id && row.discarded_at instanceof Date && row.sent_at === null)).toBe(
      true,
    );
    expect(await audits(t, 'held_mail_discarded')).toEqual([...ids].sort().map((id) => ({ entity_id: id, actor_id: admin.id })));
  });

  it('is for admins alone: agents and editors are refused; a text, a sent mail or an unknown id is not held mail', async () => {
    const t = await withoutMailServer();
    const admin = await t.createUser('admin');
    const editor = await t.createUser('editor');
    const agent = await t.createUser('agent');
    const id = await queueMail(t, message(1), agent);
    const text = await t.database.db
      .transaction()
      .execute((tx) => t.app.webhooks.queueSms(tx, { to: '+15555550123', text: 'Hello' }, null));

    for (const as of [agent, editor]) {
      for (const url of [
        `/api/outbox/${id}/send`,
        `/api/outbox/${id}/discard`,
        '/api/outbox/held/send',
        '/api/outbox/held/discard',
      ]) {
        expect((await t.call({ method: 'POST', url, as, payload: {} })).statusCode, `${as.role} ${url}`).toBe(403);
      }
      expect((await t.call({ method: 'GET', url: '/api/outbox?status=held', as })).statusCode).toBe(403);
    }
    for (const other of [text, '00000000-0000-4000-8000-000000000000']) {
      expect((await t.call({ method: 'POST', url: `/api/outbox/${other}/discard`, as: admin, payload: {} })).statusCode).toBe(
        404,
      );
    }
    expect((await t.call({ method: 'POST', url: '/api/outbox/not-an-id/send', as: admin, payload: {} })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/outbox/held/discard', as: admin, payload: {} })).json()).toEqual({
      discarded: 1,
    });
    expect(await statuses(t)).toEqual({ [id]: 'discarded', [text]: 'held' });
  });
});
