import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@shared/auth/sign-in';
import type { TwoFactorPasswordInput, TwoFactorVerifyInput } from '@shared/auth/two-factor';
import { usersApi } from '@shared/users/api';
import { replacingSession, sessionKey } from '@/features/auth/api';
import { call } from '@/lib/contract';

/** Keeps the session the server answered after a change of two-factor sign-in (it replaces the session). */
export function useKeepSession() {
  const queryClient = useQueryClient();
  return (session: Session) => queryClient.setQueryData(sessionKey, session);
}

/** Begins enrolment with the password: the app's setup link, its secret and the recovery codes. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (input: TwoFactorPasswordInput) => call(usersApi.startTwoFactor, { body: input }),
  });
}

/** Turns two-factor sign-in on with the first code from the app; the caller keeps the new session when it is ready. */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (input: TwoFactorVerifyInput) => replacingSession(call(usersApi.confirmTwoFactor, { body: input })),
  });
}

export function useTurnOffTwoFactor() {
  const keepSession = useKeepSession();
  return useMutation({
    mutationFn: (input: TwoFactorPasswordInput) => replacingSession(call(usersApi.turnOffTwoFactor, { body: input })),
    onSuccess: keepSession,
  });
}
