import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwilioInput } from '@shared/texting/types';
import { outboxApi } from '@shared/outbox/api';
import { textingApi } from '@shared/texting/api';
import { areaKey, call, queryOf } from '@/lib/contract';

/** The texting provider (admins): the Twilio account, never its token, and the addresses to give Twilio. */
export function useTextingProvider() {
  return useQuery(queryOf(textingApi.provider));
}

function useProviderChange<T>(request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(textingApi) });
      // Setting a provider sends the held texts: the outbox changes too.
      void queryClient.invalidateQueries({ queryKey: areaKey(outboxApi) });
    },
  });
}

export const useSaveTwilio = () => useProviderChange((input: TwilioInput) => call(textingApi.saveTwilio, { body: input }));

export const useRemoveTextingProvider = () => useProviderChange(() => call(textingApi.removeProvider));
