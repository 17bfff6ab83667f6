import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const ConsentCard = lazyNamed(() => import('./consent-card'), 'ConsentCard');

/** The customer's consent, a card on their page; the unsubscribe page is public (the router's). */
export const consentArea: WebArea = {
  customerCards: [{ position: 60, render: (c) => <ConsentCard customerId={c.id} /> }],
};
