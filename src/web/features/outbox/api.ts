import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@shared/http/paging';
import type { HeldMailDiscarded, HeldMailSent, MailStatus, OutboxItem, OutboxMessage, outboxKinds } from '@shared/outbox/types';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** The outbox, newest first, ten at a time: everything, or one kind (the webhook deliveries). */
export function useOutbox(kind?: (typeof outboxKinds)[number]) {
  return useInfiniteQuery({
    queryKey: keys.outbox.list(kind ?? 'all'),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<OutboxItem>>(`/api/outbox?${toSearchParams({ kind, limit: 10, cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: keys.outbox.message(id ?? ''),
    queryFn: ({ signal }) => api<OutboxMessage>(`/api/outbox/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Whether a mail server is set up and how much mail waits for one; admins only. */
export function useMailStatus(enabled: boolean) {
  return useQuery({
    queryKey: keys.outbox.mail,
    queryFn: ({ signal }) => api<MailStatus>('/api/outbox/mail', { signal }),
    enabled,
  });
}

/** The mail held while nothing could send it, newest first, twenty at a time; admins only. */
export function useHeldMail(enabled: boolean) {
  return useInfiniteQuery({
    enabled,
    queryKey: keys.outbox.held,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<OutboxItem>>(`/api/outbox?${toSearchParams({ kind: 'email', status: 'held', limit: 20, cursor: pageParam })}`, {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Sends or discards held mail; the outbox's lists and the banner's count are read again. */
function useHeldMailAction<T>(request: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.outbox.all }),
  });
}

export const useSendHeldMail = (id: string) =>
  useHeldMailAction(() => api<OutboxItem>(`/api/outbox/${id}/send`, { method: 'POST', body: {} }));
export const useDiscardHeldMail = (id: string) =>
  useHeldMailAction(() => api<OutboxItem>(`/api/outbox/${id}/discard`, { method: 'POST', body: {} }));
export const useSendAllHeldMail = () =>
  useHeldMailAction(() => api<HeldMailSent>('/api/outbox/held/send', { method: 'POST', body: {} }));
export const useDiscardAllHeldMail = () =>
  useHeldMailAction(() => api<HeldMailDiscarded>('/api/outbox/held/discard', { method: 'POST', body: {} }));
