import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComposeInput, emailBoxes } from '@shared/emails/schemas';
import { conversationsApi } from '@shared/conversations/api';
import { customersApi } from '@shared/customers/api';
import { emailsApi } from '@shared/emails/api';
import { areaKey, call, pagesOf, queryOf } from '@/lib/contract';

export type EmailBox = (typeof emailBoxes)[number];

export function useEmails(box: EmailBox) {
  return useInfiniteQuery(pagesOf(emailsApi.list, { query: { box, limit: 20 } }));
}

export function useEmail(id: string | null) {
  return useQuery({ ...queryOf(emailsApi.detail, { params: { id: id ?? '' } }), enabled: id !== null });
}

/** Whose the address in To is and its e-mail consent; `null` (not a full address yet) asks nothing. */
export function useEmailRecipient(address: string | null) {
  return useQuery({ ...queryOf(emailsApi.recipient, { query: { address: address ?? '' } }), enabled: address !== null });
}

export function useMarkEmailRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(emailsApi.markRead, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: areaKey(emailsApi) }),
  });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComposeInput) => call(emailsApi.send, { body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(emailsApi) });
      void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    },
  });
}

/** Files mail from an unknown address with a customer: it joins their conversation. */
export function useAssignEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, customerId }: { id: string; customerId: string }) =>
      call(emailsApi.assign, { params: { id }, body: { customer_id: customerId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(emailsApi) });
      void queryClient.invalidateQueries({ queryKey: areaKey(conversationsApi) });
      void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    },
  });
}
