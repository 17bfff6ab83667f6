import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HookName } from '@shared/inbound-hooks/types';
import { hooksApi } from '@shared/inbound-hooks/api';
import { call, keyOf, queryOf } from '@/lib/contract';

export function useHookSecrets() {
  return useQuery({ ...queryOf(hooksApi.hooks), select: (data) => data.items });
}

export function useRotateHookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: HookName) => call(hooksApi.rotateHook, { params: { name } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(hooksApi.hooks) }),
  });
}
