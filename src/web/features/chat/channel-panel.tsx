import { useState } from 'react';
import { chatChannelLabels, chatChannels, type ChatChannel } from '@shared/chat/schemas';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentSession } from '@/features/auth/api';
import { badgeText } from '@/lib/format';
import { useChannel, useChats } from './api';
import { ChatThread } from './chat-thread';
import { can } from '@shared/users/permissions';

/** The floating panel's chat: the Company and Agents channels, and Admin for admins (spec part 1 §6). */
export function ChannelPanel() {
  const { user } = useCurrentSession();
  const channels = chatChannels.filter((channel) => channel !== 'admin' || can(user, 'adminChatChannel'));
  const [channel, setChannel] = useState<ChatChannel>('company');
  const open = useChannel(channel);
  const unread = new Map((useChats().data ?? []).filter((chat) => chat.channel).map((chat) => [chat.channel, chat.unread_count]));

  return (
    <Tabs
      value={channel}
      onValueChange={(value) => setChannel(value as ChatChannel)}
      className="flex min-h-0 flex-1 flex-col gap-0"
    >
      <div className="border-b px-2 py-1.5">
        <TabsList className="w-full">
          {channels.map((c) => (
            <TabsTrigger key={c} value={c} className="flex-1">
              {chatChannelLabels[c]}
              {badgeText(unread.get(c) ?? 0, 99) && (
                <span className="bg-destructive text-destructive-foreground ml-1 rounded-full px-1.5 text-[10px] font-semibold">
                  {badgeText(unread.get(c) ?? 0, 99)}
                </span>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      <TabsContent value={channel} className="flex min-h-0 flex-1 flex-col">
        {open.isError ? (
          <ErrorState message="Failed to open the channel" error={open.error} onRetry={() => open.refetch()} />
        ) : open.data ? (
          <ChatThread key={open.data.id} chatId={open.data.id} label={`${chatChannelLabels[channel]} channel`} />
        ) : (
          <InlineLoading message="Loading messages..." />
        )}
      </TabsContent>
    </Tabs>
  );
}
