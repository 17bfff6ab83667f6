import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealAnalytics } from '@shared/analytics/deal-analytics';
import type { DealInput, DealUpdate } from '@shared/deals/schemas';
import type { Deal, DealAgent, DealDetail, DealTimelineEntry } from '@shared/deals/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';
import { customersApi } from '@shared/customers/api';
import { teamApi } from '@shared/team/api';
import { areaKey } from '@/lib/contract';

/**
 * Deal figures show up on the deals page, the dashboard, analytics, accounting and the agents page, and a completed sale
 * moves its customer; a change refreshes them all.
 */
export function useInvalidateDealFigures() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.deals.all }),
      queryClient.invalidateQueries({ queryKey: keys.dashboard }),
      queryClient.invalidateQueries({ queryKey: keys.analytics.all }),
      queryClient.invalidateQueries({ queryKey: keys.accounting.all }),
      queryClient.invalidateQueries({ queryKey: keys.vehicles.all }),
      queryClient.invalidateQueries({ queryKey: areaKey(customersApi) }),
      queryClient.invalidateQueries({ queryKey: areaKey(teamApi) }),
    ]);
}

export function useDealAnalytics(year: number | undefined) {
  return useQuery({
    queryKey: keys.deals.analytics(year),
    queryFn: ({ signal }) => api<DealAnalytics>(`/api/analytics/deals?${toSearchParams({ year })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type DealListParams = {
  year?: number;
  q?: string;
  status?: string;
  vehicle_id?: string;
  customer_id?: string;
  limit?: number;
  cursor?: string;
};

export function useDealList(params: DealListParams, enabled = true) {
  const query = toSearchParams(params);
  return useQuery({
    queryKey: keys.deals.list(query),
    queryFn: ({ signal }) => api<Page<Deal>>(`/api/deals?${query}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDeal(id: string) {
  return useQuery({
    queryKey: keys.deals.detail(id),
    queryFn: ({ signal }) => api<DealDetail>(`/api/deals/${id}`, { signal }),
    retry: false,
  });
}

export function useDealTimeline(id: string) {
  return useQuery({
    queryKey: keys.deals.timeline(id),
    queryFn: ({ signal }) => api<DealTimelineEntry[]>(`/api/deals/${id}/timeline`, { signal }),
  });
}

export function useDealAgents() {
  return useQuery({
    queryKey: keys.deals.agents,
    queryFn: ({ signal }) => api<DealAgent[]>('/api/deals/agents', { signal }),
    staleTime: 60_000,
  });
}

export function useCreateDeal() {
  const invalidate = useInvalidateDealFigures();
  return useMutation({
    mutationFn: (input: DealInput) => api<Deal>('/api/deals', { method: 'POST', body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateDeal(id: string) {
  const invalidate = useInvalidateDealFigures();
  return useMutation({
    mutationFn: (input: DealUpdate) => api<Deal>(`/api/deals/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteDeal(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDealFigures();
  return useMutation({
    mutationFn: () => api<void>(`/api/deals/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.deals.detail(id) });
      return invalidate();
    },
  });
}
