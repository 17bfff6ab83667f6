import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommissionRateInput } from '@shared/accounting/schemas';
import type {
  AgentCommission,
  CommissionAgents,
  CommissionDeal,
  CommissionReport,
  CommissionSummary,
} from '@shared/accounting/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useCommissionSummary() {
  return useQuery({
    queryKey: keys.accounting.summary,
    queryFn: ({ signal }) => api<CommissionSummary>('/api/accounting/summary', { signal }),
  });
}

/** Commission Management (admins only: the tab is not offered to anyone else). */
export function useCommissionAgents() {
  return useQuery({
    queryKey: keys.accounting.agents,
    queryFn: ({ signal }) => api<CommissionAgents>('/api/accounting/agents', { signal }),
  });
}

export function useCommissionDeals(params: { limit: number; cursor?: string }) {
  const query = toSearchParams(params);
  return useQuery({
    queryKey: keys.accounting.deals(query),
    queryFn: ({ signal }) => api<Page<CommissionDeal>>(`/api/accounting/deals?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCommissionReport(year: number | undefined) {
  return useQuery({
    queryKey: keys.accounting.report(year),
    queryFn: ({ signal }) => api<CommissionReport>(`/api/accounting/report?${toSearchParams({ year })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of a year's commissions, as a download link. */
export const commissionCsvUrl = (year: number) => `/api/accounting/export.csv?${toSearchParams({ year })}`;

/** A new rate changes the agent's row only: completed deals keep the rate they were paid at. */
export function useSetCommissionRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, rate }: CommissionRateInput & { userId: string }) =>
      api<AgentCommission>(`/api/accounting/rates/${userId}`, { method: 'PUT', body: { rate } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.accounting.agents }),
  });
}
