import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowLeft, Building2, LogOut, Plus } from 'lucide-react';
import type { ChatSummary } from '@shared/chat/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentSession } from '@/features/auth/api';
import { AlertsList, useUnreadNotifications } from '@/features/notifications';
import { errorMessage } from '@/lib/api-client';
import { badgeText } from '@/lib/format';
import { notifyError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useChats, useLeaveChat, useUnreadMessages } from './api';
import { ChatList, chatTitle } from './chat-list';
import { ChatThread } from './chat-thread';
import { NewChatDialog, type NewChatKind } from './new-chat-dialog';
import { PeopleList } from './people-list';

const tabs = ['chats', 'users', 'alerts'] as const;
type Tab = (typeof tabs)[number];

function CountBadge({ count, cap }: { count: number | undefined; cap: number }) {
  const text = badgeText(count ?? 0, cap);
  return text ? (
    <span className="bg-destructive text-destructive-foreground ml-1.5 rounded-full px-1.5 text-xs font-semibold">
      <span className="sr-only">, unread: </span>
      {text}
    </span>
  ) : null;
}

/** Team Chat (/chat): a 600 px panel with the tabs Chats, Users and Alerts. `?chat=` opens a chat, `?tab=` a tab. */
export function ChatPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((t) => t === params.get('tab')) ?? 'chats';
  const chatId = params.get('chat');
  const unreadMessages = useUnreadMessages().data;
  const unreadAlerts = useUnreadNotifications().data;

  const show = (next: { tab?: Tab; chat?: string | null }) =>
    setParams(
      (current) => {
        const result = new URLSearchParams(current);
        if (next.tab) result.set('tab', next.tab);
        if (next.chat !== undefined) {
          if (next.chat) result.set('chat', next.chat);
          else result.delete('chat');
        }
        if (result.get('tab') === 'chats') result.delete('tab');
        return result;
      },
      { replace: next.tab === undefined },
    );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Team Chat" description="Talk with your team, one to one, in groups or company-wide." />
      <Card className="flex h-[600px] flex-col gap-0 overflow-hidden p-0">
        <Tabs value={tab} onValueChange={(value) => show({ tab: value as Tab })} className="flex min-h-0 flex-1 flex-col gap-0">
          <div className="border-b p-2">
            <TabsList>
              <TabsTrigger value="chats">
                Chats
                <CountBadge count={unreadMessages} cap={99} />
              </TabsTrigger>
              <TabsTrigger value="users">Users</TabsTrigger>
              <TabsTrigger value="alerts">
                Alerts
                <CountBadge count={unreadAlerts} cap={99} />
              </TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="chats" className="flex min-h-0 flex-1">
            <ChatsTab chatId={chatId} onSelect={(id) => show({ chat: id })} />
          </TabsContent>
          <TabsContent value="users" className="flex min-h-0 flex-1 flex-col">
            <PeopleList onOpen={(id) => show({ tab: 'chats', chat: id })} />
          </TabsContent>
          <TabsContent value="alerts" className="flex min-h-0 flex-1 flex-col">
            <AlertsList />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}

/** The chat list beside the open chat; on a phone one at a time, with a way back to the list. */
function ChatsTab({ chatId, onSelect }: { chatId: string | null; onSelect: (id: string | null) => void }) {
  const { user } = useCurrentSession();
  const chats = useChats();
  const [creating, setCreating] = useState<NewChatKind | null>(null);
  const selected = chats.data?.find((chat) => chat.id === chatId) ?? null;

  let list;
  if (chats.isError && !chats.data)
    list = <ErrorState message="Failed to load chats" error={chats.error} onRetry={() => chats.refetch()} />;
  else if (!chats.data) list = <InlineLoading message="Loading chats..." />;
  else if (chats.data.length === 0)
    list = <p className="text-muted-foreground p-6 text-center text-sm">No chats yet. Start one from the Users tab.</p>;
  else list = <ChatList chats={chats.data} myId={user.id} selectedId={chatId} onSelect={onSelect} />;

  return (
    <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)] md:grid-cols-[18rem_minmax(0,1fr)]">
      <div className={cn('flex min-h-0 flex-col border-r', selected && 'hidden md:flex')}>
        <div className="flex flex-wrap gap-2 border-b p-2">
          <Button variant="outline" size="sm" className="flex-1" onClick={() => setCreating('group')}>
            <Plus /> New group
          </Button>
          <Button variant="outline" size="sm" className="flex-1" onClick={() => setCreating('company')}>
            <Building2 /> Company chat
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
      </div>
      <div className={cn('min-h-0 flex-col', selected ? 'flex' : 'hidden md:flex')}>
        {selected ? (
          <OpenChat chat={selected} myId={user.id} onBack={() => onSelect(null)} />
        ) : (
          <p className="text-muted-foreground m-auto p-6 text-center text-sm">
            {chatId && chats.data ? 'This chat is not available to you any more.' : 'Choose a chat to read it.'}
          </p>
        )}
      </div>
      <NewChatDialog kind={creating} onClose={() => setCreating(null)} onCreated={onSelect} />
    </div>
  );
}

function OpenChat({ chat, myId, onBack }: { chat: ChatSummary; myId: string; onBack: () => void }) {
  const title = chatTitle(chat, myId);
  const leave = useLeaveChat();
  const kept = chat.type === 'company' || chat.channel !== null;
  const others = chat.participants.filter((p) => p.id !== myId).map((p) => p.name);
  return (
    <>
      <div className="flex items-center gap-2 border-b px-2 py-2">
        <Button variant="ghost" size="icon-sm" className="md:hidden" onClick={onBack} aria-label="Back to chats">
          <ArrowLeft />
        </Button>
        <div className="min-w-0 flex-1 px-1">
          <h2 className="truncate text-sm font-semibold">{title}</h2>
          <p className="text-muted-foreground truncate text-xs">
            {kept ? `Everyone (${chat.member_count})` : chat.type === 'group' ? others.join(', ') : 'Direct message'}
          </p>
        </div>
        {!kept && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              leave.mutate(
                { chatId: chat.id, userId: myId },
                {
                  onSuccess: onBack,
                  onError: (error) => notifyError('Could not leave the chat', errorMessage(error, 'Please try again.')),
                },
              )
            }
          >
            <LogOut /> Leave
          </Button>
        )}
      </div>
      <ChatThread key={chat.id} chatId={chat.id} label={title} />
    </>
  );
}
