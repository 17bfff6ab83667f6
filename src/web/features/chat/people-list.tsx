import { MessageSquare } from 'lucide-react';
import { roleLabels } from '@shared/users/roles';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { initials } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useChats, useCreateChat, usePeople } from './api';

/** The Users tab: everyone but me; Message opens our chat, creating it the first time ('Chat Created'). */
export function PeopleList({ onOpen }: { onOpen: (chatId: string) => void }) {
  const people = usePeople();
  const chats = useChats();
  const create = useCreateChat();
  const message = (id: string) => {
    const existing = chats.data?.find((chat) => chat.type === 'individual' && chat.participants.some((p) => p.id === id));
    if (existing) return onOpen(existing.id);
    create.mutate(
      { type: 'individual', user_ids: [id] },
      {
        onSuccess: (chat) => {
          notifySuccess('Chat Created', chat.name);
          onOpen(chat.id);
        },
        onError: (error) => notifyError('Failed to create chat', errorMessage(error, 'Please try again.')),
      },
    );
  };

  if (people.isError) return <ErrorState message="Failed to load users" error={people.error} onRetry={() => people.refetch()} />;
  if (!people.data) return <InlineLoading message="Loading users..." />;
  if (people.data.length === 0)
    return <p className="text-muted-foreground py-10 text-center text-sm">No one else has joined yet.</p>;
  return (
    <ul className="min-h-0 flex-1 divide-y overflow-y-auto" aria-label="Users">
      {people.data.map((person) => (
        <li key={person.id} className="flex items-center gap-3 px-3 py-2.5">
          <Avatar className="size-9">
            <AvatarFallback className="text-xs">{initials(person.name)}</AvatarFallback>
          </Avatar>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium">{person.name}</span>
            <span className="text-muted-foreground block truncate text-xs">{person.email}</span>
          </span>
          <Badge variant="outline" className="hidden sm:inline-flex">
            {roleLabels[person.role]}
          </Badge>
          <Button
            variant="outline"
            size="sm"
            onClick={() => message(person.id)}
            disabled={create.isPending}
            aria-label={`Message ${person.name}`}
          >
            <MessageSquare /> Message
          </Button>
        </li>
      ))}
    </ul>
  );
}
