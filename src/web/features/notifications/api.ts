import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@shared/http/paging';
import type { Notification } from '@shared/notifications/types';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** The signed-in user's notifications, newest first, twenty at a time; only the unread ones when asked. */
export function useNotifications(unreadOnly: boolean, enabled = true) {
  return useInfiniteQuery({
    queryKey: keys.notifications.list(unreadOnly),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<Notification>>(
        `/api/notifications?${toSearchParams({ limit: 20, cursor: pageParam, unread: unreadOnly ? 'true' : undefined })}`,
        {
          signal,
        },
      ),
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

export function useUnreadNotifications() {
  return useQuery({
    queryKey: keys.notifications.unreadCount,
    queryFn: ({ signal }) => api<{ count: number }>('/api/notifications/unread-count', { signal }),
    select: (data) => data.count,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.notifications.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ count: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.notifications.all }),
  });
}
