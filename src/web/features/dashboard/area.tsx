import type { WebArea } from '@/lib/area';
import { LayoutDashboard } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { dashboardApi } from '@shared/analytics/api';
import { areaKey } from '@/lib/contract';

const DashboardPage = lazyNamed(() => import('./dashboard-page'), 'DashboardPage');

export const dashboardArea: WebArea = {
  routes: [{ path: 'dashboard', element: <DashboardPage /> }],
  nav: [{ to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, position: 10 }],
  refreshOn: {
    deals: [areaKey(dashboardApi)],
    customers: [areaKey(dashboardApi)],
    vehicles: [areaKey(dashboardApi)],
    leads: [areaKey(dashboardApi)],
  },
};
