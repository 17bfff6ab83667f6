import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComposeInput, emailBoxes } from '@shared/emails/schemas';
import type { EmailDetail, EmailItem, EmailRecipient } from '@shared/emails/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';
import { customersApi } from '@shared/customers/api';
import { areaKey } from '@/lib/contract';

export type EmailBox = (typeof emailBoxes)[number];

export function useEmails(box: EmailBox) {
  return useInfiniteQuery({
    queryKey: keys.emails.list(box),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<EmailItem>>(`/api/emails?${toSearchParams({ box, limit: 20, cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useEmail(id: string | null) {
  return useQuery({
    queryKey: keys.emails.detail(id ?? ''),
    queryFn: ({ signal }) => api<EmailDetail>(`/api/emails/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Whose the address in To is and its e-mail consent; `null` (not a full address yet) asks nothing. */
export function useEmailRecipient(address: string | null) {
  return useQuery({
    queryKey: keys.emails.recipient(address ?? ''),
    queryFn: ({ signal }) =>
      api<EmailRecipient>(`/api/emails/recipient?${toSearchParams({ address: address ?? '' })}`, { signal }),
    enabled: address !== null,
  });
}

export function useMarkEmailRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/emails/${id}/read`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.emails.all }),
  });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComposeInput) => api<EmailItem>('/api/emails', { method: 'POST', body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.emails.all });
      void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    },
  });
}

/** Files mail from an unknown address with a customer: it joins their conversation. */
export function useAssignEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, customerId }: { id: string; customerId: string }) =>
      api<EmailItem>(`/api/emails/${id}/assign`, { method: 'POST', body: { customer_id: customerId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.emails.all });
      void queryClient.invalidateQueries({ queryKey: keys.conversations.all });
      void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    },
  });
}
