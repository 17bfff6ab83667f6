import { Building2, Hash, Users } from 'lucide-react';
import type { ChatSummary } from '@shared/chat/types';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { badgeText, initials } from '@/lib/format';
import { cn } from '@/lib/utils';

/** What a chat is called for me: the other person of an individual chat, else its name. */
export function chatTitle(chat: ChatSummary, myId: string): string {
  if (chat.type !== 'individual') return chat.name;
  return chat.participants.find((person) => person.id !== myId)?.name ?? chat.name;
}

function ChatIcon({ chat, title }: { chat: ChatSummary; title: string }) {
  if (chat.type === 'individual') {
    return (
      <Avatar className="size-9">
        <AvatarFallback className="text-xs">{initials(title)}</AvatarFallback>
      </Avatar>
    );
  }
  const Icon = chat.channel ? Hash : chat.type === 'company' ? Building2 : Users;
  return (
    <span className="bg-muted flex size-9 shrink-0 items-center justify-center rounded-full">
      <Icon className="size-4" aria-hidden />
    </span>
  );
}

/** The chats of the Chats tab, most recent first, each with its last message and unread count. */
export function ChatList({
  chats,
  myId,
  selectedId,
  onSelect,
}: {
  chats: ChatSummary[];
  myId: string;
  selectedId: string | null;
  onSelect: (chatId: string) => void;
}) {
  return (
    <ul className="flex flex-col" aria-label="Chats">
      {chats.map((chat) => {
        const title = chatTitle(chat, myId);
        const unread = badgeText(chat.unread_count, 99);
        const last = chat.last_message;
        return (
          <li key={chat.id}>
            <button
              type="button"
              onClick={() => onSelect(chat.id)}
              aria-current={chat.id === selectedId ? 'true' : undefined}
              className={cn(
                'hover:bg-accent focus-visible:ring-ring flex w-full items-center gap-3 px-3 py-2.5 text-left outline-none focus-visible:ring-2',
                chat.id === selectedId && 'bg-accent',
              )}
            >
              <ChatIcon chat={chat} title={title} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{title}</span>
                <span
                  className={cn(
                    'block truncate text-xs',
                    chat.id === selectedId ? 'text-foreground/80' : 'text-muted-foreground',
                  )}
                >
                  {last ? `${last.sender_id === myId ? 'You' : last.sender_name}: ${last.content}` : 'No messages yet'}
                </span>
              </span>
              {unread && (
                <span className="bg-destructive text-destructive-foreground rounded-full px-1.5 text-xs font-semibold">
                  <span className="sr-only">Unread: </span>
                  {unread}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
