import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { createUserWithPassword } from '../../src/server/platform/users.js';
import type { ConversationEntry } from '../../src/shared/conversations/types.js';
import { mailboxPublicOnly } from '../../src/server/mail/mailbox-connection.js';
import { checkMailbox } from '../../src/server/modules/mailboxes/service.js';
import { MAILBOX_PRIVATE_MESSAGE, MAILBOX_SECRET_MESSAGE } from '../../src/shared/mailboxes/types.js';
import { createTestContext, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { mailboxValues, rawMail, startImapPeer, type ImapPeer } from '../helpers/dovecot.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';
import { withDatabase } from '../helpers/databases.js';
import { startServer, stopServer, type Server } from '../helpers/server.js';
import { readZip } from '../helpers/zip.js';

const COMPANY = { address: 'sales@dealer.test', password: 'company-mailbox-password-7c1' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let t: TestContext;
let imap: ImapPeer;
let smtp: SmtpPeer;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
const logLines: string[] = [];
let mails = 0;

const companyInput = (overrides: Record<string, unknown> = {}) => ({
  address: COMPANY.address,
  username: COMPANY.address,
  auth: 'password',
  secret: COMPANY.password,
  imap_host: imap.host,
  imap_port: imap.port,
  imap_tls: false,
  smtp_host: '127.0.0.1',
  smtp_port: Number(new URL(smtp.url).port),
  smtp_tls: false,
  ...overrides,
});

/** A mail from `from` into the company mailbox, as the customer's mail program sends it; its Message-ID. */
async function deliver(from: string, subject: string, extra: Partial<Parameters<typeof rawMail>[0]> = {}) {
  const messageId = `<customer-${++mails}-${crypto.randomUUID()}@mail.example.net>`;
  await imap.deliver(
    COMPANY.address,
    COMPANY.password,
    rawMail({ from, to: COMPANY.address, subject, text: `${subject} — body`, messageId, ...extra }),
  );
  return messageId;
}

const mailWith = (messageId: string) =>
  t.database.db.selectFrom('emails').selectAll().where('provider_id', '=', messageId).execute();

/** Waits until the mail with this Message-ID is filed; its row. */
async function filed(messageId: string) {
  await expect.poll(async () => (await mailWith(messageId)).length, { timeout: 20_000 }).toBe(1);
  return (await mailWith(messageId))[0]!;
}

async function customer(name: string, email: string, as: TestUser = agent) {
  const created = await t.call({ method: 'POST', url: '/api/customers', as, payload: { name, email } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

async function conversation(id: string, as: TestUser = agent): Promise<ConversationEntry[]> {
  const response = await t.call({ method: 'GET', url: `/api/customers/${id}/conversation`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

beforeAll(async () => {
  [imap, smtp] = await Promise.all([startImapPeer(), startSmtpPeer({ auth: { user: COMPANY.address, pass: COMPANY.password } })]);
  imap.addUser(COMPANY.address, COMPANY.password);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The mail servers here are on this machine: every user may connect a mailbox on it (the rule's default is tested below).
  t = await createTestContext(
    { MAILBOX_PRIVATE_HOSTS: 'everyone' },
    { jobs: { pollingIntervalSeconds: 0.5 }, logger: { level: 'debug', stream } },
  );
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Ava Agent');
  otherAgent = await t.createUser('agent', 'Otto Other');
});

afterAll(async () => {
  await t?.close();
  await Promise.all([imap?.close(), smtp?.close()]);
});

describe('connecting a mailbox', () => {
  it('is refused with the server’s reason when it refuses the sign-in, and stores nothing', async () => {
    const wrong = await t.call({
      method: 'PUT',
      url: '/api/mailboxes/company',
      as: admin,
      payload: companyInput({ secret: 'not-the-password' }),
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().error.fields.secret).toBe('The mail server refused the user name or password');
    const blank = await t.call({
      method: 'PUT',
      url: '/api/mailboxes/company',
      as: admin,
      payload: companyInput({ secret: '' }),
    });
    expect(blank.json().error.fields.secret).toBe(MAILBOX_SECRET_MESSAGE);
    const closed = await t.call({
      method: 'PUT',
      url: '/api/mailboxes/company',
      as: admin,
      payload: companyInput({ imap_port: 1 }),
    });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.fields.imap_host).toMatch(/refused the connection/);
    expect(await t.database.db.selectFrom('mailboxes').select('id').execute()).toEqual([]);
  });

  it('is for admins when it is the company’s, and by default only admins connect one on a private network', async () => {
    expect((await t.call({ method: 'GET', url: '/api/mailboxes/company', as: agent })).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url: '/api/mailboxes/company', as: agent, payload: companyInput() })).statusCode).toBe(
      403,
    );
    expect(mailboxPublicOnly({ role: 'agent' }, 'admins')).toBe(true);
    expect(mailboxPublicOnly({ role: 'editor' }, 'admins')).toBe(true);
    expect(mailboxPublicOnly({ role: 'admin' }, 'admins')).toBe(false);
    expect(mailboxPublicOnly({ role: 'agent' }, 'everyone')).toBe(false);
    const refusal = await checkMailbox(
      { ...companyInput(), imap_host: '10.1.2.3', publicOnly: true } as Parameters<typeof checkMailbox>[0],
      () => Promise.reject(new Error('an address is not looked up')),
    ).catch((error) => error);
    expect(refusal).toMatchObject({ statusCode: 400, fields: { imap_host: MAILBOX_PRIVATE_MESSAGE } });
    expect((await t.call({ method: 'GET', url: '/api/mailboxes/mine', as: agent })).json()).toEqual({ mailbox: null });
  });

  it('is saved once both servers accept it, and the password never comes back', async () => {
    const saved = await t.call({ method: 'PUT', url: '/api/mailboxes/company', as: admin, payload: companyInput() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mailbox).toMatchObject({ address: COMPANY.address, secret_set: true });
    expect(saved.body).not.toContain(COMPANY.password);
    await expect
      .poll(async () => (await t.call({ method: 'GET', url: '/api/mailboxes/company', as: admin })).json().mailbox.state, {
        timeout: 20_000,
      })
      .toBe('reading');
    // Saved again without a password: the saved one is kept.
    const again = await t.call({
      method: 'PUT',
      url: '/api/mailboxes/company',
      as: admin,
      payload: companyInput({ secret: '' }),
    });
    expect(again.statusCode, again.body).toBe(200);
    const row = await t.database.db.selectFrom('mailboxes').select('secret').executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(COMPANY.password);
  });
});

describe('mail read from the mailbox', () => {
  it('joins the conversation of the customer who sent it, once, and waits for an answer', async () => {
    const id = await customer('Mia Mailer', 'mia@mail.example.net');
    const messageId = await deliver('Mia Mailer <mia@mail.example.net>', 'Is the Civic still there?');
    const mail = await filed(messageId);
    expect(mail).toMatchObject({ customer_id: id, direction: 'inbound', subject: 'Is the Civic still there?', is_read: false });
    const thread = await conversation(id);
    expect(thread.filter((entry) => entry.title === 'Is the Civic still there?')).toHaveLength(1);
    const inbox = await t.call({ method: 'GET', url: '/api/inbox?scope=mine', as: agent });
    expect(inbox.json().items.map((item: { customer_id: string }) => item.customer_id)).toContain(id);
  });

  it('is answered from the thread through the mailbox’s SMTP server, as a reply the customer’s mail program threads', async () => {
    const id = await customer('Rae Replier', 'rae@mail.example.net');
    const asked = await deliver('rae@mail.example.net', 'Trade-in value?');
    const question = await filed(asked);
    const before = smtp.received.length;
    const sent = await t.call({
      method: 'POST',
      url: '/api/emails',
      as: agent,
      payload: {
        to: 'rae@mail.example.net',
        subject: 'Re: Trade-in value?',
        message: 'About 9,000 dollars.',
        reply_to: question.id,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    expect(received!.headers['in-reply-to']).toBe(asked);
    expect(received!.headers.references).toContain(asked);
    expect(received!.from).toBe(COMPANY.address);
    expect(received!.to).toEqual(['rae@mail.example.net']);
    // A copy sits in the mailbox's Sent folder.
    const ours = (
      await t.database.db.selectFrom('emails').select('provider_id').where('id', '=', sent.json().id).executeTakeFirstOrThrow()
    ).provider_id!;
    expect(received!.headers['message-id']).toBe(ours);
    await expect
      .poll(async () => (await imap.folder(COMPANY.address, COMPANY.password, 'Sent')).some((raw) => raw.includes(ours)), {
        timeout: 20_000,
      })
      .toBe(true);
    // Answered: the customer waits no more. Their answer to the reply, from another address, joins the same thread.
    const inbox = await t.call({ method: 'GET', url: '/api/inbox?scope=mine', as: agent });
    expect(inbox.json().items.map((item: { customer_id: string }) => item.customer_id)).not.toContain(id);
    const answer = await deliver('rae.at.work@company.example', 'Re: Re: Trade-in value?', { inReplyTo: ours });
    expect((await filed(answer)).customer_id).toBe(id);
    expect((await conversation(id)).map((entry) => entry.title)).toContain('Re: Re: Trade-in value?');
  });

  it('from an unknown address waits in the unmatched list until someone files it with a customer', async () => {
    const messageId = await deliver('stranger@nowhere.example', 'Do you buy cars?');
    const mail = await filed(messageId);
    expect(mail.customer_id).toBeNull();
    const unmatched = await t.call({ method: 'GET', url: '/api/emails?box=unmatched', as: admin });
    expect(unmatched.json().items.map((item: { id: string }) => item.id)).toContain(mail.id);
    // Agents read only their own customers' and mailboxes' mail: the company's unmatched mail is not theirs.
    expect((await t.call({ method: 'GET', url: '/api/emails?box=unmatched', as: agent })).json().items).toEqual([]);
    expect((await t.call({ method: 'GET', url: `/api/emails/${mail.id}`, as: agent })).statusCode).toBe(404);

    const id = await customer('Sam Stranger', 'sam@elsewhere.example');
    const othersCustomer = await customer('Olga Others', 'olga@elsewhere.example', otherAgent);
    expect(
      (await t.call({ method: 'POST', url: `/api/emails/${mail.id}/assign`, as: agent, payload: { customer_id: id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: `/api/emails/${mail.id}/assign`, as: admin, payload: { customer_id: 'nope' } }))
        .statusCode,
    ).toBe(400);
    const assigned = await t.call({
      method: 'POST',
      url: `/api/emails/${mail.id}/assign`,
      as: admin,
      payload: { customer_id: id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().customer).toEqual({ id, name: 'Sam Stranger' });
    expect((await conversation(id)).map((entry) => entry.title)).toContain('Do you buy cars?');
    const again = await t.call({
      method: 'POST',
      url: `/api/emails/${mail.id}/assign`,
      as: admin,
      payload: { customer_id: othersCustomer },
    });
    expect(again.statusCode).toBe(409);
    const inbox = await t.call({ method: 'GET', url: '/api/inbox?scope=mine', as: agent });
    expect(inbox.json().items.map((item: { customer_id: string }) => item.customer_id)).toContain(id);
  });

  it('keeps an attachment of an allowed kind as the customer’s document, checked by its content', async () => {
    const id = await customer('Pat Papers', 'pat@mail.example.net');
    const withPdf = await deliver('pat@mail.example.net', 'My pay stubs', {
      attachment: { name: 'stubs.pdf', type: 'application/pdf', content: PDF },
    });
    await filed(withPdf);
    const disguised = await deliver('pat@mail.example.net', 'Another one', {
      attachment: { name: 'invoice.pdf', type: 'application/pdf', content: Buffer.from('#!/bin/sh\nrm -rf /\n') },
    });
    await filed(disguised);
    const documents = await t.call({ method: 'GET', url: `/api/customers/${id}/documents`, as: agent });
    expect(documents.statusCode, documents.body).toBe(200);
    const names = (documents.json() as { file_name: string }[]).map((document) => document.file_name);
    expect(names).toEqual(['stubs.pdf']);
    const link = await t.call({
      method: 'GET',
      url: `/api/customers/${id}/documents/${(documents.json() as { id: string }[])[0]!.id}/link`,
      as: agent,
    });
    const download = await t.call({ method: 'GET', url: link.json().url, as: agent });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('resumes after the connection drops, filing what came meanwhile once', async () => {
    const id = await customer('Dee Dropped', 'dee@mail.example.net');
    imap.drop();
    const ids = [];
    for (let n = 1; n <= 3; n++) ids.push(await deliver('dee@mail.example.net', `While away ${n}`));
    imap.drop();
    for (const messageId of ids) expect((await filed(messageId)).customer_id).toBe(id);
    const after = await deliver('dee@mail.example.net', 'After the drop');
    await filed(after);
    const titles = (await conversation(id)).map((entry) => entry.title);
    expect(titles.filter((title) => title?.startsWith('While away')).sort()).toEqual([
      'While away 1',
      'While away 2',
      'While away 3',
    ]);
    expect(titles.filter((title) => title === 'After the drop')).toHaveLength(1);
  });
});

describe('a person’s own mailbox', () => {
  it('is read for them alone: its unmatched mail is theirs and admins’, not another agent’s', async () => {
    const address = 'ava@dealer.test';
    const password = 'ava-own-mailbox-password';
    imap.addUser(address, password);
    const saved = await t.call({
      method: 'PUT',
      url: '/api/mailboxes/mine',
      as: agent,
      payload: companyInput({ address, username: address, secret: password }),
    });
    // The SMTP peer knows the company's account alone: the sign-in it refuses is said on the field.
    expect(saved.statusCode).toBe(400);
    expect(saved.json().error.fields.secret).toBe('The mail server refused the user name or password');
    // Written as it would be saved had the SMTP server known the agent too.
    await t.database.db
      .insertInto('mailboxes')
      .values(
        mailboxValues(imap, {
          userId: agent.id,
          address,
          password,
          sessionSecret: TEST_SECRET,
          smtpPort: Number(new URL(smtp.url).port),
        }),
      )
      .execute();
    const messageId = `<own-${crypto.randomUUID()}@mail.example.net>`;
    await imap.deliver(
      address,
      password,
      rawMail({ from: 'someone@new.example', to: address, subject: 'Saw your ad', text: 'Hi', messageId }),
    );
    const mail = await filed(messageId);
    const own = await t.call({ method: 'GET', url: '/api/mailboxes/mine', as: agent });
    expect(own.json().mailbox.address).toBe(address);
    expect(own.body).not.toContain(password);
    expect((await t.call({ method: 'GET', url: `/api/emails/${mail.id}`, as: agent })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/emails/${mail.id}`, as: otherAgent })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/emails/${mail.id}`, as: admin })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/mailboxes/mine', as: otherAgent })).json()).toEqual({ mailbox: null });
  });
});

describe('the mailbox credentials', () => {
  it('never reach a response, the log or the full export', async () => {
    const exported = await t.call({ method: 'GET', url: '/api/export', as: admin });
    expect(exported.statusCode).toBe(200);
    const entries = await readZip(exported.rawPayload);
    const mailboxes = entries.filter((entry) => entry.name.includes('mailboxes'));
    expect(mailboxes.length).toBeGreaterThan(0);
    expect(mailboxes.map((entry) => entry.data.toString('utf8')).join('\n')).toContain(COMPANY.address);
    for (const entry of entries) expect(entry.data.toString('utf8'), entry.name).not.toContain(COMPANY.password);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(COMPANY.password);
  });

  it('are forgotten with the mailbox, whose mail stays', async () => {
    expect((await t.call({ method: 'DELETE', url: '/api/mailboxes/company', as: agent })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: '/api/mailboxes/company', as: admin })).statusCode).toBe(204);
    expect((await t.call({ method: 'DELETE', url: '/api/mailboxes/company', as: admin })).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('mailboxes').select('id').where('user_id', 'is', null).execute()).toEqual([]);
    expect(
      (await t.database.db.selectFrom('emails').select('id').where('subject', '=', 'Do you buy cars?').execute()).length,
    ).toBe(1);
  });
});

describe('a mailbox on the dealership’s own network, under the default rule (admins)', () => {
  it('is connected by an admin as the company mailbox, and refused as an agent’s own', async () => {
    const strict = await createTestContext();
    try {
      const [owner, seller] = [await strict.createUser('admin', 'Ada Admin'), await strict.createUser('agent', 'Ava Agent')];
      const own = await strict.call({ method: 'PUT', url: '/api/mailboxes/mine', as: seller, payload: companyInput() });
      expect(own.statusCode, own.body).toBe(400);
      expect(own.json().error.fields).toEqual({ imap_host: MAILBOX_PRIVATE_MESSAGE });
      const company = await strict.call({ method: 'PUT', url: '/api/mailboxes/company', as: owner, payload: companyInput() });
      expect(company.statusCode, company.body).toBe(200);
      expect(company.json().mailbox).toMatchObject({ address: COMPANY.address, imap_host: '127.0.0.1' });
      expect(await strict.database.db.selectFrom('mailboxes').select('user_id').execute()).toEqual([{ user_id: null }]);
      expect((await strict.call({ method: 'DELETE', url: '/api/mailboxes/company', as: owner })).statusCode).toBe(204);
    } finally {
      await strict.close();
    }
  });
});

/**
 * Two Torque processes on one PostgreSQL, both running mailbox readers: one of them reads the mailbox at a time, and
 * each mail is filed once, also while the reading process is stopped and the other takes the mailbox over.
 */
describe.runIf(process.env.TORQUE_TEST_DB === 'postgres')('a mailbox read by two processes', () => {
  const name = `torque_test_mailbox_${crypto.randomUUID().slice(0, 8)}`;
  const address = 'two@dealer.test';
  const password = 'two-processes-password';
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  let database: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
    for (const n of [1, 2]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `torque-mailbox-${n}-`));
      dataDirs.push(dataDir);
      servers.push(await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET }));
    }
    database = await openDatabase({ kind: 'postgres', url, max: 2 });
    imap.addUser(address, password);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server, 'SIGTERM')));
    await database?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('files each mail once, and another process takes over when the reader stops', async () => {
    const owner = await createUserWithPassword(database.db, {
      name: 'Tia Two',
      email: 'tia@example.com',
      role: 'agent',
      password: 'x'.repeat(12),
    });
    const { id: customerId } = await database.db
      .insertInto('customers')
      .values({ name: 'Cal Cluster', email: 'cal@mail.example.net', user_id: owner })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The company mailbox as an admin's save writes it (sealed with the servers' session secret).
    await database.db
      .insertInto('mailboxes')
      .values(mailboxValues(imap, { userId: null, address, password, sessionSecret: TEST_SECRET, smtpPort: 1 }))
      .execute();
    const reading = () => database.db.selectFrom('mailboxes').select(['reader', 'state']).executeTakeFirstOrThrow();
    await expect.poll(async () => (await reading()).state, { timeout: 30_000 }).toBe('reading');

    const sent: string[] = [];
    const deliverOne = async (n: number) => {
      const messageId = `<cluster-${n}-${crypto.randomUUID()}@mail.example.net>`;
      sent.push(messageId);
      await imap.deliver(
        address,
        password,
        rawMail({ from: 'cal@mail.example.net', to: address, subject: `Cluster ${n}`, text: 'Hi', messageId }),
      );
    };
    for (let n = 1; n <= 5; n++) await deliverOne(n);
    const filedOnce = async () =>
      (await database.db.selectFrom('emails').select(['provider_id']).where('customer_id', '=', customerId).execute())
        .map((row) => row.provider_id)
        .sort();
    await expect.poll(filedOnce, { timeout: 30_000 }).toEqual([...sent].sort());

    // The process reading it stops; the other takes the mailbox over and files what comes next, once.
    const { reader } = await reading();
    const pid = Number(reader!.split(':')[1]);
    const stopping = servers.find((server) => server.child.pid === pid)!;
    expect(stopping).toBeDefined();
    await stopServer(stopping, 'SIGTERM');
    for (let n = 6; n <= 8; n++) await deliverOne(n);
    await expect.poll(filedOnce, { timeout: 40_000 }).toEqual([...sent].sort());
    const after = await reading();
    expect(after.reader).not.toBe(reader);
    expect(await database.db.selectFrom('emails').select('id').where('mailbox_id', 'is not', null).execute()).toHaveLength(8);
  }, 120_000);
});
