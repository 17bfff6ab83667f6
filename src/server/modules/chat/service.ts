import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  MESSAGES_PER_MINUTE,
  type ChatChannel,
  type MessagesQuery,
  type NewChat,
  type NewMessage,
} from '../../../shared/chat/schemas.js';
import type { ChatMessage, ChatPerson, ChatSummary, MessagePage } from '../../../shared/chat/types.js';
import type { Actor } from '../../auth/actor.js';
import { hit } from '../../http/rate-limit.js';
import { hasRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../http/paging.js';
import type { Delivery } from '../../realtime/hub.js';
import { publish } from '../../realtime/publish.js';
import { notify } from '../../platform/notifications.js';

type Db = Kysely<DB>;

/** Chats whose members the database keeps (every active user, or every admin); nobody leaves them by hand. */
const isKept = (chat: { type: string; channel: string | null }) => chat.type === 'company' || chat.channel !== null;
/** Above this many members a chat's list entry names no participants (the Users tab lists everyone). */
const LISTED_PARTICIPANTS = 50;

/**
 * Who reads a chat: its active members. `membership` names a chat_participants row; the chat API and the full export
 * read chats, their members and their messages through this one rule, so a person taken out of a group stops reading
 * it everywhere at once.
 */
export const activeMembership = (actor: Actor, membership: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${membership}.user_id`)} = ${actor.userId} AND ${sql.ref(`${membership}.is_active`)}`;

/** The ids of the chats the actor reads, for a condition such as `chat_id IN (…)`. */
export const chatsReadBy = (actor: Actor) =>
  sql`SELECT rp.chat_id FROM chat_participants rp WHERE ${activeMembership(actor, 'rp')}`;

type ChatRow = Omit<ChatSummary, 'created_at' | 'last_message'> & {
  created_at: Date;
  last_message: (Omit<ChatMessage, 'created_at'> & { created_at: string }) | null;
};

/** The actor's chats (active membership only), most recent activity first, each with its unread count. */
export async function listChats(db: Db, actor: Actor, onlyId?: string): Promise<ChatSummary[]> {
  const { rows } = await sql<ChatRow>`
    SELECT c.id, c.name, c.type, c.channel, c.created_by, c.created_at, members.count AS member_count,
      CASE WHEN members.count <= ${LISTED_PARTICIPANTS} THEN (
        SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'role', u.role) ORDER BY u.name)
        FROM chat_participants pp JOIN users u ON u.id = pp.user_id
        WHERE pp.chat_id = c.id AND pp.is_active
      ) ELSE '[]' END AS participants,
      (SELECT json_build_object('id', m.id, 'chat_id', m.chat_id, 'sender_id', m.sender_id, 'sender_name', u.name,
                                'content', m.content, 'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       FROM messages m JOIN users u ON u.id = m.sender_id
       WHERE m.chat_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) AS last_message,
      (SELECT count(*)::int FROM messages m
       WHERE m.chat_id = c.id AND m.created_at > p.last_read_at AND m.sender_id <> p.user_id) AS unread_count
    FROM chat_participants p
    JOIN chats c ON c.id = p.chat_id
    CROSS JOIN LATERAL (SELECT count(*)::int AS count FROM chat_participants q WHERE q.chat_id = c.id AND q.is_active) members
    WHERE ${activeMembership(actor, 'p')} ${onlyId ? sql`AND c.id = ${onlyId}` : sql``}
    ORDER BY coalesce((SELECT max(m.created_at) FROM messages m WHERE m.chat_id = c.id), c.created_at) DESC, c.id`.execute(db);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

/** One of the actor's chats; a chat they are not (or no longer) in answers 404, exactly like a missing one. */
export async function getChat(db: Db, actor: Actor, id: string): Promise<ChatSummary> {
  const [chat] = await listChats(db, actor, id);
  if (!chat) throw notFound('Chat');
  return chat;
}

/** The actor's membership of a chat, for reading and writing in it: 404 unless it is active. */
async function assertMember(db: Db, actor: Actor, chatId: string) {
  const row = await db
    .selectFrom('chat_participants')
    .select('is_active')
    .where('chat_id', '=', chatId)
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  if (!row) throw notFound('Chat');
  if (!row.is_active) throw new AppError(404, 'NOT_FOUND', 'You are no longer in this chat');
}

/** Everyone but the actor, active users only: the people a chat can be started with. */
export async function listPeople(db: Db, actor: Actor): Promise<ChatPerson[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('banned', 'is not', true)
    .where('id', '<>', actor.userId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Creates a chat. With one person, their existing individual chat is returned instead of a second one (`created`
 * false). A group holds the actor and the chosen active users; a company chat every active user, now and later.
 */
export async function createChat(db: Db, actor: Actor, input: NewChat): Promise<{ chat: ChatSummary; created: boolean }> {
  const chatId = await db.transaction().execute(async (tx) => {
    if (input.type === 'company') {
      const chat = await tx
        .insertInto('chats')
        .values({ name: input.name, type: 'company', created_by: actor.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addKeptMembers(tx, chat.id);
      await publish(tx, 'chats', { chatId: chat.id });
      return chat.id;
    }
    const others = [...new Set(input.user_ids)].filter((id) => id !== actor.userId);
    if (others.length === 0) throw badRequest('You cannot start a chat with yourself', { user_ids: 'Choose someone else' });
    const people = await tx
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', others)
      .where('banned', 'is not', true)
      .execute();
    if (people.length !== others.length) throw badRequest('Choose active users only', { user_ids: 'Choose active users only' });
    if (input.type === 'individual') {
      const existing = await tx
        .selectFrom('chats as c')
        .select('c.id')
        .where('c.type', '=', 'individual')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('chat_participants as a')
              .innerJoin('chat_participants as b', 'b.chat_id', 'a.chat_id')
              .whereRef('a.chat_id', '=', 'c.id')
              .where('a.user_id', '=', actor.userId)
              .where('a.is_active', '=', true)
              .where('b.user_id', '=', others[0]!)
              .where('b.is_active', '=', true)
              .select('a.chat_id'),
          ),
        )
        .executeTakeFirst();
      if (existing) return null;
    }
    const name = input.type === 'group' ? input.name : `${actor.name} & ${people[0]!.name}`;
    const chat = await tx
      .insertInto('chats')
      .values({ name, type: input.type, created_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('chat_participants')
      .values([actor.userId, ...others].map((user_id) => ({ chat_id: chat.id, user_id })))
      .execute();
    await publish(tx, 'chats', { chatId: chat.id });
    return chat.id;
  });
  if (chatId) return { chat: await getChat(db, actor, chatId), created: true };
  const other = input.type === 'individual' ? input.user_ids[0] : undefined;
  const [existing] = (await listChats(db, actor)).filter(
    (chat) => chat.type === 'individual' && chat.participants.some((p) => p.id === other),
  );
  if (!existing) throw conflict('The chat changed while it was being opened; try again');
  return { chat: existing, created: false };
}

/** Every user the database keeps in this chat joins it. */
async function addKeptMembers(tx: Db, chatId: string) {
  await sql`
    INSERT INTO chat_participants (chat_id, user_id)
    SELECT c.id, u.id FROM chats c CROSS JOIN users u
    WHERE c.id = ${chatId} AND chat_keeps_member(c.type, c.channel, u.role, u.banned)
    ON CONFLICT (chat_id, user_id) DO UPDATE SET is_active = true`.execute(tx);
}

const channelNames: Record<ChatChannel, string> = { company: 'Company', agents: 'Agents', admin: 'Admin' };

/** A channel of the chat panel, created on first use. The Admin channel exists only for admins. */
export async function openChannel(db: Db, actor: Actor, channel: ChatChannel): Promise<ChatSummary> {
  if (channel === 'admin' && !hasRole(actor, 'admin')) throw notFound('Chat');
  const id = await db.transaction().execute(async (tx) => {
    const created = await tx
      .insertInto('chats')
      .values({
        name: channelNames[channel],
        type: channel === 'company' ? 'company' : 'group',
        channel,
        created_by: actor.userId,
      })
      .onConflict((oc) => oc.column('channel').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created) {
      return (await tx.selectFrom('chats').select('id').where('channel', '=', channel).executeTakeFirstOrThrow()).id;
    }
    await addKeptMembers(tx, created.id);
    await publish(tx, 'chats', { chatId: created.id });
    return created.id;
  });
  return getChat(db, actor, id);
}

type MessageRow = Omit<ChatMessage, 'created_at'> & { created_at: Date };
const toMessage = (row: MessageRow): ChatMessage => ({ ...row, created_at: row.created_at.toISOString() });

/** A page of a chat's history, oldest first: the newest page, or the one before `before`. */
export async function listMessages(db: Db, actor: Actor, chatId: string, query: MessagesQuery): Promise<MessagePage> {
  const before = decodeCursor(query.before, 2);
  if (before && !(cursorValue.moment(before[0]) && cursorValue.uuid(before[1]))) throw badRequest('Invalid cursor');
  await assertMember(db, actor, chatId);
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.id', 'm.chat_id', 'm.sender_id', 'u.name as sender_name', 'm.content', 'm.created_at'])
    .where('m.chat_id', '=', chatId)
    .where(sql<SqlBool>`m.chat_id IN (${chatsReadBy(actor)})`)
    .$if(before !== null, (qb) =>
      qb.where(sql<boolean>`(m.created_at, m.id) < (${before![0]}::timestamptz, ${before![1]}::uuid)`),
    )
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit).reverse();
  const oldest = page[0];
  return {
    items: page.map(toMessage),
    older: rows.length > query.limit && oldest ? encodeCursor([oldest.created_at.toISOString(), oldest.id]) : null,
  };
}

/**
 * Sends a message: trimmed by the schema, from an active member, at most MESSAGES_PER_MINUTE a minute per user. The
 * sender's tab names the message id, so a send repeated after a lost answer stores it once (`created` false). People
 * named with '@Name' are notified. Every member's tabs receive it when it commits.
 */
export async function sendMessage(
  db: Db,
  actor: Actor,
  chatId: string,
  input: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  await assertMember(db, actor, chatId);
  const wait = await hit(db, `chat:${actor.userId}`, { max: MESSAGES_PER_MINUTE, windowSeconds: 60 });
  if (wait !== null) throw tooManyRequests('You are sending messages too quickly; wait a moment', wait);
  return db.transaction().execute(async (tx) => {
    await assertMember(tx, actor, chatId);
    const inserted = await tx
      .insertInto('messages')
      .values({ id: input.id, chat_id: chatId, sender_id: actor.userId, content: input.content })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning(['id', 'chat_id', 'sender_id', 'content', 'created_at'])
      .executeTakeFirst();
    if (!inserted) {
      const earlier = await tx
        .selectFrom('messages')
        .select(['id', 'chat_id', 'sender_id', 'content', 'created_at'])
        .where('id', '=', input.id)
        .executeTakeFirstOrThrow();
      if (earlier.sender_id !== actor.userId || earlier.chat_id !== chatId) throw conflict('This message id is already used');
      return { message: toMessage({ ...earlier, sender_name: actor.name }), created: false };
    }
    await tx
      .updateTable('chat_participants')
      .set({ last_read_at: inserted.created_at })
      .where('chat_id', '=', chatId)
      .where('user_id', '=', actor.userId)
      .execute();
    await notifyMentions(tx, actor, chatId, inserted.content);
    await publish(tx, 'message', { messageId: inserted.id });
    return { message: toMessage({ ...inserted, sender_name: actor.name }), created: true };
  });
}

/** '@Name' of an active member (their full name, any case) notifies them. */
async function notifyMentions(tx: Db, actor: Actor, chatId: string, content: string) {
  if (!content.includes('@')) return;
  const text = content.toLowerCase();
  const members = await tx
    .selectFrom('chat_participants as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('chats as c', 'c.id', 'p.chat_id')
    .select(['u.id', 'u.name', 'c.name as chat_name', 'c.type as chat_type'])
    .where('p.chat_id', '=', chatId)
    .where('p.is_active', '=', true)
    .where('u.id', '<>', actor.userId)
    .execute();
  const mentioned = members.filter((member) => text.includes(`@${member.name.toLowerCase()}`));
  if (mentioned.length === 0) return;
  await notify(tx, actor, {
    event: 'chat_mention',
    ownerIds: mentioned.map((member) => member.id),
    title: `${actor.name} mentioned you in ${mentioned[0]!.chat_type === 'individual' ? 'a direct message' : mentioned[0]!.chat_name}`,
    content,
    link: `/chat?chat=${chatId}`,
  });
}

/** The actor has read the chat up to now; their other tabs follow. */
export async function markChatRead(db: Db, actor: Actor, chatId: string) {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('chat_participants')
      .set({ last_read_at: sql<Date>`now()` })
      .where('chat_id', '=', chatId)
      .where('user_id', '=', actor.userId)
      .where('is_active', '=', true)
      .returning('chat_id')
      .executeTakeFirst();
    if (!row) throw notFound('Chat');
    await publish(tx, 'chats', { userIds: [actor.userId] });
  });
}

/**
 * Takes someone out of a chat: anyone may leave a chat they chose to be in; its creator may remove others from a
 * group. Nobody leaves a chat the database keeps (company chats and channels). The person removed stops receiving it
 * at once, in every process.
 */
export async function removeParticipant(db: Db, actor: Actor, chatId: string, userId: string) {
  await db.transaction().execute(async (tx) => {
    await assertMember(tx, actor, chatId);
    const chat = await tx
      .selectFrom('chats')
      .select(['type', 'channel', 'created_by'])
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    if (isKept(chat)) throw conflict('Everyone active stays in this chat');
    if (userId !== actor.userId && !(chat.type === 'group' && chat.created_by === actor.userId)) {
      throw forbidden('Only the person who created this group can remove others');
    }
    const row = await tx
      .updateTable('chat_participants')
      .set({ is_active: false })
      .where('chat_id', '=', chatId)
      .where('user_id', '=', userId)
      .where('is_active', '=', true)
      .returning('user_id')
      .executeTakeFirst();
    if (!row) throw notFound('Participant');
    await publish(tx, 'chats', { chatId, userIds: [userId] });
  });
}

/** Messages from others, in the actor's active chats, newer than the actor last read each chat. */
export async function countUnreadMessages(db: Db, actor: Actor): Promise<number> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('chat_participants as p', (join) => join.onRef('p.chat_id', '=', 'm.chat_id').on(activeMembership(actor, 'p')))
    .where('m.sender_id', '<>', actor.userId)
    .whereRef('m.created_at', '>', 'p.last_read_at')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** A new message reaches the sockets of the chat's active members connected here. */
export async function deliverMessage(db: Db, data: Record<string, unknown>, connected: string[]): Promise<Delivery[]> {
  if (!cursorValue.uuid(data.messageId)) return [];
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.id', 'm.chat_id', 'm.sender_id', 'u.name as sender_name', 'm.content', 'm.created_at'])
    .select((eb) =>
      sql<string[]>`ARRAY(${eb
        .selectFrom('chat_participants as p')
        .select('p.user_id')
        .whereRef('p.chat_id', '=', 'm.chat_id')
        .where('p.is_active', '=', true)
        .where('p.user_id', 'in', connected)})`.as('recipients'),
    )
    .where('m.id', '=', data.messageId)
    .executeTakeFirst();
  if (!row) return [];
  const { recipients, ...message } = row;
  return [{ userIds: recipients, message: { type: 'message', message: toMessage(message) } }];
}

/** A chat created, joined or left: its members' (and the named users') chat lists refresh. */
export async function deliverChatChange(db: Db, data: Record<string, unknown>, connected: string[]): Promise<Delivery[]> {
  const named = Array.isArray(data.userIds) ? data.userIds.filter((id): id is string => cursorValue.uuid(id)) : [];
  const members = cursorValue.uuid(data.chatId)
    ? (
        await db
          .selectFrom('chat_participants')
          .select('user_id')
          .where('chat_id', '=', data.chatId)
          .where('user_id', 'in', connected)
          .execute()
      ).map((row) => row.user_id)
    : [];
  return [{ userIds: new Set([...named, ...members]), message: { type: 'chats' } }];
}
