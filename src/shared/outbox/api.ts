import { defineApi, get, post } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import {
  outboxListQuerySchema,
  type HeldMailDiscarded,
  type HeldMailSent,
  type MailStatus,
  type OutboxItem,
  type OutboxMessage,
} from './types.js';

/** An action on held mail takes no input: the body is empty. */
type NoInput = Record<string, never>;

/** The outbox's routes the web calls. */
export const outboxApi = defineApi('outbox', {
  list: get('/api/outbox', { query: outboxListQuerySchema }).returns<Page<OutboxItem>>(),
  message: get('/api/outbox/:id').returns<OutboxMessage>(),
  mail: get('/api/outbox/mail').returns<MailStatus>(),
  send: post('/api/outbox/:id/send').sends<NoInput>().returns<OutboxItem>(),
  discard: post('/api/outbox/:id/discard').sends<NoInput>().returns<OutboxItem>(),
  sendHeld: post('/api/outbox/held/send').sends<NoInput>().returns<HeldMailSent>(),
  discardHeld: post('/api/outbox/held/discard').sends<NoInput>().returns<HeldMailDiscarded>(),
});
