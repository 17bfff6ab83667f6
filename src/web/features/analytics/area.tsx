import type { WebArea } from '@/lib/area';
import { BarChart3 } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { analyticsApi } from '@shared/analytics/api';
import { areaKey } from '@/lib/contract';

const AnalyticsPage = lazyNamed(() => import('./analytics-page'), 'AnalyticsPage');

export const analyticsArea: WebArea = {
  routes: [{ path: 'analytics', element: <AnalyticsPage /> }],
  nav: [{ to: '/analytics', label: 'Analytics', icon: BarChart3, position: 80 }],
  refreshOn: { deals: [areaKey(analyticsApi)], customers: [areaKey(analyticsApi)] },
};
