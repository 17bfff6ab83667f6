import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailboxAnswer, MailboxInput, MailboxOwner } from '@shared/mailboxes/types';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** The user's own mailbox, or the company's (admins): never its password or token. */
export function useMailbox(owner: MailboxOwner) {
  return useQuery({
    queryKey: keys.mailboxes.of(owner),
    queryFn: ({ signal }) => api<MailboxAnswer>(`/api/mailboxes/${owner}`, { signal }),
  });
}

function useMailboxChange<T>(owner: MailboxOwner, request: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.mailboxes.of(owner) });
      // The reply box says which mailbox an e-mail leaves from.
      void queryClient.invalidateQueries({ queryKey: keys.conversations.all });
    },
  });
}

export const useSaveMailbox = (owner: MailboxOwner) =>
  useMailboxChange(owner, (input: MailboxInput) => api<MailboxAnswer>(`/api/mailboxes/${owner}`, { method: 'PUT', body: input }));

export const useRemoveMailbox = (owner: MailboxOwner) =>
  useMailboxChange(owner, () => api<void>(`/api/mailboxes/${owner}`, { method: 'DELETE' }));
