import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const WebhooksCard = lazyNamed(() => import('./webhooks-card'), 'WebhooksCard');

/** No screen of its own: the outgoing webhooks are a card in Settings. */
export const webhooksArea: WebArea = {
  settingsCards: [{ position: 140, element: <WebhooksCard />, shownTo: 'editSettings' }],
};
