import { defineApi, del, get, post } from '../http/contract.js';
import {
  demoSignInSchema,
  signInSchema,
  switchUserSchema,
  type PublicConfig,
  type Session,
  type SessionUser,
  type SignInResult,
} from './sign-in.js';
import { twoFactorSignInSchema } from './two-factor.js';

/** The session's routes: who is signed in, signing in and out, and an admin working as an agent. */
export const sessionApi = defineApi('session', {
  current: get('/api/session').returns<Session | null>(),
  signIn: post('/api/session', { body: signInSchema }).returns<SignInResult>(),
  /** Present only where the demo is on. */
  demoSignIn: post('/api/session/demo', { body: demoSignInSchema }).returns<SignInResult>(),
  twoFactorSignIn: post('/api/session/two-factor', { body: twoFactorSignInSchema }).returns<Session>(),
  signOut: del('/api/session').returns(),
  switchableUsers: get('/api/session/switchable-users').returns<SessionUser[]>(),
  switchUser: post('/api/session/switch', { body: switchUserSchema }).returns<Session>(),
  switchBack: del('/api/session/switch').returns<Session>(),
});

/** What the server tells every visitor before sign-in. */
export const configApi = defineApi('config', {
  public: get('/api/config').returns<PublicConfig>(),
});
