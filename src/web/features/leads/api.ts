import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@shared/http/paging';
import type {
  ContactLog,
  CreatedLeadSource,
  LeadDetail,
  LeadItem,
  LeadSource,
  LeadSourceInput,
  LeadView,
  ManualLeadInput,
  ManualLeadOutcome,
} from '@shared/leads/schemas';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';
import { customersApi } from '@shared/customers/api';
import { areaKey } from '@/lib/contract';

export function useLeadSources() {
  return useQuery({
    queryKey: keys.leadSources,
    queryFn: ({ signal }) => api<{ items: LeadSource[] }>('/api/settings/lead-sources', { signal }),
    select: (data) => data.items,
  });
}

export function useCreateLeadSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadSourceInput) => api<CreatedLeadSource>('/api/settings/lead-sources', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.leadSources }),
  });
}

export function useDeleteLeadSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/settings/lead-sources/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.leadSources }),
  });
}

/** A list of leads, newest first, a page at a time ('Show more'); one customer's when `customer` is given. */
export function useLeads(view: LeadView, customer?: string) {
  return useInfiniteQuery({
    queryKey: keys.leads.list(view, customer),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<LeadItem>>(`/api/leads?${toSearchParams({ view, customer, limit: 25, cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useLead(id: string | null) {
  return useQuery({
    queryKey: keys.leads.detail(id ?? ''),
    queryFn: ({ signal }) => api<LeadDetail>(`/api/leads/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** After a lead changes, its lists, its customer and the dashboard's figures are read again. */
function useLeadChanged() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [keys.leads.all, areaKey(customersApi), keys.dashboard])
      void queryClient.invalidateQueries({ queryKey });
  };
}

export function useAddLead() {
  const changed = useLeadChanged();
  return useMutation({
    mutationFn: (input: ManualLeadInput) => api<ManualLeadOutcome>('/api/leads', { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useLogContact(id: string) {
  const changed = useLeadChanged();
  return useMutation({
    mutationFn: (input: ContactLog) => api<LeadDetail>(`/api/leads/${id}/contacts`, { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useMarkLeadHandled() {
  const changed = useLeadChanged();
  return useMutation({
    mutationFn: (id: string) => api<LeadDetail>(`/api/leads/${id}/handled`, { method: 'POST' }),
    onSuccess: changed,
  });
}
