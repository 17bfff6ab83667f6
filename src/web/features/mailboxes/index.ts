export { MailboxCard } from './mailbox-card';
