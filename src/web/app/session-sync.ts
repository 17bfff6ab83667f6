import type { QueryClient } from '@tanstack/react-query';
import { endSessionLocally, reloadSessionLocally, sessionKey } from '@/features/auth/api';
import { onSessionEnded } from '@/lib/api-client';
import { onOtherTabs, tellOtherTabs } from '@/lib/session-channel';

/**
 * Keeps every open tab on the same session: a 401 from any request, or a sign-out in another tab, ends it here too
 * (the guards then show sign-in); a sign-in or switch elsewhere reloads it.
 */
export function syncSession(queryClient: QueryClient) {
  onSessionEnded(() => {
    if (queryClient.getQueryData(sessionKey) === null) return;
    endSessionLocally(queryClient);
    tellOtherTabs('ended');
  });
  onOtherTabs((message) => {
    if (message === 'ended') endSessionLocally(queryClient);
    else reloadSessionLocally(queryClient);
  });
}
