import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealWorksheet } from '@shared/desking/types';
import type { WorksheetSave } from '@shared/desking/worksheet';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useWorksheet(dealId: string) {
  return useQuery({
    queryKey: keys.deals.worksheet(dealId),
    queryFn: ({ signal }) => api<DealWorksheet>(`/api/deals/${dealId}/worksheet`, { signal }),
    retry: false,
  });
}

export function useSaveWorksheet(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: WorksheetSave) => api<DealWorksheet>(`/api/deals/${dealId}/worksheet`, { method: 'PUT', body: save }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(keys.deals.worksheet(dealId), saved);
      await queryClient.invalidateQueries({ queryKey: keys.deals.timeline(dealId) });
    },
  });
}
