import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ChatChannel, NewChat } from '@shared/chat/schemas';
import type { ChatMessage, ChatPerson, ChatSummary, MessagePage } from '@shared/chat/types';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** The messages of a chat as cached: pages from the newest backwards, each oldest first. */
type Messages = InfiniteData<MessagePage, string | null>;

export function useChats() {
  return useQuery({
    queryKey: keys.chat.list,
    queryFn: ({ signal }) => api<{ items: ChatSummary[] }>('/api/chat/chats', { signal }),
    select: (data) => data.items,
  });
}

/** Everyone but me, for the Users tab and for choosing a group's members. */
export function usePeople(enabled = true) {
  return useQuery({
    queryKey: keys.chat.people,
    queryFn: ({ signal }) => api<{ items: ChatPerson[] }>('/api/chat/people', { signal }),
    select: (data) => data.items,
    enabled,
  });
}

/** A channel of the chat panel (Company, Agents, Admin): the server creates it on first use. */
export function useChannel(channel: ChatChannel, enabled = true) {
  return useQuery({
    queryKey: keys.chat.channel(channel),
    queryFn: ({ signal }) => api<ChatSummary>(`/api/chat/channels/${channel}`, { method: 'POST', signal }),
    enabled,
    staleTime: Infinity,
  });
}

export function useMessages(chatId: string | null) {
  return useInfiniteQuery({
    queryKey: keys.chat.messages(chatId ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<MessagePage>(`/api/chat/chats/${chatId}/messages?${toSearchParams({ before: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.older,
    enabled: chatId !== null,
  });
}

/** Every loaded message of a chat, oldest first. */
export const messagesOf = (data: InfiniteData<MessagePage, unknown> | undefined): ChatMessage[] =>
  data ? [...data.pages].reverse().flatMap((page) => page.items) : [];

/**
 * Puts a message into its chat's cached history, once: the sender's own copy (added when sent) and the one the socket
 * brings carry the same id, and a message already there is never added again.
 */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<Messages>(keys.chat.messages(message.chat_id), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    const items = [...newest!.items, message].sort((a, b) => a.created_at.localeCompare(b.created_at));
    return { ...data, pages: [{ ...newest!, items }, ...older] };
  });
}

export function useSendMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api<{ message: ChatMessage }>(`/api/chat/chats/${chatId}/messages`, {
        method: 'POST',
        body: { id: crypto.randomUUID(), content },
      }),
    onSuccess: ({ message }) => {
      addMessageToCache(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: keys.chat.list });
    },
  });
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => api<void>(`/api/chat/chats/${chatId}/read`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.chat.list });
      void queryClient.invalidateQueries({ queryKey: keys.chat.unreadCount });
    },
  });
}

export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chat: NewChat) => api<ChatSummary>('/api/chat/chats', { method: 'POST', body: chat }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.chat.list }),
  });
}

export function useLeaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, userId }: { chatId: string; userId: string }) =>
      api<void>(`/api/chat/chats/${chatId}/participants/${userId}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.chat.all }),
  });
}

export function useUnreadMessages() {
  return useQuery({
    queryKey: keys.chat.unreadCount,
    queryFn: ({ signal }) => api<{ count: number }>('/api/chat/unread-count', { signal }),
    select: (data) => data.count,
  });
}
