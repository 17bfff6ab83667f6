import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DemoRole, Session, SignInInput, SignInResult } from '@shared/auth/sign-in';
import type { TwoFactorSignInInput } from '@shared/auth/two-factor';
import type { AcceptInvitationInput } from '@shared/team/schemas';
import { tellOtherTabs } from '@/lib/session-channel';
import { teamApi } from '@shared/team/api';
import { call, callWith, keyOf, queryOf } from '@/lib/contract';
import { configApi, sessionApi } from '@shared/auth/api';

export const sessionKey = keyOf(sessionApi.current);

/** Only the session itself and the public configuration outlive a change of who is signed in. */
const outlivesSession = (key: readonly unknown[]) =>
  (key[0] === sessionKey[0] && key[1] === sessionKey[1]) || key[0] === configApi.public.area;

/** The signed-in session, or null when there is none. */
export function useSession() {
  return useQuery({
    ...queryOf(sessionApi.current),
    staleTime: 60_000,
    retry: false,
  });
}

export function usePublicConfig() {
  return useQuery({ ...queryOf(configApi.public), staleTime: Infinity });
}

/** Sign-in starts clean: any previous session is ended first. */
async function signOutQuietly() {
  await call(sessionApi.signOut).catch(() => undefined);
}

/** A sign-in's answer is a session, or, for an account with two-factor sign-in on, the word that a code comes next. */
export const isSession = (result: SignInResult): result is Session => 'user' in result;

/** Starts working with the session the server has just answered: every screen's data is loaded anew for it. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.removeQueries({ predicate: (q) => !outlivesSession(q.queryKey) });
    queryClient.setQueryData(sessionKey, session);
    tellOtherTabs('changed');
  };
}

/** The sign-in or switch of user under way in this tab, if any: until it is answered, the tab's cookie may change. */
let changing: Promise<unknown> | null = null;

/**
 * Resolves once no sign-in, switch of user or change of two-factor sign-in is under way here. A request answered 401, or a socket closed, just
 * before a switch's answer came back spoke for the session the switch replaced: the session is asked for after it.
 */
export const sessionSettled = async () => {
  while (changing) await changing;
};

/**
 * Marks `answer` as a request that replaces this tab's session (a sign-in, a switch of user, a change of two-factor
 * sign-in): until it is answered, `sessionSettled` waits for it. Returns `answer`.
 */
export function replacingSession<R>(answer: Promise<R>): Promise<R> {
  const settled = answer.then(
    () => undefined,
    () => undefined,
  );
  changing = settled;
  void settled.then(() => {
    if (changing === settled) changing = null;
  });
  return answer;
}

function useSessionMutation<T, R extends SignInResult>(fn: (input: T) => Promise<R>) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (input: T) => replacingSession(fn(input)),
    onSuccess: (result) => {
      if (isSession(result)) startSession(result);
    },
  });
}

export function useSignIn() {
  return useSessionMutation(async (input: SignInInput) => {
    await signOutQuietly();
    return call(sessionApi.signIn, { body: input });
  });
}

export function useDemoSignIn() {
  return useSessionMutation(async (role: DemoRole) => {
    await signOutQuietly();
    return call(sessionApi.demoSignIn, { body: { role } });
  });
}

/** The second step of sign-in: the code from the authenticator app, or a recovery code. */
export function useTwoFactorSignIn() {
  return useSessionMutation((input: TwoFactorSignInInput) => call(sessionApi.twoFactorSignIn, { body: input }));
}

/** What an invitation link offers, before its name and password are chosen. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: keyOf(teamApi.invitation, { params: { token } }),
    queryFn: ({ signal }) => callWith(teamApi.invitation, { params: { token } }, signal),
    retry: false,
  });
}

/** Accepting an invitation creates the user and signs them in. */
export function useAcceptInvitation() {
  return useSessionMutation(async (input: AcceptInvitationInput) => {
    await signOutQuietly();
    return call(teamApi.acceptInvitation, { body: input });
  });
}

export function useSwitchUser() {
  return useSessionMutation((userId: string) => call(sessionApi.switchUser, { body: { userId } }));
}

export function useSwitchBack() {
  return useSessionMutation(() => call(sessionApi.switchBack));
}

/**
 * Forgets everything the signed-in user had loaded; the guards, which watch the session, then send the tab to
 * sign-in. The session entry itself is set to null rather than removed, so those watchers hear of it.
 */
export function endSessionLocally(queryClient: QueryClient) {
  queryClient.setQueryData(sessionKey, null);
  queryClient.removeQueries({ predicate: (q) => !outlivesSession(q.queryKey) });
}

/** Another tab signed in or switched user: the session is read again, and every screen's data with it. */
export function reloadSessionLocally(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sessionKey, exact: true });
  void queryClient.resetQueries({ predicate: (q) => !outlivesSession(q.queryKey) });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutQuietly,
    onSettled: () => {
      endSessionLocally(queryClient);
      tellOtherTabs('ended');
    },
  });
}

export function useSwitchableUsers(enabled: boolean) {
  return useQuery({
    ...queryOf(sessionApi.switchableUsers),
    enabled,
  });
}

/**
 * The session of a signed-in screen; guards make sure there is one. While signing out, a screen may render once more
 * after the session is gone and before the guard leaves it: it keeps the session it had.
 */
export function useCurrentSession(): Session {
  const { data } = useSession();
  const last = useRef(data);
  if (data) last.current = data;
  if (!last.current) throw new Error('useCurrentSession used outside a signed-in screen');
  return last.current;
}
