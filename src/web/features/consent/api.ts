import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentInput } from '@shared/consent/schemas';
import type { ConsentState } from '@shared/consent/types';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';
import { customersApi } from '@shared/customers/api';
import { keyOf } from '@/lib/contract';

export function useConsent(customerId: string) {
  return useQuery({
    queryKey: keys.customerConsent(customerId),
    queryFn: ({ signal }) => api<ConsentState>(`/api/customers/${customerId}/consent`, { signal }),
  });
}

export function useRecordConsent(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentInput) =>
      api<ConsentState>(`/api/customers/${customerId}/consent`, { method: 'POST', body: input }),
    onSuccess: (state) => {
      queryClient.setQueryData(keys.customerConsent(customerId), state);
      void queryClient.invalidateQueries({ queryKey: keyOf(customersApi.timeline, { params: { id: customerId } }) });
      // The conversation's reply box says what consent allows.
      void queryClient.invalidateQueries({ queryKey: keys.conversations.state(customerId) });
    },
  });
}

export type UnsubscribeState = { company: string; channel: 'email' | 'sms'; unsubscribed: boolean };

export function useUnsubscribePreview(token: string) {
  return useQuery({
    queryKey: keys.unsubscribe(token),
    queryFn: ({ signal }) => api<UnsubscribeState>(`/api/unsubscribe/${encodeURIComponent(token)}`, { signal }),
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnsubscribeState>(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' }),
    onSuccess: (state) => queryClient.setQueryData(keys.unsubscribe(token), state),
  });
}
