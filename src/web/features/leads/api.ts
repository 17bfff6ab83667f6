import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedLeadSource, LeadSource, LeadSourceInput } from '@shared/leads/schemas';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

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
