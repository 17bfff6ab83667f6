import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactLog, LeadSourceInput, LeadView, ManualLeadInput } from '@shared/leads/schemas';
import { customersApi } from '@shared/customers/api';
import { leadSourcesApi, leadsApi } from '@shared/leads/api';
import { dashboardApi } from '@shared/analytics/api';
import { areaKey, call, keyOf, pagesOf, queryOf } from '@/lib/contract';

export function useLeadSources() {
  return useQuery({ ...queryOf(leadSourcesApi.leadSources), select: (data) => data.items });
}

export function useCreateLeadSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadSourceInput) => call(leadSourcesApi.createLeadSource, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(leadSourcesApi.leadSources) }),
  });
}

export function useDeleteLeadSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(leadSourcesApi.removeLeadSource, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(leadSourcesApi.leadSources) }),
  });
}

/** A list of leads, newest first, a page at a time ('Show more'); one customer's when `customer` is given. */
export function useLeads(view: LeadView, customer?: string) {
  return useInfiniteQuery(pagesOf(leadsApi.list, { query: { view, customer, limit: 25 } }));
}

export function useLead(id: string | null) {
  return useQuery({ ...queryOf(leadsApi.detail, { params: { id: id ?? '' } }), enabled: id !== null });
}

/** After a lead changes, its lists, its customer and the dashboard's figures are read again. */
function useLeadChanged() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [areaKey(leadsApi), areaKey(customersApi), areaKey(dashboardApi)])
      void queryClient.invalidateQueries({ queryKey });
  };
}

export function useAddLead() {
  const changed = useLeadChanged();
  return useMutation({
    mutationFn: (input: ManualLeadInput) => call(leadsApi.add, { body: input }),
    onSuccess: changed,
  });
}

export function useLogContact(id: string) {
  const changed = useLeadChanged();
  return useMutation({
    mutationFn: (input: ContactLog) => call(leadsApi.logContact, { params: { id }, body: input }),
    onSuccess: changed,
  });
}

export function useMarkLeadHandled() {
  const changed = useLeadChanged();
  return useMutation({
    mutationFn: (id: string) => call(leadsApi.markHandled, { params: { id } }),
    onSuccess: changed,
  });
}
