import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolve } from '../../src/server/net/public-address.js';
import { createTestContext, TEST_SECRET, type TestContext, type TestUser } from '../helpers/app.js';
import { mailboxValues, rawMail, startImapPeer, type ImapPeer } from '../helpers/dovecot.js';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.js';

/**
 * An address of the global unicast space (RFC 4291 §2.4), so public to any check, in 4000::/3, a block IANA has not
 * allocated: no server answers there, and a connection to it fails without reaching anyone.
 */
const PUBLIC = '4000::1';
/** Words the person who connects a mailbox reads when its server is on a private network. */
const PRIVATE_MESSAGE = 'This server is on a private network: only an admin can connect a mailbox there';

const AGENT = { address: 'ava@dealer.test', password: 'ava-own-mailbox-password' };
const ADMIN = { address: 'ada@dealer.test', password: 'ada-own-mailbox-password' };

/**
 * The name server of someone who wants to reach this machine through Torque (DNS rebinding): the first question about
 * one of its names is answered with a public address, every later one with 127.0.0.1. `mail.dealer.example` is the
 * dealership's own server, on this machine, answered the same each time.
 */
const questions = new Map<string, number>();
const resolve: Resolve = async (hostname) => {
  const asked = (questions.get(hostname) ?? 0) + 1;
  questions.set(hostname, asked);
  if (hostname.endsWith('.rebind.example')) {
    return [asked === 1 ? { address: PUBLIC, family: 6 } : { address: '127.0.0.1', family: 4 }];
  }
  if (hostname === 'mail.dealer.example') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

/** A door to a server of this machine that counts who came through it: nobody should, in the rebinding cases. */
async function countingDoor(port: number) {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((done) => server.close(done));
    },
  };
}

let t: TestContext;
let imap: ImapPeer;
let smtp: SmtpPeer;
let imapDoor: Awaited<ReturnType<typeof countingDoor>>;
let smtpDoor: Awaited<ReturnType<typeof countingDoor>>;
let admin: TestUser;
let agent: TestUser;

const smtpPort = () => Number(new URL(smtp.url).port);

beforeAll(async () => {
  [imap, smtp] = await Promise.all([startImapPeer(), startSmtpPeer({ auth: { user: ADMIN.address, pass: ADMIN.password } })]);
  imap.addUser(AGENT.address, AGENT.password);
  imap.addUser(ADMIN.address, ADMIN.password);
  [imapDoor, smtpDoor] = await Promise.all([countingDoor(imap.port), countingDoor(smtpPort())]);
  // The default rule: only admins connect a mailbox on a private network.
  t = await createTestContext({}, { resolve, jobs: { pollingIntervalSeconds: 0.5, mailRetry: { retryDelay: 1 } } });
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Ava Agent');
});

afterAll(async () => {
  await t?.close();
  await Promise.all([imap?.close(), smtp?.close(), imapDoor?.close(), smtpDoor?.close()]);
});

const ownMailbox = (
  account: typeof AGENT,
  servers: { imap_host: string; smtp_host: string; imap_port: number; smtp_port: number },
) => ({
  address: account.address,
  username: account.address,
  auth: 'password',
  secret: account.password,
  imap_tls: false,
  smtp_tls: false,
  ...servers,
});

describe('an agent’s own mailbox whose server name answers a public address, then this machine’s', () => {
  it('is refused when saved, and its check never reaches this machine', async () => {
    const saved = await t.call({
      method: 'PUT',
      url: '/api/mailboxes/mine',
      as: agent,
      payload: ownMailbox(AGENT, {
        imap_host: 'imap-save.rebind.example',
        imap_port: imapDoor.port,
        smtp_host: 'smtp-save.rebind.example',
        smtp_port: smtpDoor.port,
      }),
    });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(Object.keys(saved.json().error.fields)).toEqual(['imap_host']);
    expect(imapDoor.connections()).toBe(0);
    expect(smtpDoor.connections()).toBe(0);
    expect(await t.database.db.selectFrom('mailboxes').select('id').execute()).toEqual([]);
  }, 40_000);

  it('is not read from this machine: each connection of its reader goes where its check looked', async () => {
    const messageId = `<rebind-${crypto.randomUUID()}@mail.example.net>`;
    await imap.deliver(
      AGENT.address,
      AGENT.password,
      rawMail({ from: 'bait@mail.example.net', to: AGENT.address, subject: 'Bait', text: 'Read me', messageId }),
    );
    // As it was saved when its name still answered a public address.
    await t.database.db
      .insertInto('mailboxes')
      .values({
        ...mailboxValues(imap, {
          userId: agent.id,
          address: AGENT.address,
          password: AGENT.password,
          sessionSecret: TEST_SECRET,
          smtpPort: smtpDoor.port,
        }),
        imap_host: 'imap-read.rebind.example',
        imap_port: imapDoor.port,
        smtp_host: 'smtp-send.rebind.example',
      })
      .execute();
    // The first connection goes to the public address and finds nobody; the next one's name answers this machine and
    // is refused: the reader waits for someone to act.
    const state = () => t.database.db.selectFrom('mailboxes').select(['state', 'last_error']).executeTakeFirstOrThrow();
    await expect.poll(state, { timeout: 40_000, interval: 250 }).toEqual({ state: 'failed', last_error: PRIVATE_MESSAGE });
    expect(questions.get('imap-read.rebind.example')).toBe(2);
    expect(imapDoor.connections()).toBe(0);
    expect(await t.database.db.selectFrom('emails').select('id').where('provider_id', '=', messageId).execute()).toEqual([]);
  }, 60_000);

  it('sends no mail through this machine: each sending goes where its check looked', async () => {
    const sent = await t.call({
      method: 'POST',
      url: '/api/emails',
      as: agent,
      payload: { to: 'buyer@mail.example.net', subject: 'Your quote', message: 'Attached.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const outbox = () =>
      t.database.db
        .selectFrom('outbox')
        .innerJoin('emails', 'emails.outbox_id', 'outbox.id')
        .select(['outbox.status', 'outbox.last_error'])
        .where('emails.id', '=', sent.json().id)
        .executeTakeFirstOrThrow();
    // The first attempt finds nobody at the public address; at the second the name answers this machine: refused for good.
    await expect.poll(outbox, { timeout: 40_000, interval: 250 }).toEqual({ status: 'failed', last_error: PRIVATE_MESSAGE });
    expect(questions.get('smtp-send.rebind.example')).toBe(2);
    expect(smtpDoor.connections()).toBe(0);
    expect(smtp.received).toEqual([]);
  }, 60_000);
});

describe('a mailbox on the dealership’s own network, named, where the rule lets its owner connect it (an admin)', () => {
  it('is saved, read and sent through at the address its name gives', async () => {
    const saved = await t.call({
      method: 'PUT',
      url: '/api/mailboxes/mine',
      as: admin,
      payload: ownMailbox(ADMIN, {
        imap_host: 'mail.dealer.example',
        imap_port: imap.port,
        smtp_host: 'mail.dealer.example',
        smtp_port: smtpPort(),
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mailbox).toMatchObject({ imap_host: 'mail.dealer.example', smtp_host: 'mail.dealer.example' });
    const messageId = `<dealer-${crypto.randomUUID()}@mail.example.net>`;
    await imap.deliver(
      ADMIN.address,
      ADMIN.password,
      rawMail({ from: 'customer@mail.example.net', to: ADMIN.address, subject: 'Still for sale?', text: 'Hi', messageId }),
    );
    await expect
      .poll(
        async () => (await t.database.db.selectFrom('emails').select('id').where('provider_id', '=', messageId).execute()).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const sent = await t.call({
      method: 'POST',
      url: '/api/emails',
      as: admin,
      payload: { to: 'customer@mail.example.net', subject: 'Re: Still for sale?', message: 'It is.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [received] = await smtp.waitFor(1);
    expect(received!.from).toBe(ADMIN.address);
    expect(received!.subject).toBe('Re: Still for sale?');
  }, 40_000);
});
