import type { WebArea } from '@/lib/area';
import { keys } from '@/lib/query-keys';

/** No screen of its own (its cards are in Settings): a mailbox's reading state is followed live. */
export const mailboxesArea: WebArea = {
  refreshOn: { mailboxes: [keys.mailboxes.all] },
};
