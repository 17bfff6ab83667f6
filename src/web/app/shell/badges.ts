import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

const REFRESH_MS = 30_000;

export function useUnreadMessages() {
  return useQuery({
    queryKey: keys.chat.unreadCount,
    queryFn: () => api<{ count: number }>('/api/chat/unread-count'),
    refetchInterval: REFRESH_MS,
    select: (data) => data.count,
  });
}

export function useUnreadNotifications() {
  return useQuery({
    queryKey: keys.notifications.unreadCount,
    queryFn: () => api<{ count: number }>('/api/notifications/unread-count'),
    refetchInterval: REFRESH_MS,
    select: (data) => data.count,
  });
}
