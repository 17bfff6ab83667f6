import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const DeskPage = lazyNamed(() => import('./desk-page'), 'DeskPage');

export const deskingArea: WebArea = {
  routes: [{ path: 'deals/:id/desk', element: <DeskPage /> }],
};
