import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerInput } from '@shared/customers/schemas';
import type {
  Customer,
  CustomerChoice,
  CustomerDetail,
  CustomerListItem,
  CustomerOption,
  CustomerSummary,
  DuplicateMatch,
  TimelineEntry,
} from '@shared/customers/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useCustomerList(query: string) {
  return useQuery({
    queryKey: keys.customers.list(query),
    queryFn: ({ signal }) => api<Page<CustomerListItem>>(`/api/customers?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSummary(query: string) {
  return useQuery({
    queryKey: keys.customers.summary(query),
    queryFn: ({ signal }) => api<CustomerSummary>(`/api/customers/summary?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: keys.customers.detail(id),
    queryFn: ({ signal }) => api<CustomerDetail>(`/api/customers/${id}`, { signal }),
    retry: false,
  });
}

export function useCustomerTimeline(id: string) {
  return useQuery({
    queryKey: keys.customers.timeline(id),
    queryFn: ({ signal }) => api<TimelineEntry[]>(`/api/customers/${id}/timeline`, { signal }),
  });
}

/** Customers of `owner` (the signed-in user when not given) matching q, for the referral picker. */
export function useCustomerOptions(q: string, enabled: boolean, owner?: string | null) {
  return useQuery({
    queryKey: keys.customers.options(q, owner ?? ''),
    queryFn: ({ signal }) => api<CustomerOption[]>(`/api/customers/options?${toSearchParams({ q, owner })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Any customer the signed-in user may see matching q by name or e-mail, with whose each is: the deal form's search. */
export function useCustomerLookup(q: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.customers.lookup(q),
    queryFn: ({ signal }) => api<CustomerChoice[]>(`/api/customers/lookup?${toSearchParams({ q })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDuplicates(email: string, phone: string, exclude: string | undefined) {
  const query = toSearchParams({ email, phone, exclude });
  return useQuery({
    queryKey: keys.customers.duplicates(query),
    queryFn: ({ signal }) => api<DuplicateMatch[]>(`/api/customers/duplicates?${query}`, { signal }),
    enabled: Boolean(email.includes('@') || phone.replace(/\D/g, '').length >= 7),
    staleTime: 30_000,
  });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerInput) => api<Customer>('/api/customers', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.customers.all }),
  });
}

export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerInput & { updated_at: string }) =>
      api<Customer>(`/api/customers/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.customers.all }),
  });
}

/** Moves the customer along the pipeline; the analytics funnel and the lists follow. */
export function useSetCustomerStage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stage: string) => api<Customer>(`/api/customers/${id}/stage`, { method: 'PUT', body: { stage } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.customers.all });
      void queryClient.invalidateQueries({ queryKey: keys.analytics.all });
    },
  });
}

export function useDeleteCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/customers/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: keys.customers.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.customers.all }),
        queryClient.invalidateQueries({ queryKey: keys.deals.all }),
        queryClient.invalidateQueries({ queryKey: keys.dashboard }),
      ]);
    },
  });
}
