import type { WebArea } from '@/lib/area';
import { LayoutDashboard } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { keys } from '@/lib/query-keys';

const DashboardPage = lazyNamed(() => import('./dashboard-page'), 'DashboardPage');

export const dashboardArea: WebArea = {
  routes: [{ path: 'dashboard', element: <DashboardPage /> }],
  nav: [{ to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, position: 10 }],
  refreshOn: { deals: [keys.dashboard], customers: [keys.dashboard], vehicles: [keys.dashboard], leads: [keys.dashboard] },
};
