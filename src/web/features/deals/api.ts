import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealAnalytics } from '@shared/analytics/deal-analytics';
import type { DealInput, DealUpdate } from '@shared/deals/schemas';
import type { Deal, DealAgent, DealDetail, DealTimelineEntry } from '@shared/deals/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';

export const dealsKey = ['deals'] as const;

/** Deal figures show up on the deals page, the dashboard and the analytics page; a change refreshes all three. */
export function useInvalidateDealFigures() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dealsKey }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      queryClient.invalidateQueries({ queryKey: ['analytics'] }),
      queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
      queryClient.invalidateQueries({ queryKey: ['customers'] }),
    ]);
}

export function useDealAnalytics(year: number | undefined) {
  return useQuery({
    queryKey: [...dealsKey, 'analytics', year ?? 'current'],
    queryFn: ({ signal }) => api<DealAnalytics>(`/api/analytics/deals?${toSearchParams({ year })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type DealListParams = { year?: number; q?: string; status?: string; vehicle_id?: string; customer_id?: string; limit?: number; cursor?: string };

export function useDealList(params: DealListParams, enabled = true) {
  const query = toSearchParams(params);
  return useQuery({
    queryKey: [...dealsKey, 'list', query],
    queryFn: ({ signal }) => api<Page<Deal>>(`/api/deals?${query}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDeal(id: string) {
  return useQuery({
    queryKey: [...dealsKey, 'detail', id],
    queryFn: ({ signal }) => api<DealDetail>(`/api/deals/${id}`, { signal }),
    retry: false,
  });
}

export function useDealTimeline(id: string) {
  return useQuery({
    queryKey: [...dealsKey, 'timeline', id],
    queryFn: ({ signal }) => api<DealTimelineEntry[]>(`/api/deals/${id}/timeline`, { signal }),
  });
}

export function useDealAgents() {
  return useQuery({
    queryKey: [...dealsKey, 'agents'],
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

export type CustomerOption = { id: string; name: string; email: string | null; phone: string | null };
export type VehicleOption = { id: string; make: string; model: string; year: number; vin: string | null; price_cents: number; status: string };

/** Customers of `owner` (the deal's agent; the signed-in user when not given) matching q. */
export function useCustomerOptions(q: string, enabled: boolean, owner?: string | null) {
  return useQuery({
    queryKey: ['customers', 'options', q, owner ?? ''],
    queryFn: ({ signal }) => api<CustomerOption[]>(`/api/customers/options?${toSearchParams({ q, owner })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useVehicleOptions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['vehicles', 'options', q],
    queryFn: ({ signal }) => api<VehicleOption[]>(`/api/vehicles/options?${toSearchParams({ q })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteDeal(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDealFigures();
  return useMutation({
    mutationFn: () => api<void>(`/api/deals/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: [...dealsKey, 'detail', id] });
      return invalidate();
    },
  });
}
