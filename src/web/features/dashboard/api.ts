import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@shared/analytics/dashboard';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useDashboard() {
  return useQuery({ queryKey: keys.dashboard, queryFn: ({ signal }) => api<Dashboard>('/api/dashboard', { signal }) });
}
