import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { createUserWithPassword } from '../../src/server/platform/users.js';
import { dayIn, timeIn } from '../../src/shared/common/time.js';
import { REALTIME_CLOSE, REALTIME_SOCKET_LIMITS, type RealtimeMessage } from '../../src/shared/realtime/events.js';
import { cookieHeader, PASSWORD, TEST_SECRET } from '../helpers/app.js';
import { withDatabase } from '../helpers/databases.js';
import { startServer, stopServer, type Server } from '../helpers/server.js';
import { openSocket, type TestSocket } from '../helpers/socket.js';

/**
 * Two Torque processes on one PostgreSQL: what happens through one reaches the sockets of the other, through
 * LISTEN/NOTIFY, and a session ended on one closes its sockets on the other; the jobs both run send a reminder once.
 */
describe.runIf(process.env.TORQUE_TEST_DB === 'postgres')('realtime and jobs across two processes', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `torque_test_realtime_${crypto.randomBytes(4).toString('hex')}`;
  const servers: Server[] = [];
  const sockets: TestSocket[] = [];
  const dataDirs: string[] = [];
  let database: Database;
  let a: Server;
  let b: Server;

  /** Signs in on `server` as the browser does; the session cookie. */
  async function signIn(server: Server, email: string) {
    const response = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'torque' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    return cookieHeader(response.headers.getSetCookie());
  }
  const call = async (server: Server, cookie: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, 'x-requested-with': 'torque', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read as JSON, field by field
    return { status: response.status, body: (response.status === 204 ? null : await response.json()) as any };
  };
  const socket = async (server: Server, cookie: string) => {
    const opened = await openSocket(server.url, cookie);
    sockets.push(opened);
    return opened;
  };
  const isMessage = (content: string) => (m: RealtimeMessage) => m.type === 'message' && m.message.content === content;

  const person = async (role: 'agent' | 'editor', fullName: string) => {
    const email = `${fullName.toLowerCase().replace(' ', '.')}@example.com`;
    return { email, id: await createUserWithPassword(database.db, { name: fullName, email, role, password: PASSWORD }) };
  };

  let emma: { email: string; id: string };
  let liam: { email: string; id: string };
  let olivia: { email: string; id: string };
  let editor: { email: string; id: string };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    // One after the other: the first migrates, the second finds the tables.
    for (const n of [1, 2]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `torque-realtime-${n}-`));
      dataDirs.push(dataDir);
      servers.push(await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET }));
    }
    [a, b] = servers as [Server, Server];
    database = await openDatabase({ kind: 'postgres', url, max: 2 });
    emma = await person('agent', 'Emma Carter');
    liam = await person('agent', 'Liam Brooks');
    olivia = await person('agent', 'Olivia Reed');
    editor = await person('editor', 'Eli Editor');
  }, 120_000);

  afterAll(async () => {
    for (const opened of sockets) opened.close();
    await database?.close();
    for (const server of servers) await stopServer(server, 'SIGTERM');
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("delivers a message sent through one process to its chat's members on the other, once, and to no one else", async () => {
    const emmaOnA = await signIn(a, emma.email);
    const liamTab = await socket(b, await signIn(b, liam.email));
    const oliviaTab = await socket(b, await signIn(b, olivia.email));

    const chat = await call(a, emmaOnA, 'POST', '/api/chat/chats', { type: 'group', name: 'Deal desk', user_ids: [liam.id] });
    expect(chat.status).toBe(201);
    await liamTab.next((m) => m.type === 'chats');
    const sent = await call(a, emmaOnA, 'POST', `/api/chat/chats/${chat.body.id}/messages`, {
      id: crypto.randomUUID(),
      content: 'Across processes',
    });
    expect(sent.status).toBe(201);
    expect(await liamTab.next(isMessage('Across processes'))).toEqual({ type: 'message', message: sent.body.message });

    // A later message to everyone reaches Olivia; the group's never did, and Liam got his once.
    const company = await call(a, emmaOnA, 'POST', '/api/chat/channels/company', {});
    await call(a, emmaOnA, 'POST', `/api/chat/chats/${company.body.id}/messages`, {
      id: crypto.randomUUID(),
      content: 'To everyone',
    });
    await oliviaTab.next(isMessage('To everyone'));
    await liamTab.next(isMessage('To everyone'));
    expect(oliviaTab.received.some(isMessage('Across processes'))).toBe(false);
    expect(liamTab.received.filter(isMessage('Across processes'))).toHaveLength(1);
  });

  it('closes on the other process, within a second, the socket of a session signed out on one', async () => {
    const cookie = await signIn(a, olivia.email);
    const tab = await socket(b, cookie);
    const started = Date.now();
    expect(
      (await fetch(`${a.url}/api/session`, { method: 'DELETE', headers: { cookie, 'x-requested-with': 'torque' } })).status,
    ).toBeLessThan(300);
    expect(await tab.closed).toBe(REALTIME_CLOSE.sessionEnded);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(tab.received.at(-1)).toEqual({ type: 'session_ended' });
  });

  it('closes on the other process the sockets of a user deactivated through one', async () => {
    const editorOnA = await signIn(a, editor.email);
    const tabs = [await socket(b, await signIn(b, liam.email)), await socket(a, await signIn(a, liam.email))];
    const deactivated = await call(a, editorOnA, 'PATCH', `/api/team/members/${liam.id}`, { status: 'inactive' });
    expect(deactivated.status).toBe(200);
    for (const tab of tabs) expect(await tab.closed).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('refuses within a second the requests of a session signed out through the other process, and applies a new role', async () => {
    const signedOut = await signIn(a, olivia.email);
    const demoted = await signIn(a, editor.email);
    // The other process has read both sessions just now, and keeps what it read for its next requests.
    expect((await call(b, signedOut, 'GET', '/api/customers')).status).toBe(200);
    expect((await call(b, demoted, 'GET', '/api/session')).body.user.role).toBe('editor');

    let started = Date.now();
    expect((await call(a, signedOut, 'DELETE', '/api/session')).status).toBeLessThan(300);
    await expect.poll(async () => (await call(b, signedOut, 'GET', '/api/customers')).status, { interval: 20 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(1_000);

    started = Date.now();
    // Changed from outside both processes: a third connection to the database.
    await database.db.updateTable('users').set({ role: 'agent' }).where('id', '=', editor.id).execute();
    await expect.poll(async () => (await call(b, demoted, 'GET', '/api/session')).body.user.role, { interval: 20 }).toBe('agent');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("counts a session's sockets per process: its eleventh is refused on one and taken on the other", async () => {
    const cookie = await signIn(a, emma.email);
    await Promise.all(Array.from({ length: REALTIME_SOCKET_LIMITS.perSession }, () => socket(a, cookie)));
    await expect(openSocket(a.url, cookie)).rejects.toMatchObject({ code: REALTIME_CLOSE.tooManySockets });
    await socket(b, cookie);
  });

  it('reminds the customer and the agent of an appointment once, from whichever process runs the job first', async () => {
    const emmaOnA = await signIn(a, emma.email);
    const tabs = [await socket(a, emmaOnA), await socket(b, await signIn(b, emma.email))];
    const customer = await call(a, emmaOnA, 'POST', '/api/customers', { name: 'Rory Reminded', email: 'rory@buyer.example' });
    expect(customer.status).toBe(201);
    const consent = await call(a, emmaOnA, 'POST', `/api/customers/${customer.body.id}/consent`, {
      channel: 'email',
      status: 'opted_in',
      source: 'in_person',
      wording: 'Remind me of my appointments.',
    });
    expect(consent.status).toBe(201);
    // Ten minutes from now in the company's zone: inside the customer's 24 hours and the agent's 15 minutes.
    const session = (await call(a, emmaOnA, 'GET', '/api/session')).body as { timeZone: string };
    const start = new Date(Date.now() + 10 * 60_000);
    const booked = await call(a, emmaOnA, 'POST', '/api/tasks', {
      type: 'appointment',
      title: 'Test drive',
      customer_id: customer.body.id,
      due_date: dayIn(session.timeZone, start),
      due_time: timeIn(session.timeZone, start),
      duration_minutes: 30,
      // Invited: the e-mail reminder goes with the invitation (the appointment's one mail rule).
      invite_customer: true,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    // Both processes run the every-minute job; whichever claims the appointment first sends its reminders.
    const reminders = () =>
      database.db
        .selectFrom('tasks')
        .select(['customer_reminded_at', 'agent_reminded_at'])
        .where('id', '=', booked.body.id)
        .executeTakeFirstOrThrow();
    await expect
      .poll(async () => Object.values(await reminders()).every((at) => at !== null), { timeout: 150_000, interval: 1_000 })
      .toBe(true);
    const due = await database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', emma.id)
      .where('kind', '=', 'task_due')
      .where('link', '=', `/customers/${customer.body.id}`)
      .execute();
    expect(due).toHaveLength(1);
    const mails = await database.db.selectFrom('outbox').select('payload').where('kind', '=', 'email').execute();
    const reminded = mails.filter(({ payload }) => {
      const mail = payload as { to: string; subject: string };
      return mail.to === 'rory@buyer.example' && mail.subject.startsWith('Reminder:');
    });
    expect(reminded).toHaveLength(1);
    // The agent's tabs on both processes hear of it.
    for (const tab of tabs) await tab.next((m) => m.type === 'notification');
  }, 180_000);
});
