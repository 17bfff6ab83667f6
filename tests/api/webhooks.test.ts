import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookSignature } from '../../src/server/http/signed-hook.js';
import { isPublicAddress, PrivateAddressError } from '../../src/server/net/public-address.js';
import { postJson } from '../../src/server/net/post-json.js';
import { WEBHOOK_PRIVATE_MESSAGE, WEBHOOK_URL_MESSAGE } from '../../src/shared/webhooks/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { startHookPeer, type HookPeer } from '../helpers/hook-peer.js';

let t: TestContext;
let admin: TestUser;
let agent: TestUser;
let peer: HookPeer;

const FAST = { pollingIntervalSeconds: 0.5, webhookRetry: { retryDelay: 1, retryBackoff: false } };

const endpoints = async (as: TestUser) =>
  (await t.call({ method: 'GET', url: '/api/webhooks', as })).json().items as {
    event: string;
    configured: boolean;
    url: string | null;
    secret: string | null;
  }[];

/** Points an event at the peer (a loopback address, so private addresses are allowed explicitly). */
async function pointAtPeer(event: string) {
  const saved = await t.call({
    method: 'PUT',
    url: `/api/webhooks/${event}`,
    as: admin,
    payload: { url: peer.url, allow_private: true },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  peer.secret = saved.json().secret;
}

const delivery = (id: string) => t.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function settled(id: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await delivery(id);
    if (row.status !== 'pending' || Date.now() > until) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await createTestContext({}, { jobs: FAST });
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Ava Agent');
  peer = await startHookPeer();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

describe('which addresses Torque calls', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses a name that resolves to loopback at the moment of the call', async () => {
    const url = peer.url.replace('127.0.0.1', 'localhost');
    await expect(postJson(url, '{}', {}, { allowPrivate: false })).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(postJson(peer.url, '{}', {}, { allowPrivate: false })).rejects.toBeInstanceOf(PrivateAddressError);
    expect(peer.calls).toHaveLength(0);
  });
});

describe('webhook endpoints', () => {
  it('are set by admins only; others learn only whether one is set', async () => {
    const refused = await t.call({ method: 'PUT', url: '/api/webhooks/sync_gmail', as: agent, payload: { url: peer.url } });
    expect(refused.statusCode).toBe(403);
    expect((await endpoints(agent)).every((e) => !e.configured && e.url === null && e.secret === null)).toBe(true);
  });

  it.each([
    ['', WEBHOOK_URL_MESSAGE],
    ['ftp://example.com/hook', 'Enter a web address starting with https://'],
    ['https://user:pass@example.com/hook', 'Enter a web address starting with https://'],
  ])('refuses %j with a message', async (url, message) => {
    const response = await t.call({ method: 'PUT', url: '/api/webhooks/sync_gmail', as: admin, payload: { url } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.url).toBe(message);
  });

  it.each(['http://127.0.0.1:9/hook', 'http://localhost:9/hook', 'http://169.254.169.254/latest', 'http://[::1]:9/'])(
    'refuses the private address %s unless allowed, storing nothing',
    async (url) => {
      const response = await t.call({ method: 'PUT', url: '/api/webhooks/post_instagram', as: admin, payload: { url } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.url).toBe(WEBHOOK_PRIVATE_MESSAGE);
      expect((await endpoints(admin)).find((e) => e.event === 'post_instagram')!.configured).toBe(false);
    },
  );

  it('refuses a host that does not resolve, saying so', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/webhooks/post_instagram',
      as: admin,
      payload: { url: 'https://hooks.no-such-host.invalid/catch' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.url).toBe('This address could not be found');
  });

  it('a Gmail sync without an address answers with the spec message', async () => {
    const response = await t.call({ method: 'POST', url: '/api/webhooks/sync_gmail/trigger', as: agent });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(WEBHOOK_URL_MESSAGE);
  });
});

describe('deliveries', () => {
  it('a Gmail sync reaches the peer signed, with the spec payload, and is logged as sent', async () => {
    await pointAtPeer('sync_gmail');
    const triggered = await t.call({ method: 'POST', url: '/api/webhooks/sync_gmail/trigger', as: agent });
    expect(triggered.statusCode, triggered.body).toBe(200);
    const [call] = await peer.waitForAccepted(1);
    expect(call!.signatureValid).toBe(true);
    expect(Object.keys(call!.body).sort()).toEqual(['action', 'timestamp', 'triggered_from']);
    expect(call!.body.action).toBe('sync_gmail');
    expect(call!.headers['x-torque-event']).toBe('sync_gmail');
    expect(call!.headers['x-torque-delivery']).toBe(triggered.json().delivery_id);
    // The signature is the inbound webhooks' scheme: a receiver checks it with the same function.
    const timestamp = String(call!.headers['x-torque-timestamp']);
    expect(call!.headers['x-torque-signature']).toBe(hookSignature(peer.secret, timestamp, call!.raw));
    const row = await settled(triggered.json().delivery_id);
    expect(row).toMatchObject({ kind: 'webhook', status: 'sent', attempts: 1 });
  });

  it('a peer that fails is retried until it accepts', async () => {
    const before = peer.calls.length;
    peer.failNext(2, 503);
    const triggered = await t.call({ method: 'POST', url: '/api/webhooks/sync_gmail/trigger', as: agent });
    const row = await settled(triggered.json().delivery_id, 30_000);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: 'HTTP 503' });
    const mine = peer.calls.slice(before);
    expect(mine.map((c) => c.answered)).toEqual([503, 503, 200]);
    expect(new Set(mine.map((c) => c.raw)).size).toBe(1);
    expect(mine.every((c) => c.signatureValid)).toBe(true);
  });

  it('410 Gone ends the delivery at once, as failed', async () => {
    peer.failNext(1, 410);
    const triggered = await t.call({ method: 'POST', url: '/api/webhooks/sync_gmail/trigger', as: agent });
    const row = await settled(triggered.json().delivery_id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: 'HTTP 410' });
  });

  it('a rotated secret signs the next call; the old one no longer verifies', async () => {
    const old = peer.secret;
    const rotated = await t.call({ method: 'POST', url: '/api/webhooks/sync_gmail/rotate', as: admin });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(old);
    peer.secret = rotated.json().secret;
    const before = peer.calls.length;
    const triggered = await t.call({ method: 'POST', url: '/api/webhooks/sync_gmail/trigger', as: agent });
    await settled(triggered.json().delivery_id);
    const call = peer.calls[before]!;
    expect(call.signatureValid).toBe(true);
    expect(hookSignature(old, String(call.headers['x-torque-timestamp']), call.raw)).not.toBe(call.headers['x-torque-signature']);
  });

  it('the deliveries view lists them with their status for admins only', async () => {
    const list = await t.call({ method: 'GET', url: '/api/outbox?kind=webhook', as: admin });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { kind: string; subject: string; status: string; to: string }[];
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.every((i) => i.kind === 'webhook' && i.subject === 'sync_gmail' && i.to === peer.url)).toBe(true);
    expect(items.map((i) => i.status)).toContain('failed');
    expect((await t.call({ method: 'GET', url: '/api/outbox?kind=webhook', as: agent })).statusCode).toBe(403);
  });

  it('texts wait for an SMS address and leave, signed, once an admin sets one', async () => {
    const phone = '(512) 555-7788';
    const customer = (
      await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name: 'Tex Waiting', phone } })
    ).json();
    await t.call({
      method: 'POST',
      url: `/api/customers/${customer.id}/consent`,
      as: agent,
      payload: { channel: 'sms', status: 'opted_in', source: 'paper_form', wording: 'Text me offers.' },
    });
    const smsSecret = (await t.call({ method: 'GET', url: '/api/settings/hooks', as: admin }))
      .json()
      .items.find((h: { name: string }) => h.name === 'sms').secret as string;
    const body = JSON.stringify({ from: '+15125557788', body: 'STOP', message_id: crypto.randomUUID() });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const replied = await t.app.inject({
      method: 'POST',
      url: '/api/hooks/sms',
      headers: {
        'content-type': 'application/json',
        'x-torque-timestamp': timestamp,
        'x-torque-signature': hookSignature(smsSecret, timestamp, body),
      },
      payload: body,
    });
    expect(replied.json().outcome).toBe('opted_out');
    const held = await t.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'sms').executeTakeFirstOrThrow();
    expect(held.status).toBe('held');

    const before = peer.calls.length;
    await pointAtPeer('send_sms');
    await peer.waitForAccepted(peer.calls.filter((c) => c.answered === 200).length + 1);
    const call = peer.calls.slice(before).find((c) => c.body.action === 'send_sms')!;
    expect(call.signatureValid).toBe(true);
    expect(call.body).toMatchObject({ action: 'send_sms', to: '+15125557788' });
    expect(String(call.body.text)).toMatch(/unsubscribed/);
    expect((await settled(held.id)).status).toBe('sent');
  });
});
