import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HookName, HookSecret } from '@shared/hooks/types';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useHookSecrets() {
  return useQuery({
    queryKey: keys.hooks,
    queryFn: ({ signal }) => api<{ items: HookSecret[] }>('/api/settings/hooks', { signal }),
    select: (data) => data.items,
  });
}

export function useRotateHookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: HookName) => api<HookSecret>(`/api/settings/hooks/${name}/rotate`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.hooks }),
  });
}
