import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@shared/notifications/api';
import { areaKey, call, pagesOf, queryOf } from '@/lib/contract';

/** The signed-in user's notifications, newest first, twenty at a time; only the unread ones when asked. */
export function useNotifications(unreadOnly: boolean, enabled = true) {
  return useInfiniteQuery({
    ...pagesOf(notificationsApi.list, { query: { limit: 20, unread: unreadOnly ? 'true' : undefined } }),
    enabled,
  });
}

export function useUnreadNotifications() {
  return useQuery({ ...queryOf(notificationsApi.unreadCount), select: (data) => data.count });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(notificationsApi.markRead, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: areaKey(notificationsApi) }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsApi.markAllRead),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: areaKey(notificationsApi) }),
  });
}
