import { defineApi, del, get, post, put } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { replyTemplateInputSchema, type ReplyTemplate } from './templates.js';
import {
  assignConversationSchema,
  conversationQuerySchema,
  inboxQuerySchema,
  sendTextSchema,
  type ConversationEntry,
  type ConversationState,
  type InboxAssignee,
  type InboxItem,
} from './types.js';
import {
  attachUnmatchedTextSchema,
  unmatchedTextLeadSchema,
  unmatchedTextQuerySchema,
  type FiledText,
  type UnmatchedText,
} from './unmatched.js';

/** The conversations' routes the web calls: a customer's thread, the inbox, reply templates and unmatched texts. */
export const conversationsApi = defineApi('conversations', {
  thread: get('/api/customers/:id/conversation', { query: conversationQuerySchema }).returns<Page<ConversationEntry>>(),
  state: get('/api/customers/:id/conversation/state').returns<ConversationState>(),
  sendText: post('/api/customers/:id/texts', { body: sendTextSchema }).returns<ConversationEntry>(),
  inbox: get('/api/inbox', { query: inboxQuerySchema }).returns<Page<InboxItem>>(),
  markDone: post('/api/inbox/:id/done').returns(),
  assignees: get('/api/inbox/assignees').returns<InboxAssignee[]>(),
  assign: post('/api/inbox/:id/assign', { body: assignConversationSchema }).returns(),
  templates: get('/api/reply-templates').returns<ReplyTemplate[]>(),
  /** The reply templates filled for one customer. */
  customerTemplates: get('/api/customers/:id/reply-templates').returns<ReplyTemplate[]>(),
  createTemplate: post('/api/reply-templates', { body: replyTemplateInputSchema }).returns<ReplyTemplate>(),
  updateTemplate: put('/api/reply-templates/:id', { body: replyTemplateInputSchema }).returns<ReplyTemplate>(),
  removeTemplate: del('/api/reply-templates/:id').returns(),
  unmatched: get('/api/unmatched-texts', { query: unmatchedTextQuerySchema }).returns<Page<UnmatchedText>>(),
  leadFromText: post('/api/unmatched-texts/:id/lead', { body: unmatchedTextLeadSchema }).returns<FiledText>(),
  attachText: post('/api/unmatched-texts/:id/attach', { body: attachUnmatchedTextSchema }).returns<FiledText>(),
});
