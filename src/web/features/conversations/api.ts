import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inboxScopes, SendTextInput } from '@shared/conversations/types';
import type { ReplyTemplateInput } from '@shared/conversations/templates';
import type { AttachUnmatchedText, UnmatchedTextLead } from '@shared/conversations/unmatched';
import type { ComposeInput } from '@shared/emails/schemas';
import { conversationsApi } from '@shared/conversations/api';
import { customersApi } from '@shared/customers/api';
import { emailsApi } from '@shared/emails/api';
import { leadsApi } from '@shared/leads/api';
import { areaKey, call, keyOf, pagesOf, queryOf } from '@/lib/contract';

type InboxScope = (typeof inboxScopes)[number];

/** A customer's conversation, newest page first; older pages are read on demand. */
export function useConversation(customerId: string) {
  return useInfiniteQuery(pagesOf(conversationsApi.thread, { params: { id: customerId }, query: { limit: 30 } }));
}

/** What the reply box may do now: number, address, consent, texting set up, quiet hours. */
export function useConversationState(customerId: string) {
  return useQuery(queryOf(conversationsApi.state, { params: { id: customerId } }));
}

function useReply<T, R>(customerId: string, request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(conversationsApi.thread, { params: { id: customerId } }) });
      void queryClient.invalidateQueries({ queryKey: keyOf(customersApi.timeline, { params: { id: customerId } }) });
      void queryClient.invalidateQueries({ queryKey: areaKey(emailsApi) });
    },
  });
}

export const useSendText = (customerId: string) =>
  useReply(customerId, (input: SendTextInput) => call(conversationsApi.sendText, { params: { id: customerId }, body: input }));

/** An e-mail to the customer, written in the thread: Compose's own request, so its consent rules hold as they are. */
export const useSendEmailReply = (customerId: string) =>
  useReply(customerId, (input: ComposeInput) => call(emailsApi.send, { body: input }));

/** The conversations waiting for an answer, oldest first: mine, or the team's. */
export function useInbox(scope: InboxScope) {
  return useInfiniteQuery(pagesOf(conversationsApi.inbox, { query: { scope, limit: 25 } }));
}

export function useMarkConversationDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => call(conversationsApi.markDone, { params: { id: customerId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: areaKey(conversationsApi) }),
  });
}

/** Who may be given any waiting conversation: the admins and editors (beside each conversation's own agent). */
export function useInboxAssignees(enabled: boolean) {
  return useQuery({ ...queryOf(conversationsApi.assignees), enabled, staleTime: 60_000 });
}

/** Gives a waiting conversation to someone to answer (null: nobody in particular). */
export function useAssignConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, userId }: { customerId: string; userId: string | null }) =>
      call(conversationsApi.assign, { params: { id: customerId }, body: { user_id: userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: areaKey(conversationsApi) }),
  });
}

/** Every reply template, as written (Settings). */
export function useReplyTemplates() {
  return useQuery(queryOf(conversationsApi.templates));
}

/** The reply templates filled for one customer: the reply box's quick replies. */
export function useCustomerTemplates(customerId: string) {
  return useQuery({ ...queryOf(conversationsApi.customerTemplates, { params: { id: customerId } }), staleTime: 60_000 });
}

/** A template changed: the list in Settings and every customer's filled copies are read again. */
function useTemplateChange<T>(request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(conversationsApi.templates) });
      void queryClient.invalidateQueries({ queryKey: keyOf(conversationsApi.customerTemplates) });
    },
  });
}

export const useSaveReplyTemplate = () =>
  useTemplateChange(({ id, input }: { id?: string; input: ReplyTemplateInput }) =>
    id
      ? call(conversationsApi.updateTemplate, { params: { id }, body: input })
      : call(conversationsApi.createTemplate, { body: input }),
  );

export const useDeleteReplyTemplate = () =>
  useTemplateChange((id: string) => call(conversationsApi.removeTemplate, { params: { id } }));

/** Texts from numbers no customer has (admins and editors; empty for agents), newest first. */
export function useUnmatchedTexts(enabled: boolean) {
  return useInfiniteQuery({ ...pagesOf(conversationsApi.unmatched, { query: { limit: 20 } }), enabled });
}

/** After a text is filed, it leaves Unmatched and joins a customer's conversation (a new customer and lead, maybe). */
function useTextFiled() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: areaKey(conversationsApi) });
    void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    void queryClient.invalidateQueries({ queryKey: areaKey(leadsApi) });
  };
}

/** 'Create lead' from an unmatched text, through the leads' one intake. */
export function useLeadFromText() {
  const filed = useTextFiled();
  return useMutation({
    mutationFn: ({ id, ...input }: UnmatchedTextLead & { id: string }) =>
      call(conversationsApi.leadFromText, { params: { id }, body: input }),
    onSuccess: filed,
  });
}

/** 'Attach to customer': the text joins the picked customer's conversation. */
export function useAttachText() {
  const filed = useTextFiled();
  return useMutation({
    mutationFn: ({ id, ...input }: AttachUnmatchedText & { id: string }) =>
      call(conversationsApi.attachText, { params: { id }, body: input }),
    onSuccess: filed,
  });
}
