import { defineApi, get, post } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { assignEmailSchema, composeSchema, emailListQuerySchema, recipientQuerySchema } from './schemas.js';
import type { EmailDetail, EmailItem, EmailRecipient } from './types.js';

/** The e-mails' routes the web calls. */
export const emailsApi = defineApi('emails', {
  list: get('/api/emails', { query: emailListQuerySchema }).returns<Page<EmailItem>>(),
  detail: get('/api/emails/:id').returns<EmailDetail>(),
  recipient: get('/api/emails/recipient', { query: recipientQuerySchema }).returns<EmailRecipient>(),
  markRead: post('/api/emails/:id/read').returns(),
  send: post('/api/emails', { body: composeSchema }).returns<EmailItem>(),
  assign: post('/api/emails/:id/assign', { body: assignEmailSchema }).returns<EmailItem>(),
});
