import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealInput, DealUpdate } from '@shared/deals/schemas';
import { dealsApi } from '@shared/deals/api';
import { accountingApi } from '@shared/accounting/api';
import { analyticsApi, dashboardApi } from '@shared/analytics/api';
import { customersApi } from '@shared/customers/api';
import { teamApi } from '@shared/team/api';
import { vehiclesApi } from '@shared/vehicles/api';
import { areaKey, call, keyOf, queryOf } from '@/lib/contract';

/**
 * Deal figures show up on the deals page, the dashboard, analytics, accounting and the agents page, and a completed sale
 * moves its customer; a change refreshes them all.
 */
export function useInvalidateDealFigures() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: areaKey(dealsApi) }),
      queryClient.invalidateQueries({ queryKey: areaKey(dashboardApi) }),
      queryClient.invalidateQueries({ queryKey: areaKey(analyticsApi) }),
      queryClient.invalidateQueries({ queryKey: areaKey(accountingApi) }),
      queryClient.invalidateQueries({ queryKey: areaKey(vehiclesApi) }),
      queryClient.invalidateQueries({ queryKey: areaKey(customersApi) }),
      queryClient.invalidateQueries({ queryKey: areaKey(teamApi) }),
    ]);
}

export function useDealAnalytics(year: number | undefined) {
  return useQuery({ ...queryOf(dealsApi.analytics, { query: { year } }), placeholderData: keepPreviousData });
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
  return useQuery({ ...queryOf(dealsApi.list, { query: params }), placeholderData: keepPreviousData, enabled });
}

export function useDeal(id: string) {
  return useQuery({ ...queryOf(dealsApi.detail, { params: { id } }), retry: false });
}

export function useDealTimeline(id: string) {
  return useQuery(queryOf(dealsApi.timeline, { params: { id } }));
}

export function useDealAgents() {
  return useQuery({ ...queryOf(dealsApi.agents), staleTime: 60_000 });
}

export function useCreateDeal() {
  const invalidate = useInvalidateDealFigures();
  return useMutation({
    mutationFn: (body: DealInput) => call(dealsApi.create, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateDeal(id: string) {
  const invalidate = useInvalidateDealFigures();
  return useMutation({
    mutationFn: (body: DealUpdate) => call(dealsApi.update, { params: { id }, body }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteDeal(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDealFigures();
  return useMutation({
    mutationFn: () => call(dealsApi.remove, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keyOf(dealsApi.detail, { params: { id } }) });
      return invalidate();
    },
  });
}
