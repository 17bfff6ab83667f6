import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '@shared/settings/schemas';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => api<Settings>('/api/settings', { signal }) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => api<Settings>('/api/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(keys.settings, saved),
  });
}
