import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG, MESSAGES_PER_MINUTE } from '../../src/shared/chat/schemas.js';
import type { ChatMessage, ChatSummary } from '../../src/shared/chat/types.js';
import type { Notification } from '../../src/shared/notifications/types.js';
import { REALTIME_CLOSE, REALTIME_SOCKET_LIMITS, type RealtimeMessage } from '../../src/shared/realtime/events.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { openSocket, type TestSocket } from '../helpers/socket.js';

let t: TestContext;
let baseUrl: string;
let admin: TestUser;
let editor: TestUser;
let emma: TestUser;
let liam: TestUser;
let olivia: TestUser;
const sockets: TestSocket[] = [];

const socketOf = async (user: TestUser | string) => {
  const socket = await openSocket(baseUrl, typeof user === 'string' ? user : user.cookie);
  sockets.push(socket);
  return socket;
};

async function createChat(as: TestUser, payload: Record<string, unknown>): Promise<ChatSummary> {
  const response = await t.call({ method: 'POST', url: '/api/chat/chats', as, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const send = (as: TestUser, chatId: string, content: string, id: string = crypto.randomUUID()) =>
  t.call({ method: 'POST', url: `/api/chat/chats/${chatId}/messages`, as, payload: { id, content } });

async function sent(as: TestUser, chatId: string, content: string): Promise<ChatMessage> {
  const response = await send(as, chatId, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message;
}

const chatsOf = async (as: TestUser): Promise<ChatSummary[]> =>
  (await t.call({ method: 'GET', url: '/api/chat/chats', as })).json().items;
const unreadOf = async (as: TestUser): Promise<number> =>
  (await t.call({ method: 'GET', url: '/api/chat/unread-count', as })).json().count;
const notificationsOf = async (as: TestUser, unread = false): Promise<Notification[]> =>
  (await t.call({ method: 'GET', url: `/api/notifications?limit=100${unread ? '&unread=true' : ''}`, as })).json().items;

const isMessage = (content: string) => (m: RealtimeMessage) => m.type === 'message' && m.message.content === content;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Ada Admin');
  editor = await t.createUser('editor', 'Eli Editor');
  emma = await t.createUser('agent', 'Emma Carter');
  liam = await t.createUser('agent', 'Liam Brooks');
  olivia = await t.createUser('agent', 'Olivia Reed');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

describe('chats', () => {
  it("opens the panel's channels on first use: Company and Agents for everyone, Admin for admins only", async () => {
    const company = (await t.call({ method: 'POST', url: '/api/chat/channels/company', as: emma, payload: {} })).json();
    expect(company).toMatchObject({ name: 'Company', type: 'company', channel: 'company', member_count: 5 });
    const again = (await t.call({ method: 'POST', url: '/api/chat/channels/company', as: liam, payload: {} })).json();
    expect(again.id).toBe(company.id);
    const agents = await t.call({ method: 'POST', url: '/api/chat/channels/agents', as: liam, payload: {} });
    expect(agents.json()).toMatchObject({ channel: 'agents', member_count: 5 });
    expect((await t.call({ method: 'POST', url: '/api/chat/channels/admin', as: editor, payload: {} })).statusCode).toBe(404);
    const adminChannel = await t.call({ method: 'POST', url: '/api/chat/channels/admin', as: admin, payload: {} });
    expect(adminChannel.json()).toMatchObject({ channel: 'admin', member_count: 1 });
    expect((await chatsOf(editor)).map((c) => c.channel)).not.toContain('admin');
    expect((await t.call({ method: 'POST', url: '/api/chat/channels/sales', as: admin, payload: {} })).statusCode).toBe(404);
  });

  it('keeps every active user in a company chat: new users join, deactivated ones leave, and return when activated', async () => {
    const allHands = await createChat(liam, { type: 'company', name: 'All hands' });
    expect(allHands.member_count).toBe(5);
    const newcomer = await t.createUser('agent', 'Noah Newcomer');
    expect((await chatsOf(newcomer)).map((c) => c.name)).toEqual(expect.arrayContaining(['All hands', 'Company', 'Agents']));

    const deactivate = await t.call({
      method: 'PATCH',
      url: `/api/team/members/${newcomer.id}`,
      as: admin,
      payload: { status: 'inactive' },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/chat/chats/${allHands.id}`, as: liam })).json().member_count).toBe(5);
    await t.call({ method: 'PATCH', url: `/api/team/members/${newcomer.id}`, as: admin, payload: { status: 'active' } });
    expect((await t.call({ method: 'GET', url: `/api/chat/chats/${allHands.id}`, as: liam })).json().member_count).toBe(6);
    await t.call({ method: 'PATCH', url: `/api/team/members/${newcomer.id}`, as: admin, payload: { status: 'inactive' } });

    const leave = await t.call({ method: 'DELETE', url: `/api/chat/chats/${allHands.id}/participants/${liam.id}`, as: liam });
    expect(leave.statusCode).toBe(409);
  });

  it('gives one individual chat per pair, and a group to its chosen members only', async () => {
    const first = await createChat(emma, { type: 'individual', user_ids: [liam.id] });
    expect(first.participants.map((p) => p.name)).toEqual(['Emma Carter', 'Liam Brooks']);
    const second = await t.call({
      method: 'POST',
      url: '/api/chat/chats',
      as: liam,
      payload: { type: 'individual', user_ids: [emma.id] },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.id);

    const withSelf = await t.call({
      method: 'POST',
      url: '/api/chat/chats',
      as: emma,
      payload: { type: 'individual', user_ids: [emma.id] },
    });
    expect(withSelf.statusCode).toBe(400);
    const unnamed = await t.call({
      method: 'POST',
      url: '/api/chat/chats',
      as: emma,
      payload: { type: 'group', name: ' ', user_ids: [liam.id] },
    });
    expect(unnamed.json().error.fields.name).toBe('Please enter a chat name');
    const stranger = await t.call({
      method: 'POST',
      url: '/api/chat/chats',
      as: emma,
      payload: { type: 'group', name: 'Ghosts', user_ids: [crypto.randomUUID()] },
    });
    expect(stranger.statusCode).toBe(400);

    const group = await createChat(emma, { type: 'group', name: 'Deal desk', user_ids: [liam.id, editor.id] });
    expect(group.participants.map((p) => p.name).sort()).toEqual(['Eli Editor', 'Emma Carter', 'Liam Brooks']);
    for (const outsider of [olivia, admin]) {
      for (const [method, url] of [
        ['GET', `/api/chat/chats/${group.id}`],
        ['GET', `/api/chat/chats/${group.id}/messages`],
        ['POST', `/api/chat/chats/${group.id}/read`],
      ] as const) {
        expect((await t.call({ method, url, as: outsider, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(404);
      }
      expect((await send(outsider, group.id, 'Let me in')).statusCode).toBe(404);
      expect((await chatsOf(outsider)).map((c) => c.id)).not.toContain(group.id);
    }
  });

  it('lists everyone but me in the Users tab, active users only', async () => {
    const people = (await t.call({ method: 'GET', url: '/api/chat/people', as: emma })).json().items as { name: string }[];
    const names = people.map((p) => p.name);
    expect(names).toEqual(['Ada Admin', 'Eli Editor', 'Liam Brooks', 'Olivia Reed']);
  });
});

describe('messages', () => {
  it('trims a message, refuses an empty one and one over the limit, and stores nothing then', async () => {
    const chat = await createChat(emma, { type: 'group', name: 'Trim test', user_ids: [liam.id] });
    expect((await sent(emma, chat.id, '  Hello Liam \n')).content).toBe('Hello Liam');
    for (const content of ['', '   ', '\n\t']) {
      const response = await send(emma, chat.id, content);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.content).toBe('Type a message to send');
    }
    const long = await send(emma, chat.id, 'x'.repeat(MAX_MESSAGE_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.content).toBe(MESSAGE_TOO_LONG);
    expect((await send(emma, chat.id, 'x'.repeat(MAX_MESSAGE_LENGTH))).statusCode).toBe(201);
    const page = (await t.call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages`, as: liam })).json();
    expect(page.items.map((m: ChatMessage) => m.content.length)).toEqual([10, MAX_MESSAGE_LENGTH]);
  });

  it('stores a repeated send once, and refuses another chat reusing its id', async () => {
    const chat = await createChat(emma, { type: 'group', name: 'Retry test', user_ids: [liam.id] });
    const id = crypto.randomUUID();
    expect((await send(emma, chat.id, 'Once', id)).statusCode).toBe(201);
    const again = await send(emma, chat.id, 'Once', id);
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(id);
    expect((await send(liam, chat.id, 'Taken', id)).statusCode).toBe(409);
    const page = (await t.call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages`, as: liam })).json();
    expect(page.items).toHaveLength(1);
  });

  it('pages a long history backwards, each page oldest first, with nothing missed or repeated', async () => {
    const chat = await createChat(liam, { type: 'group', name: 'History', user_ids: [emma.id] });
    const total = 57;
    await t.database.db
      .insertInto('messages')
      .values(
        Array.from({ length: total }, (_, i) => ({
          chat_id: chat.id,
          sender_id: i % 2 ? liam.id : emma.id,
          content: `m${i}`,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 3))),
        })),
      )
      .execute();
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const query: string = before ? `&before=${before}` : '';
      const page = (
        await t.call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages?limit=20${query}`, as: emma })
      ).json();
      const times = page.items.map((m: ChatMessage) => m.created_at);
      expect(times).toEqual([...times].sort());
      seen.unshift(...page.items.map((m: ChatMessage) => m.content));
      before = page.older;
      pages++;
    } while (before);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(total);
    expect(new Set(seen)).toEqual(new Set(Array.from({ length: total }, (_, i) => `m${i}`)));
    // Three messages share each second: within one, the order is by id, so the newest second closes the history.
    expect(['m54', 'm55', 'm56']).toContain(seen.at(-1));
    const forged = await t.call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages?before=bm90LWEtY3Vyc29y`, as: emma });
    expect(forged.statusCode).toBe(400);
  });

  it('counts unread messages per chat and in all, and marking a chat read clears its count', async () => {
    const chat = await createChat(olivia, { type: 'group', name: 'Unread test', user_ids: [liam.id] });
    const before = await unreadOf(liam);
    await sent(liam, chat.id, 'My own does not count');
    await sent(olivia, chat.id, 'One');
    await sent(olivia, chat.id, 'Two');
    expect(await unreadOf(liam)).toBe(before + 2);
    expect((await chatsOf(liam)).find((c) => c.id === chat.id)).toMatchObject({
      unread_count: 2,
      last_message: { content: 'Two' },
    });
    // Sending is reading: Olivia has read Liam's message by answering it.
    expect((await chatsOf(olivia)).find((c) => c.id === chat.id)?.unread_count).toBe(0);
    expect((await t.call({ method: 'POST', url: `/api/chat/chats/${chat.id}/read`, as: liam, payload: {} })).statusCode).toBe(
      204,
    );
    expect(await unreadOf(liam)).toBe(before);
  });

  it('refuses a message to a chat the sender has left, and lets the creator remove a member', async () => {
    const chat = await createChat(emma, { type: 'group', name: 'Leavers', user_ids: [liam.id, olivia.id] });
    expect(
      (await t.call({ method: 'DELETE', url: `/api/chat/chats/${chat.id}/participants/${olivia.id}`, as: liam })).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/chat/chats/${chat.id}/participants/${liam.id}`, as: liam })).statusCode,
    ).toBe(204);
    const refused = await send(liam, chat.id, 'Still here?');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('You are no longer in this chat');
    expect((await t.call({ method: 'GET', url: `/api/chat/chats/${chat.id}/messages`, as: liam })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/chat/chats/${chat.id}/participants/${olivia.id}`, as: emma })).statusCode,
    ).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/chat/chats/${chat.id}`, as: emma })).json().participants).toHaveLength(1);
  });

  it('limits how fast one user sends, in every chat together, with Retry-After', async () => {
    const flooder = await t.createUser('agent', 'Fay Flood');
    const chat = await createChat(flooder, { type: 'group', name: 'Flood', user_ids: [emma.id] });
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) expect((await send(flooder, chat.id, `msg ${i}`)).statusCode).toBe(201);
    const over = await send(flooder, chat.id, 'one too many');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(emma, chat.id, 'others may still talk')).statusCode).toBe(201);
  });
});

describe('notifications', () => {
  it('notifies the person @mentioned, lists it, and marks one or all read', async () => {
    const chat = await createChat(emma, { type: 'group', name: 'Mentions', user_ids: [liam.id, olivia.id] });
    await sent(emma, chat.id, 'Can you call the bank, @liam brooks? @Nobody Here');
    const [mention] = await notificationsOf(liam, true);
    expect(mention).toMatchObject({
      kind: 'chat_mention',
      title: 'Emma Carter mentioned you in Mentions',
      link: `/chat?chat=${chat.id}`,
    });
    expect((await notificationsOf(olivia)).some((n) => n.kind === 'chat_mention')).toBe(false);
    expect((await notificationsOf(emma)).some((n) => n.kind === 'chat_mention')).toBe(false);

    expect(
      (await t.call({ method: 'POST', url: `/api/notifications/${mention!.id}/read`, as: olivia, payload: {} })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: `/api/notifications/${mention!.id}/read`, as: liam, payload: {} })).statusCode,
    ).toBe(204);
    expect((await notificationsOf(liam, true)).map((n) => n.id)).not.toContain(mention!.id);

    await sent(emma, chat.id, '@Liam Brooks one more');
    await sent(olivia, chat.id, '@liam brooks and another');
    expect(
      (await t.call({ method: 'GET', url: '/api/notifications/unread-count', as: liam })).json().count,
    ).toBeGreaterThanOrEqual(2);
    const all = await t.call({ method: 'POST', url: '/api/notifications/read-all', as: liam, payload: {} });
    expect(all.json().count).toBeGreaterThanOrEqual(2);
    expect((await t.call({ method: 'GET', url: '/api/notifications/unread-count', as: liam })).json().count).toBe(0);
  });

  it('notifies an agent of a deal assigned to them, as the Notification Settings allow', async () => {
    const deal = {
      date: '2026-03-02',
      manufacturer: 'Honda',
      model: 'Civic',
      year: 2024,
      customer_name: 'Grace Hall',
      agent_name: 'x',
      contract_price_cents: 2_500_000,
      broker_fee_cents: 50_000,
    };
    const created = await t.call({ method: 'POST', url: '/api/deals', as: admin, payload: { ...deal, user_id: olivia.id } });
    expect(created.statusCode, created.body).toBe(201);
    const [note] = await notificationsOf(olivia, true);
    expect(note).toMatchObject({ kind: 'deal_created', title: 'New deal', link: `/deals/${created.json().id}` });
    expect(note!.content).toContain('Honda Civic for Grace Hall');

    const settings = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json();
    settings.notifications.deal_created = [];
    expect((await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: settings })).statusCode).toBe(200);
    const before = (await notificationsOf(olivia)).length;
    await t.call({ method: 'POST', url: '/api/deals', as: admin, payload: { ...deal, user_id: olivia.id } });
    expect(await notificationsOf(olivia)).toHaveLength(before);
  });
});

describe('the realtime socket', () => {
  it('refuses a socket without a session, and one opened by a page of another site', async () => {
    await expect(openSocket(baseUrl, null)).rejects.toMatchObject({ status: 401 });
    await expect(openSocket(baseUrl, 'torque.session_token=forged.c2ln')).rejects.toMatchObject({ status: 401 });
    await expect(openSocket(baseUrl, emma.cookie, 'https://evil.example')).rejects.toMatchObject({
      code: REALTIME_CLOSE.forbiddenOrigin,
    });
  });

  it('closes the connection of a refused upgrade itself, so a client that never hangs up holds nothing', async () => {
    const closedByServer = await new Promise<boolean>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/realtime`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      request.on('response', (response) => {
        expect(response.statusCode).toBe(401);
        response.resume();
        const timer = setTimeout(() => resolve(false), 2_000);
        response.socket.on('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      request.on('error', reject);
      request.end();
    });
    expect(closedByServer).toBe(true);
  });

  it('refuses a socket past 10 on one session or 30 for one user with 4429, and takes one again once a socket closes', async () => {
    const { perSession, perUser } = REALTIME_SOCKET_LIMITS;
    expect([perSession, perUser]).toEqual([10, 30]);
    const busy = await t.createUser('agent', 'Tabitha Tabs');
    const sessions = [busy.cookie, await t.signIn(busy.email), await t.signIn(busy.email), await t.signIn(busy.email)];
    const tabsOf = (cookie: string) => Promise.all(Array.from({ length: perSession }, () => socketOf(cookie)));
    const refused = { code: REALTIME_CLOSE.tooManySockets };

    const first = await tabsOf(sessions[0]!);
    await expect(openSocket(baseUrl, sessions[0]!)).rejects.toMatchObject(refused);
    await tabsOf(sessions[1]!);
    await tabsOf(sessions[2]!);
    await expect(openSocket(baseUrl, sessions[3]!)).rejects.toMatchObject(refused);
    // Another user is not held to this one's count.
    await socketOf(emma);

    first[0]!.close();
    await first[0]!.closed;
    // The server hears of the close a moment after the client.
    await vi.waitFor(() => socketOf(sessions[3]!), { timeout: 2_000, interval: 100 });
    // The sockets that stayed open still carry events.
    const company = (await t.call({ method: 'POST', url: '/api/chat/channels/company', as: emma, payload: {} })).json();
    await sent(emma, company.id, 'Every open tab hears this');
    await first[1]!.next(isMessage('Every open tab hears this'));
  });

  it("delivers a message to its chat's members and to no one else", async () => {
    const chat = await createChat(emma, { type: 'group', name: 'Socket test', user_ids: [liam.id] });
    const company = (await t.call({ method: 'POST', url: '/api/chat/channels/company', as: emma, payload: {} })).json();
    const [liamTab, liamOtherTab, oliviaTab, adminTab] = await Promise.all([
      socketOf(liam),
      socketOf(liam),
      socketOf(olivia),
      socketOf(admin),
    ]);
    const message = await sent(emma, chat.id, 'Only for Liam');
    for (const tab of [liamTab, liamOtherTab]) {
      expect(await tab.next(isMessage('Only for Liam'))).toEqual({ type: 'message', message });
    }
    // A later message to everyone arrives after the private one would have: the outsiders never saw that one.
    await sent(emma, company.id, 'For everyone');
    for (const tab of [oliviaTab, adminTab]) {
      await tab.next(isMessage('For everyone'));
      expect(tab.received.some(isMessage('Only for Liam'))).toBe(false);
    }
    expect(liamTab.received.filter(isMessage('Only for Liam'))).toHaveLength(1);
  });

  it('stops delivering a chat to a member removed from it, and tells them their chats changed', async () => {
    const chat = await createChat(emma, { type: 'group', name: 'Removal test', user_ids: [olivia.id, liam.id] });
    const oliviaTab = await socketOf(olivia);
    await t.call({ method: 'DELETE', url: `/api/chat/chats/${chat.id}/participants/${olivia.id}`, as: emma });
    await oliviaTab.next((m) => m.type === 'chats');
    await sent(emma, chat.id, 'After Olivia left');
    const company = (await t.call({ method: 'POST', url: '/api/chat/channels/company', as: emma, payload: {} })).json();
    await sent(emma, company.id, 'Marker after removal');
    await oliviaTab.next(isMessage('Marker after removal'));
    expect(oliviaTab.received.some(isMessage('After Olivia left'))).toBe(false);
  });

  it('carries notifications with their title and content, and deal invalidations to the agent concerned', async () => {
    const liamTab = await socketOf(liam);
    const created = await t.call({
      method: 'POST',
      url: '/api/deals',
      as: admin,
      payload: {
        date: '2026-04-01',
        manufacturer: 'Mazda',
        model: 'CX-5',
        year: 2025,
        customer_name: 'Ivy Lane',
        agent_name: 'x',
        contract_price_cents: 3_000_000,
        broker_fee_cents: 60_000,
        user_id: liam.id,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await liamTab.next((m) => m.type === 'change')).toEqual({ type: 'change', area: 'deals' });
    const chat = await createChat(emma, { type: 'group', name: 'Ping', user_ids: [liam.id] });
    await sent(emma, chat.id, 'Over to you @Liam Brooks');
    const arrived = await liamTab.next((m) => m.type === 'notification' && m.notification.kind === 'chat_mention');
    expect(arrived).toMatchObject({
      notification: { title: 'Emma Carter mentioned you in Ping', content: 'Over to you @Liam Brooks' },
    });
  });

  it('closes the socket within a second when its session ends, and leaves other sessions open', async () => {
    const cookie = await t.signIn(olivia.email);
    const tab = await socketOf(cookie);
    const other = await socketOf(olivia);
    const started = Date.now();
    expect((await t.call({ method: 'DELETE', url: '/api/session', as: cookie })).statusCode).toBeLessThan(300);
    expect(await tab.closed).toBe(REALTIME_CLOSE.sessionEnded);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(tab.received.at(-1)).toEqual({ type: 'session_ended' });
    const company = (await t.call({ method: 'POST', url: '/api/chat/channels/company', as: emma, payload: {} })).json();
    await sent(emma, company.id, 'Olivia still has a tab');
    await other.next(isMessage('Olivia still has a tab'));
  });

  it('closes every socket of a user who is deactivated', async () => {
    const leaving = await t.createUser('agent', 'Lena Leaving');
    const tabs = await Promise.all([socketOf(leaving), socketOf(leaving)]);
    await t.call({ method: 'PATCH', url: `/api/team/members/${leaving.id}`, as: admin, payload: { status: 'inactive' } });
    for (const tab of tabs) expect(await tab.closed).toBe(REALTIME_CLOSE.sessionEnded);
    expect((await t.call({ method: 'GET', url: '/api/chat/chats', as: leaving })).statusCode).toBe(401);
  });

  it('closes a socket when its session expires', async () => {
    const cookie = await t.signIn(liam.email);
    const tab = await socketOf(cookie);
    const token = decodeURIComponent(cookie.split('torque.session_token=')[1]!.split(';')[0]!).split('.')[0]!;
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 300) })
      .where('token', '=', token)
      .execute();
    // The socket's timer was set at connect for the original expiry; a user change makes it read the new one.
    await t.database.db.updateTable('users').set({ role: 'agent' }).where('id', '=', liam.id).execute();
    expect(await tab.closed).toBe(REALTIME_CLOSE.sessionEnded);
  });
});
