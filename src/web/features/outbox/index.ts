export { OutboxCard } from './outbox-card';
