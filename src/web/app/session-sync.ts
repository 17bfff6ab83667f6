import type { QueryClient } from '@tanstack/react-query';
import { endSessionLocally, reloadSessionLocally, sessionKey, sessionSettled } from '@/features/auth/api';
import { onSessionEnded, onTwoFactorRequired } from '@/lib/api-client';
import { call } from '@/lib/contract';
import { sessionApi } from '@shared/auth/api';
import { onOtherTabs, tellOtherTabs } from '@/lib/session-channel';

/**
 * Keeps every open tab on the same session: a 401 from any request (once the session is confirmed gone), or a
 * sign-out in another tab, ends it here too (the guards then show sign-in); a sign-in or switch elsewhere reloads it,
 * and so does a 403 TWO_FACTOR_REQUIRED (the guards then show the two-factor set-up).
 */
export function syncSession(queryClient: QueryClient) {
  const end = () => {
    endSessionLocally(queryClient);
    tellOtherTabs('ended');
  };
  let confirming = false;
  onSessionEnded(() => {
    if (queryClient.getQueryData(sessionKey) === null || confirming) return;
    // A 401 can answer a request sent just before a switch of user or a sign-in changed this tab's cookie: the session
    // is asked for once more, once any such change has been answered, and ended only when there is none.
    confirming = true;
    sessionSettled()
      .then(() => call(sessionApi.current))
      .then((session) => (session ? undefined : end()), end)
      .finally(() => (confirming = false));
  });
  onTwoFactorRequired(() => void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true }));
  onOtherTabs((message) => {
    if (message === 'ended') endSessionLocally(queryClient);
    else reloadSessionLocally(queryClient);
  });
}
