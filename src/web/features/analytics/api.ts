import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '@shared/analytics/range-analytics';
import { analyticsApi } from '@shared/analytics/api';
import { queryOf } from '@/lib/contract';

export function useRangeAnalytics(range: AnalyticsRange) {
  return useQuery({ ...queryOf(analyticsApi.range, { query: { range } }), placeholderData: keepPreviousData });
}
