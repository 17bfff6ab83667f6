import { defineApi, get, post } from '../http/contract.js';
import { consentInputSchema, type ConsentChannel } from './schemas.js';
import type { ConsentState } from './types.js';

/**
 * A customer's consent, as the web calls it. It is cached with the customer (the customers' area), so whatever
 * refreshes a customer refreshes their consent too.
 */
export const consentApi = defineApi('customers', {
  consent: get('/api/customers/:id/consent').returns<ConsentState>(),
  recordConsent: post('/api/customers/:id/consent', { body: consentInputSchema }).returns<ConsentState>(),
});

export type UnsubscribeState = { company: string; channel: ConsentChannel; unsubscribed: boolean };

/** The unsubscribe link a customer follows from a message, without signing in. */
export const unsubscribeApi = defineApi('unsubscribe', {
  preview: get('/api/unsubscribe/:token').returns<UnsubscribeState>(),
  unsubscribe: post('/api/unsubscribe/:token').returns<UnsubscribeState>(),
});
