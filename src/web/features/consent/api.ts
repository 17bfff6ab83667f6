import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentInput } from '@shared/consent/schemas';
import { consentApi, unsubscribeApi } from '@shared/consent/api';
import { conversationsApi } from '@shared/conversations/api';
import { customersApi } from '@shared/customers/api';
import { call, keyOf, queryOf } from '@/lib/contract';

export function useConsent(customerId: string) {
  return useQuery(queryOf(consentApi.consent, { params: { id: customerId } }));
}

export function useRecordConsent(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsentInput) => call(consentApi.recordConsent, { params: { id: customerId }, body: input }),
    onSuccess: (state) => {
      queryClient.setQueryData(keyOf(consentApi.consent, { params: { id: customerId } }), state);
      void queryClient.invalidateQueries({ queryKey: keyOf(customersApi.timeline, { params: { id: customerId } }) });
      // The conversation's reply box says what consent allows.
      void queryClient.invalidateQueries({ queryKey: keyOf(conversationsApi.state, { params: { id: customerId } }) });
    },
  });
}

export function useUnsubscribePreview(token: string) {
  return useQuery(queryOf(unsubscribeApi.preview, { params: { token } }));
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(unsubscribeApi.unsubscribe, { params: { token } }),
    onSuccess: (state) => queryClient.setQueryData(keyOf(unsubscribeApi.preview, { params: { token } }), state),
  });
}
