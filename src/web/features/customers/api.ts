import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerInput } from '@shared/customers/schemas';
import { customersApi } from '@shared/customers/api';
import { analyticsApi, dashboardApi } from '@shared/analytics/api';
import { dealsApi } from '@shared/deals/api';
import { areaKey, call, keyOf, queryOf } from '@/lib/contract';

export function useCustomerList(query: string) {
  return useQuery({ ...queryOf(customersApi.list, { query }), placeholderData: keepPreviousData });
}

export function useCustomerSummary(query: string) {
  return useQuery({ ...queryOf(customersApi.summary, { query }), placeholderData: keepPreviousData });
}

export function useCustomer(id: string) {
  return useQuery({ ...queryOf(customersApi.detail, { params: { id } }), retry: false });
}

export function useCustomerTimeline(id: string) {
  return useQuery(queryOf(customersApi.timeline, { params: { id } }));
}

/** Customers of `owner` (the signed-in user when not given) matching q, for the referral picker. */
export function useCustomerOptions(q: string, enabled: boolean, owner?: string | null) {
  return useQuery({ ...queryOf(customersApi.options, { query: { q, owner } }), enabled, placeholderData: keepPreviousData });
}

/** Any customer the signed-in user may see matching q by name or e-mail, with whose each is: the deal form's search. */
export function useCustomerLookup(q: string, enabled: boolean) {
  return useQuery({ ...queryOf(customersApi.lookup, { query: { q } }), enabled, placeholderData: keepPreviousData });
}

export function useDuplicates(email: string, phone: string, exclude: string | undefined) {
  return useQuery({
    ...queryOf(customersApi.duplicates, { query: { email, phone, exclude } }),
    enabled: Boolean(email.includes('@') || phone.replace(/\D/g, '').length >= 7),
    staleTime: 30_000,
  });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerInput) => call(customersApi.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKey(customersApi) }),
  });
}

export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerInput & { updated_at: string }) => call(customersApi.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: areaKey(customersApi) }),
  });
}

/** Moves the customer along the pipeline; the analytics funnel and the lists follow. */
export function useSetCustomerStage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stage: string) => call(customersApi.setStage, { params: { id }, body: { stage } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
      void queryClient.invalidateQueries({ queryKey: areaKey(analyticsApi) });
    },
  });
}

export function useDeleteCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(customersApi.remove, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keyOf(customersApi.detail, { params: { id } }) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: areaKey(customersApi) }),
        queryClient.invalidateQueries({ queryKey: areaKey(dealsApi) }),
        queryClient.invalidateQueries({ queryKey: areaKey(dashboardApi) }),
      ]);
    },
  });
}
