export { OutboxCard } from './outbox-card';
export { DeliveryBadge } from './delivery-badge';
export { MailServerBanner } from './mail-server-banner';
export { HeldMailCard } from './held-mail-card';
