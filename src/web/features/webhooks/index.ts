export { WebhooksCard } from './webhooks-card';
export { GmailSyncTab } from './gmail-sync-tab';
export { useWebhookEndpoints } from './api';
