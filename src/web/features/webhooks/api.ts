import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookEndpointInput, WebhookEvent } from '@shared/webhooks/types';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** Every event's endpoint: whether it is set, and for admins its address and secret. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: keys.webhooks,
    queryFn: ({ signal }) => api<{ items: WebhookEndpoint[] }>('/api/webhooks', { signal }),
    select: (data) => data.items,
  });
}

function useEndpointChange<T>(request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.webhooks });
      // Setting the texts' address sends the held ones: the deliveries view changes too.
      void queryClient.invalidateQueries({ queryKey: keys.outbox.all });
    },
  });
}

export const useSaveWebhook = () =>
  useEndpointChange(({ event, ...input }: WebhookEndpointInput & { event: WebhookEvent }) =>
    api<WebhookEndpoint>(`/api/webhooks/${event}`, { method: 'PUT', body: input }),
  );

export const useRemoveWebhook = () =>
  useEndpointChange((event: WebhookEvent) => api<void>(`/api/webhooks/${event}`, { method: 'DELETE' }));

export const useRotateWebhookSecret = () =>
  useEndpointChange((event: WebhookEvent) => api<WebhookEndpoint>(`/api/webhooks/${event}/rotate`, { method: 'POST' }));

export function useTriggerGmailSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ delivery_id: string }>('/api/webhooks/sync_gmail/trigger', { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.outbox.all }),
  });
}
