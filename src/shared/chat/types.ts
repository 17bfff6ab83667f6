import { z } from 'zod';
import { roles } from '../users/roles.js';
import { chatChannels, chatTypes } from './schemas.js';

export const chatPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(roles) });
export type ChatPerson = z.infer<typeof chatPersonSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  sender_id: z.string(),
  sender_name: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat as its member sees it in the list: who is in it, the last message and how many are unread. */
export const chatSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(chatTypes),
  channel: z.enum(chatChannels).nullable(),
  created_by: z.string(),
  created_at: z.string(),
  member_count: z.number(),
  /** The active members, named when the chat has at most 50 (a company chat's are everyone: see the Users tab). */
  participants: z.array(chatPersonSchema),
  last_message: chatMessageSchema.nullable(),
  unread_count: z.number(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
export const chatListSchema = z.object({ items: z.array(chatSummarySchema) });

/** A page of a chat's history, oldest first; `older` fetches the page before it. */
export const messagePageSchema = z.object({ items: z.array(chatMessageSchema), older: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;

export const chatPeopleSchema = z.object({ items: z.array(chatPersonSchema) });
export const countSchema = z.object({ count: z.number() });
export const sentMessageSchema = z.object({ message: chatMessageSchema });
