import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { outboxKinds } from '@shared/outbox/types';
import { outboxApi } from '@shared/outbox/api';
import { areaKey, call, pagesOf, queryOf } from '@/lib/contract';

/** The outbox, newest first, ten at a time: everything, or one kind (the webhook deliveries). */
export function useOutbox(kind?: (typeof outboxKinds)[number]) {
  return useInfiniteQuery(pagesOf(outboxApi.list, { query: { kind, limit: 10 } }));
}

export function useOutboxMessage(id: string | null) {
  return useQuery({ ...queryOf(outboxApi.message, { params: { id: id ?? '' } }), enabled: id !== null });
}

/** Whether a mail server is set up and how much mail waits for one; admins only. */
export function useMailStatus(enabled: boolean) {
  return useQuery({ ...queryOf(outboxApi.mail), enabled });
}

/** The mail held while nothing could send it, newest first, twenty at a time; admins only. */
export function useHeldMail(enabled: boolean) {
  return useInfiniteQuery({ ...pagesOf(outboxApi.list, { query: { kind: 'email', status: 'held', limit: 20 } }), enabled });
}

/** Sends or discards held mail; the outbox's lists and the banner's count are read again. */
function useHeldMailAction<T>(request: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: areaKey(outboxApi) }),
  });
}

export const useSendHeldMail = (id: string) => useHeldMailAction(() => call(outboxApi.send, { params: { id }, body: {} }));
export const useDiscardHeldMail = (id: string) => useHeldMailAction(() => call(outboxApi.discard, { params: { id }, body: {} }));
export const useSendAllHeldMail = () => useHeldMailAction(() => call(outboxApi.sendHeld, { body: {} }));
export const useDiscardAllHeldMail = () => useHeldMailAction(() => call(outboxApi.discardHeld, { body: {} }));
