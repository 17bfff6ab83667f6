import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '@shared/settings/schemas';
import { settingsApi } from '@shared/settings/api';
import { call, keyOf, queryOf } from '@/lib/contract';

export function useSettings() {
  return useQuery(queryOf(settingsApi.current));
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) => call(settingsApi.save, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(keyOf(settingsApi.current), saved),
  });
}
