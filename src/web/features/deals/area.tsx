import type { WebArea } from '@/lib/area';
import { Handshake } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { dealsApi } from '@shared/deals/api';
import { areaKey } from '@/lib/contract';

const DealsPage = lazyNamed(() => import('./deals-page'), 'DealsPage');
const NewDealPage = lazyNamed(() => import('./new-deal-page'), 'NewDealPage');
const EditDealPage = lazyNamed(() => import('./edit-deal-page'), 'EditDealPage');
const VehicleDealsCard = lazyNamed(() => import('./vehicle-deals'), 'VehicleDealsCard');

export const dealsArea: WebArea = {
  routes: [
    { path: 'deals', element: <DealsPage /> },
    { path: 'deals/new', element: <NewDealPage /> },
    { path: 'deals/:id/edit', element: <EditDealPage /> },
  ],
  nav: [{ to: '/deals', label: 'Deals', icon: Handshake, position: 60 }],
  refreshOn: { deals: [areaKey(dealsApi)] },
  vehicleCards: [{ position: 10, render: (vehicle) => <VehicleDealsCard vehicleId={vehicle.id} /> }],
};
