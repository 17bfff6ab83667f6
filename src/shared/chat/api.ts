import { defineApi, del, get, post } from '../http/contract.js';
import { messagesQuerySchema, newChatSchema, newMessageSchema } from './schemas.js';
import type { ChatMessage, ChatPerson, ChatSummary, MessagePage } from './types.js';

/** The chat's routes the web calls. */
export const chatApi = defineApi('chat', {
  list: get('/api/chat/chats').returns<{ items: ChatSummary[] }>(),
  people: get('/api/chat/people').returns<{ items: ChatPerson[] }>(),
  /** A channel of the chat panel, created on first use: read as a query, though posted. */
  channel: post('/api/chat/channels/:channel').returns<ChatSummary>(),
  messages: get('/api/chat/chats/:id/messages', { query: messagesQuerySchema }).returns<MessagePage>(),
  send: post('/api/chat/chats/:id/messages', { body: newMessageSchema }).returns<{ message: ChatMessage }>(),
  markRead: post('/api/chat/chats/:id/read').returns(),
  create: post('/api/chat/chats', { body: newChatSchema }).returns<ChatSummary>(),
  leave: del('/api/chat/chats/:id/participants/:userId').returns(),
  unreadCount: get('/api/chat/unread-count').returns<{ count: number }>(),
});
