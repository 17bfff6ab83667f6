import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from '@shared/analytics/api';
import { queryOf } from '@/lib/contract';

export function useDashboard() {
  return useQuery(queryOf(dashboardApi.summary));
}
