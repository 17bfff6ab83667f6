import type { QueryClient } from '@tanstack/react-query';
import { endSessionLocally, reloadSessionLocally, sessionKey } from '@/features/auth/api';
import { onSessionEnded, onTwoFactorRequired } from '@/lib/api-client';
import { onOtherTabs, tellOtherTabs } from '@/lib/session-channel';

/**
 * Keeps every open tab on the same session: a 401 from any request, or a sign-out in another tab, ends it here too
 * (the guards then show sign-in); a sign-in or switch elsewhere reloads it, and so does a 403 TWO_FACTOR_REQUIRED (the
 * guards then show the two-factor set-up).
 */
export function syncSession(queryClient: QueryClient) {
  onSessionEnded(() => {
    if (queryClient.getQueryData(sessionKey) === null) return;
    endSessionLocally(queryClient);
    tellOtherTabs('ended');
  });
  onTwoFactorRequired(() => void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true }));
  onOtherTabs((message) => {
    if (message === 'ended') endSessionLocally(queryClient);
    else reloadSessionLocally(queryClient);
  });
}
