import { defineApi, del, get, put } from '../http/contract.js';
import { mailboxInputSchema, type MailboxAnswer } from './types.js';

/** The mailboxes' routes the web calls: `:owner` is 'mine' or 'company'. */
export const mailboxesApi = defineApi('mailboxes', {
  mailbox: get('/api/mailboxes/:owner').returns<MailboxAnswer>(),
  save: put('/api/mailboxes/:owner', { body: mailboxInputSchema }).returns<MailboxAnswer>(),
  remove: del('/api/mailboxes/:owner').returns(),
});
