import type { WebArea } from '@/lib/area';
import { Users } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { customersApi } from '@shared/customers/api';
import { areaKey } from '@/lib/contract';

const CustomersPage = lazyNamed(() => import('./customers-page'), 'CustomersPage');
const NewCustomerPage = lazyNamed(() => import('./new-customer-page'), 'NewCustomerPage');
const EditCustomerPage = lazyNamed(() => import('./edit-customer-page'), 'EditCustomerPage');

/** A customer's page is composed in the router, with the cards other areas declare for it (`customerCards`). */
export const customersArea: WebArea = {
  routes: [
    { path: 'customers', element: <CustomersPage /> },
    { path: 'customers/new', element: <NewCustomerPage /> },
    { path: 'customers/:id/edit', element: <EditCustomerPage /> },
  ],
  nav: [{ to: '/customers', label: 'Customers', icon: Users, position: 20 }],
  // A lead taken in may add its customer; the list shows each customer's next open task.
  refreshOn: { customers: [areaKey(customersApi)], leads: [areaKey(customersApi)], tasks: [areaKey(customersApi)] },
};
