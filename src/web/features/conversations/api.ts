import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConversationEntry,
  ConversationState,
  InboxAssignee,
  InboxItem,
  inboxScopes,
  SendTextInput,
} from '@shared/conversations/types';
import type { ReplyTemplate, ReplyTemplateInput } from '@shared/conversations/templates';
import type { AttachUnmatchedText, FiledText, UnmatchedText, UnmatchedTextLead } from '@shared/conversations/unmatched';
import type { ComposeInput } from '@shared/emails/schemas';
import type { EmailItem } from '@shared/emails/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';
import { customersApi } from '@shared/customers/api';
import { areaKey, keyOf } from '@/lib/contract';

type InboxScope = (typeof inboxScopes)[number];

/** A customer's conversation, newest page first; older pages are read on demand. */
export function useConversation(customerId: string) {
  return useInfiniteQuery({
    queryKey: keys.conversations.thread(customerId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<ConversationEntry>>(
        `/api/customers/${customerId}/conversation?${toSearchParams({ limit: 30, cursor: pageParam })}`,
        {
          signal,
        },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** What the reply box may do now: number, address, consent, texting set up, quiet hours. */
export function useConversationState(customerId: string) {
  return useQuery({
    queryKey: keys.conversations.state(customerId),
    queryFn: ({ signal }) => api<ConversationState>(`/api/customers/${customerId}/conversation/state`, { signal }),
  });
}

function useReply<T, R>(customerId: string, request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.conversations.thread(customerId) });
      void queryClient.invalidateQueries({ queryKey: keyOf(customersApi.timeline, { params: { id: customerId } }) });
      void queryClient.invalidateQueries({ queryKey: keys.emails.all });
    },
  });
}

export const useSendText = (customerId: string) =>
  useReply(customerId, (input: SendTextInput) =>
    api<ConversationEntry>(`/api/customers/${customerId}/texts`, { method: 'POST', body: input }),
  );

/** An e-mail to the customer, written in the thread: Compose's own request, so its consent rules hold as they are. */
export const useSendEmailReply = (customerId: string) =>
  useReply(customerId, (input: ComposeInput) => api<EmailItem>('/api/emails', { method: 'POST', body: input }));

/** The conversations waiting for an answer, oldest first: mine, or the team's. */
export function useInbox(scope: InboxScope) {
  return useInfiniteQuery({
    queryKey: keys.conversations.inbox(scope),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<InboxItem>>(`/api/inbox?${toSearchParams({ scope, limit: 25, cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMarkConversationDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => api<void>(`/api/inbox/${customerId}/done`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.conversations.all }),
  });
}

/** Who may be given any waiting conversation: the admins and editors (beside each conversation's own agent). */
export function useInboxAssignees(enabled: boolean) {
  return useQuery({
    queryKey: keys.conversations.assignees,
    queryFn: ({ signal }) => api<InboxAssignee[]>('/api/inbox/assignees', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Gives a waiting conversation to someone to answer (null: nobody in particular). */
export function useAssignConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, userId }: { customerId: string; userId: string | null }) =>
      api<void>(`/api/inbox/${customerId}/assign`, { method: 'POST', body: { user_id: userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.conversations.all }),
  });
}

/** Every reply template, as written (Settings). */
export function useReplyTemplates() {
  return useQuery({
    queryKey: keys.conversations.templates,
    queryFn: ({ signal }) => api<ReplyTemplate[]>('/api/reply-templates', { signal }),
  });
}

/** The reply templates filled for one customer: the reply box's quick replies. */
export function useCustomerTemplates(customerId: string) {
  return useQuery({
    queryKey: keys.conversations.templatesFor(customerId),
    queryFn: ({ signal }) => api<ReplyTemplate[]>(`/api/customers/${customerId}/reply-templates`, { signal }),
    staleTime: 60_000,
  });
}

function useTemplateChange<T>(request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.conversations.templates }),
  });
}

export const useSaveReplyTemplate = () =>
  useTemplateChange(({ id, input }: { id?: string; input: ReplyTemplateInput }) =>
    api<ReplyTemplate>(id ? `/api/reply-templates/${id}` : '/api/reply-templates', { method: id ? 'PUT' : 'POST', body: input }),
  );

export const useDeleteReplyTemplate = () =>
  useTemplateChange((id: string) => api<void>(`/api/reply-templates/${id}`, { method: 'DELETE' }));

/** Texts from numbers no customer has (admins and editors; empty for agents), newest first. */
export function useUnmatchedTexts(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: keys.conversations.unmatched,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<UnmatchedText>>(`/api/unmatched-texts?${toSearchParams({ limit: 20, cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** After a text is filed, it leaves Unmatched and joins a customer's conversation (a new customer and lead, maybe). */
function useTextFiled() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.conversations.all });
    void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    void queryClient.invalidateQueries({ queryKey: keys.leads.all });
  };
}

/** 'Create lead' from an unmatched text, through the leads' one intake. */
export function useLeadFromText() {
  const filed = useTextFiled();
  return useMutation({
    mutationFn: ({ id, ...input }: UnmatchedTextLead & { id: string }) =>
      api<FiledText>(`/api/unmatched-texts/${id}/lead`, { method: 'POST', body: input }),
    onSuccess: filed,
  });
}

/** 'Attach to customer': the text joins the picked customer's conversation. */
export function useAttachText() {
  const filed = useTextFiled();
  return useMutation({
    mutationFn: ({ id, ...input }: AttachUnmatchedText & { id: string }) =>
      api<FiledText>(`/api/unmatched-texts/${id}/attach`, { method: 'POST', body: input }),
    onSuccess: filed,
  });
}
