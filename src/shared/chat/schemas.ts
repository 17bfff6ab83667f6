import { z } from 'zod';
import { isStorableText, recordId, requiredText, text, UNSTORABLE_TEXT_MESSAGE } from '../common/fields.js';

/** The longest message Torque keeps (the database refuses longer ones too). */
export const MAX_MESSAGE_LENGTH = 4000;
export const MESSAGE_TOO_LONG = `Messages can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters`;
export const EMPTY_MESSAGE = 'Type a message to send';
/** Messages one user may send in a minute, over every chat and process. */
export const MESSAGES_PER_MINUTE = 60;

export const chatTypes = ['individual', 'group', 'company'] as const;
export type ChatType = (typeof chatTypes)[number];

/** The chat panel's channels: Company and Agents for everyone, Admin for admins (spec part 1 §6). */
export const chatChannels = ['company', 'agents', 'admin'] as const;
export type ChatChannel = (typeof chatChannels)[number];
export const chatChannelLabels: Record<ChatChannel, string> = { company: 'Company', agents: 'Agents', admin: 'Admin' };

export const CHAT_NAME_REQUIRED = 'Please enter a chat name';
export const CHAT_MEMBERS_REQUIRED = 'Please choose who to chat with';

/**
 * A new chat: with one person (individual), with chosen people (group, named), or with everyone (company, named; every
 * active user joins, and later users too).
 */
export const newChatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('individual'), user_ids: z.array(recordId).length(1, CHAT_MEMBERS_REQUIRED) }),
  z.object({
    type: z.literal('group'),
    name: requiredText(80, CHAT_NAME_REQUIRED),
    user_ids: z.array(recordId).min(1, CHAT_MEMBERS_REQUIRED).max(200, 'At most 200 people in a group'),
  }),
  z.object({ type: z.literal('company'), name: requiredText(80, CHAT_NAME_REQUIRED) }),
]);
export type NewChat = z.output<typeof newChatSchema>;

/**
 * A message: trimmed, not blank, at most MAX_MESSAGE_LENGTH characters. `id` is chosen by the sender's tab, so a send
 * repeated after a lost answer stores the message once.
 */
export const newMessageSchema = z.object({
  id: recordId,
  content: z
    .string({ error: EMPTY_MESSAGE })
    .trim()
    .min(1, EMPTY_MESSAGE)
    .max(MAX_MESSAGE_LENGTH, MESSAGE_TOO_LONG)
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE),
});
export type NewMessage = z.output<typeof newMessageSchema>;

export const channelParams = z.object({ channel: z.enum(chatChannels, { error: 'Not found' }) });
export const participantParams = z.object({ id: recordId, userId: recordId });

/** `?before=` pages a chat's history backwards; each page is oldest first. */
export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: text(500).optional(),
});
export type MessagesQuery = z.output<typeof messagesQuerySchema>;
