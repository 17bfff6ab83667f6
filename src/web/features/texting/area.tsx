import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const TextingCard = lazyNamed(() => import('./texting-card'), 'TextingCard');

/** No screen of its own: the Twilio account is a card in Settings. */
export const textingArea: WebArea = {
  settingsCards: [{ position: 130, element: <TextingCard />, shownTo: 'editSettings' }],
};
