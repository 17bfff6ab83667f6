import type { WebArea } from '@/lib/area';
import { outboxApi } from '@shared/outbox/api';
import { areaKey, keyOf } from '@/lib/contract';
import { lazyNamed } from '@/lib/area';

const HeldMailCard = lazyNamed(() => import('./held-mail-card'), 'HeldMailCard');
const OutboxCard = lazyNamed(() => import('./outbox-card'), 'OutboxCard');

/** No screen of its own (its cards are in Settings): what is held, sent or discarded is followed live. */
export const outboxArea: WebArea = {
  // A company mailbox connected or removed decides whether held mail can be sent.
  refreshOn: { outbox: [areaKey(outboxApi)], mailboxes: [keyOf(outboxApi.mail)] },
  settingsCards: [
    { position: 40, element: <HeldMailCard />, shownTo: 'readOutbox' },
    { position: 50, element: <OutboxCard />, shownTo: 'readOutbox' },
    {
      position: 150,
      element: (
        <OutboxCard
          kind="webhook"
          title="Webhook Deliveries"
          description="Every call to an outgoing webhook, with its status, attempts and last error"
          empty="No webhook calls yet."
        />
      ),
      shownTo: 'readOutbox',
    },
  ],
};
