import { defineApi, del, get, post, put } from '../http/contract.js';
import { webhookEndpointInputSchema, type WebhookEndpoint } from './types.js';

/** The outgoing webhooks' routes the web calls: `:event` is one of the webhook events. */
export const webhooksApi = defineApi('webhooks', {
  endpoints: get('/api/webhooks').returns<{ items: WebhookEndpoint[] }>(),
  save: put('/api/webhooks/:event', { body: webhookEndpointInputSchema }).returns<WebhookEndpoint>(),
  remove: del('/api/webhooks/:event').returns(),
  rotateSecret: post('/api/webhooks/:event/rotate').returns<WebhookEndpoint>(),
  triggerGmailSync: post('/api/webhooks/sync_gmail/trigger').returns<{ delivery_id: string }>(),
});
