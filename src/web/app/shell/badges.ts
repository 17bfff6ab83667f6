import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const REFRESH_MS = 30_000;

export function useUnreadMessages() {
  return useQuery({
    queryKey: ['chat', 'unread-count'],
    queryFn: () => api<{ count: number }>('/api/chat/unread-count'),
    refetchInterval: REFRESH_MS,
    select: (data) => data.count,
  });
}

export function useUnreadNotifications() {
  return useQuery({
    queryKey: ['notifications', 'unread-count'],
    queryFn: () => api<{ count: number }>('/api/notifications/unread-count'),
    refetchInterval: REFRESH_MS,
    select: (data) => data.count,
  });
}
