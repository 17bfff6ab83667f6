import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailboxInput, MailboxOwner } from '@shared/mailboxes/types';
import { conversationsApi } from '@shared/conversations/api';
import { mailboxesApi } from '@shared/mailboxes/api';
import { areaKey, call, keyOf, queryOf } from '@/lib/contract';

/** The user's own mailbox, or the company's (admins): never its password or token. */
export function useMailbox(owner: MailboxOwner) {
  return useQuery(queryOf(mailboxesApi.mailbox, { params: { owner } }));
}

function useMailboxChange<T>(owner: MailboxOwner, request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keyOf(mailboxesApi.mailbox, { params: { owner } }) });
      // The reply box says which mailbox an e-mail leaves from.
      void queryClient.invalidateQueries({ queryKey: areaKey(conversationsApi) });
    },
  });
}

export const useSaveMailbox = (owner: MailboxOwner) =>
  useMailboxChange(owner, (input: MailboxInput) => call(mailboxesApi.save, { params: { owner }, body: input }));

export const useRemoveMailbox = (owner: MailboxOwner) =>
  useMailboxChange(owner, () => call(mailboxesApi.remove, { params: { owner } }));
