import type { WebArea } from '@/lib/area';
import { keys } from '@/lib/query-keys';

/** No screen of its own (its cards are in Settings): what is held, sent or discarded is followed live. */
export const outboxArea: WebArea = {
  // A company mailbox connected or removed decides whether held mail can be sent.
  refreshOn: { outbox: [keys.outbox.all], mailboxes: [keys.outbox.mail] },
};
