import type { WebArea } from '@/lib/area';
import { BarChart3 } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { keys } from '@/lib/query-keys';

const AnalyticsPage = lazyNamed(() => import('./analytics-page'), 'AnalyticsPage');

export const analyticsArea: WebArea = {
  routes: [{ path: 'analytics', element: <AnalyticsPage /> }],
  nav: [{ to: '/analytics', label: 'Analytics', icon: BarChart3, position: 80 }],
  refreshOn: { deals: [keys.analytics.all], customers: [keys.analytics.all] },
};
