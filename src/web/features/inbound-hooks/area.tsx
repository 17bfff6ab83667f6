import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const HooksCard = lazyNamed(() => import('./hooks-card'), 'HooksCard');

/** No screen of its own: its inbound hooks are a card in Settings. */
export const inboundHooksArea: WebArea = {
  settingsCards: [{ position: 90, element: <HooksCard />, shownTo: 'editSettings' }],
};
