import type { WebArea } from '@/lib/area';
import { Car } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { vehiclesApi } from '@shared/vehicles/api';
import { areaKey } from '@/lib/contract';

const InventoryPage = lazyNamed(() => import('./inventory-page'), 'InventoryPage');
const NewVehiclePage = lazyNamed(() => import('./new-vehicle-page'), 'NewVehiclePage');
const EditVehiclePage = lazyNamed(() => import('./edit-vehicle-page'), 'EditVehiclePage');

/** The vehicle's own page (`inventory/:id`) holds the deals area's list of its deals: the router composes it. */
export const vehiclesArea: WebArea = {
  routes: [
    { path: 'inventory', element: <InventoryPage /> },
    { path: 'inventory/new', element: <NewVehiclePage /> },
    { path: 'inventory/:id/edit', element: <EditVehiclePage /> },
  ],
  nav: [{ to: '/inventory', label: 'Inventory', icon: Car, position: 50 }],
  refreshOn: { vehicles: [areaKey(vehiclesApi)] },
};
