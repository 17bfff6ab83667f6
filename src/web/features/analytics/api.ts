import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, RangeAnalytics } from '@shared/analytics/range-analytics';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useRangeAnalytics(range: AnalyticsRange) {
  return useQuery({
    queryKey: keys.analytics.range(range),
    queryFn: ({ signal }) => api<RangeAnalytics>(`/api/analytics?range=${range}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
