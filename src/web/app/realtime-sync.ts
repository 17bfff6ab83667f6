import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RealtimeArea, RealtimeMessage } from '@shared/realtime/events';
import { endSessionLocally, sessionKey, sessionSettled } from '@/features/auth/api';
import { addMessageToCache } from '@/features/chat';
import { chatApi } from '@shared/chat/api';
import { notificationsApi } from '@shared/notifications/api';
import { areaKey, call, keyOf } from '@/lib/contract';
import { sessionApi } from '@shared/auth/api';
import { connectRealtime, type RealtimeStatus } from '@/lib/realtime';
import { tellOtherTabs } from '@/lib/session-channel';
import { webAreas } from './areas';
import { notifyInfo } from '@/lib/toast';

/** What a change in an area refreshes: the queries every feature names for it (`refreshOn`). */
const refreshedBy = (area: RealtimeArea) => webAreas.flatMap((feature) => feature.refreshOn?.[area] ?? []);

const refresh = (queryClient: QueryClient, ...queryKeys: (readonly string[])[]) => {
  for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
};

function endSession(queryClient: QueryClient) {
  if (queryClient.getQueryData(sessionKey) === null) return;
  endSessionLocally(queryClient);
  tellOtherTabs('ended');
}

/**
 * The socket's session has ended. The tab may hold a newer one (the server replaces the session when two-factor
 * sign-in is turned on): then it stays; otherwise it is signed out, in every tab.
 */
async function afterSessionEnded(queryClient: QueryClient): Promise<boolean> {
  // A switch of user ends the session it replaces: its answer, with the new cookie, may still be on its way.
  await sessionSettled();
  const current = await call(sessionApi.current).catch(() => null);
  if (current) {
    queryClient.setQueryData(sessionKey, current);
    return true;
  }
  endSession(queryClient);
  return false;
}

function receive(queryClient: QueryClient, message: RealtimeMessage) {
  switch (message.type) {
    case 'message':
      addMessageToCache(queryClient, message.message);
      return refresh(queryClient, keyOf(chatApi.list), keyOf(chatApi.unreadCount));
    case 'chats':
      return refresh(queryClient, keyOf(chatApi.list), keyOf(chatApi.unreadCount), keyOf(chatApi.people));
    case 'notification':
      notifyInfo(message.notification.title, message.notification.content);
      return refresh(queryClient, areaKey(notificationsApi));
    case 'notifications':
      return refresh(queryClient, areaKey(notificationsApi));
    case 'change':
      return refresh(queryClient, ...refreshedBy(message.area));
    case 'session_changed':
      return refresh(queryClient, sessionKey);
    case 'session_ended':
      // The close that follows decides (afterSessionEnded).
      return;
    case 'ready':
      return;
  }
}

/**
 * The signed-in tab's realtime socket: messages go into their chats, notifications show a toast, other events refresh
 * the lists they concern, and the end of the session signs every tab out. Each time the socket is (re)opened, chats
 * and notifications are fetched again, so nothing sent while it was closed is missed. Returns where the socket stands.
 * A session that ended signs the tab out unless the tab already holds a newer one.
 */
export function useRealtimeSync(): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connected');
  useEffect(
    () =>
      connectRealtime({
        onReady: () => refresh(queryClient, areaKey(chatApi), areaKey(notificationsApi)),
        onMessage: (message) => receive(queryClient, message),
        onSessionEnded: () => afterSessionEnded(queryClient),
        onStatus: setStatus,
      }),
    [queryClient],
  );
  return status;
}
