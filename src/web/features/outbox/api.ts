import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/http/paging';
import type { MailStatus, OutboxItem, OutboxMessage, outboxKinds } from '@shared/outbox/types';
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
