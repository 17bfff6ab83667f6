import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@shared/analytics/dashboard';
import { api } from '@/lib/api-client';

export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: ({ signal }) => api<Dashboard>('/api/dashboard', { signal }) });
}
