import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const ListingFeedsCard = lazyNamed(() => import('./listing-feeds-card'), 'ListingFeedsCard');

/** No screen of its own: its feeds are a card in Settings. */
export const listingsArea: WebArea = {
  settingsCards: [{ position: 70, element: <ListingFeedsCard />, shownTo: 'editSettings' }],
};
