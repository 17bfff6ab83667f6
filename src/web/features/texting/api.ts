import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TextingProvider, TwilioInput } from '@shared/texting/types';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** The texting provider (admins): the Twilio account, never its token, and the addresses to give Twilio. */
export function useTextingProvider() {
  return useQuery({
    queryKey: keys.texting,
    queryFn: ({ signal }) => api<TextingProvider>('/api/texting/provider', { signal }),
  });
}

function useProviderChange<T>(request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.texting });
      // Setting a provider sends the held texts: the outbox changes too.
      void queryClient.invalidateQueries({ queryKey: keys.outbox.all });
    },
  });
}

export const useSaveTwilio = () =>
  useProviderChange((input: TwilioInput) => api<TextingProvider>('/api/texting/provider', { method: 'PUT', body: input }));

export const useRemoveTextingProvider = () => useProviderChange(() => api<void>('/api/texting/provider', { method: 'DELETE' }));
