import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const DeskPage = lazyNamed(() => import('./desk-page'), 'DeskPage');
const DealerOffersPage = lazyNamed(() => import('./dealer-offers-page'), 'DealerOffersPage');

export const deskingArea: WebArea = {
  routes: [
    { path: 'deals/:id/desk', element: <DeskPage /> },
    { path: 'deals/:id/offers', element: <DealerOffersPage /> },
  ],
};
