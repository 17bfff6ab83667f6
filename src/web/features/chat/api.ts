import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ChatChannel, NewChat } from '@shared/chat/schemas';
import type { ChatMessage, MessagePage } from '@shared/chat/types';
import { chatApi } from '@shared/chat/api';
import { areaKey, call, callWith, keyOf, queryOf } from '@/lib/contract';

/** The messages of a chat as cached: pages from the newest backwards, each oldest first. */
type Messages = InfiniteData<MessagePage, string | null>;

const messagesKey = (chatId: string) => keyOf(chatApi.messages, { params: { id: chatId } });

export function useChats() {
  return useQuery({ ...queryOf(chatApi.list), select: (data) => data.items });
}

/** Everyone but me, for the Users tab and for choosing a group's members. */
export function usePeople(enabled = true) {
  return useQuery({ ...queryOf(chatApi.people), select: (data) => data.items, enabled });
}

/** A channel of the chat panel (Company, Agents, Admin): the server creates it on first use. */
export function useChannel(channel: ChatChannel, enabled = true) {
  const input = { params: { channel } };
  return useQuery({
    queryKey: keyOf(chatApi.channel, input),
    queryFn: ({ signal }) => callWith(chatApi.channel, input, signal),
    enabled,
    staleTime: Infinity,
  });
}

export function useMessages(chatId: string | null) {
  return useInfiniteQuery({
    queryKey: messagesKey(chatId ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      callWith(chatApi.messages, { params: { id: chatId ?? '' }, query: { before: pageParam } }, signal),
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
  queryClient.setQueryData<Messages>(messagesKey(message.chat_id), (data) => {
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
    mutationFn: (content: string) => call(chatApi.send, { params: { id: chatId }, body: { id: crypto.randomUUID(), content } }),
    onSuccess: ({ message }) => {
      addMessageToCache(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: keyOf(chatApi.list) });
    },
  });
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => call(chatApi.markRead, { params: { id: chatId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(chatApi.list) });
      void queryClient.invalidateQueries({ queryKey: keyOf(chatApi.unreadCount) });
    },
  });
}

export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chat: NewChat) => call(chatApi.create, { body: chat }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(chatApi.list) }),
  });
}

export function useLeaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, userId }: { chatId: string; userId: string }) =>
      call(chatApi.leave, { params: { id: chatId, userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: areaKey(chatApi) }),
  });
}

export function useUnreadMessages() {
  return useQuery({ ...queryOf(chatApi.unreadCount), select: (data) => data.count });
}
