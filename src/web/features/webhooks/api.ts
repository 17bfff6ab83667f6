import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointInput, WebhookEvent } from '@shared/webhooks/types';
import { outboxApi } from '@shared/outbox/api';
import { webhooksApi } from '@shared/webhooks/api';
import { areaKey, call, queryOf } from '@/lib/contract';

/** Every event's endpoint: whether it is set, and for admins its address and secret. */
export function useWebhookEndpoints() {
  return useQuery({ ...queryOf(webhooksApi.endpoints), select: (data) => data.items });
}

function useEndpointChange<T>(request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(webhooksApi) });
      // Setting the texts' address sends the held ones: the deliveries view changes too.
      void queryClient.invalidateQueries({ queryKey: areaKey(outboxApi) });
    },
  });
}

export const useSaveWebhook = () =>
  useEndpointChange(({ event, ...input }: WebhookEndpointInput & { event: WebhookEvent }) =>
    call(webhooksApi.save, { params: { event }, body: input }),
  );

export const useRemoveWebhook = () => useEndpointChange((event: WebhookEvent) => call(webhooksApi.remove, { params: { event } }));

export const useRotateWebhookSecret = () =>
  useEndpointChange((event: WebhookEvent) => call(webhooksApi.rotateSecret, { params: { event } }));

export function useTriggerGmailSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(webhooksApi.triggerGmailSync),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: areaKey(outboxApi) }),
  });
}
