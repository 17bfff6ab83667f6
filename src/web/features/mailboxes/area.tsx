import type { WebArea } from '@/lib/area';
import { mailboxesApi } from '@shared/mailboxes/api';
import { areaKey } from '@/lib/contract';
import { lazyNamed } from '@/lib/area';

const MailboxCard = lazyNamed(() => import('./mailbox-card'), 'MailboxCard');

/** No screen of its own (its cards are in Settings): a mailbox's reading state is followed live. */
export const mailboxesArea: WebArea = {
  refreshOn: { mailboxes: [areaKey(mailboxesApi)] },
  settingsCards: [
    { position: 100, element: <MailboxCard owner="mine" /> },
    { position: 110, element: <MailboxCard owner="company" />, shownTo: 'connectForCompany' },
  ],
};
