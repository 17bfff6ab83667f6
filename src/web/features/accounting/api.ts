import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommissionRateInput } from '@shared/accounting/schemas';
import { accountingApi } from '@shared/accounting/api';
import { call, keyOf, queryOf, urlOf } from '@/lib/contract';

export function useCommissionSummary() {
  return useQuery(queryOf(accountingApi.summary));
}

/** Commission Management (admins only: the tab is not offered to anyone else). */
export function useCommissionAgents() {
  return useQuery(queryOf(accountingApi.agents));
}

export function useCommissionDeals(params: { limit: number; cursor?: string }) {
  return useQuery({ ...queryOf(accountingApi.deals, { query: params }), placeholderData: keepPreviousData });
}

export function useCommissionReport(year: number | undefined) {
  return useQuery({ ...queryOf(accountingApi.report, { query: { year } }), placeholderData: keepPreviousData });
}

/** The CSV of a year's commissions, as a download link. */
export const commissionCsvUrl = (year: number) => urlOf(accountingApi.exportCsv, { query: { year } });

/** A new rate changes the agent's row only: completed deals keep the rate they were paid at. */
export function useSetCommissionRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, rate }: CommissionRateInput & { userId: string }) =>
      call(accountingApi.setRate, { params: { userId }, body: { rate } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyOf(accountingApi.agents) }),
  });
}
