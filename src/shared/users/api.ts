import type { Session, SessionUser } from '../auth/sign-in.js';
import { twoFactorPasswordSchema, twoFactorVerifySchema, type TwoFactorEnrolment } from '../auth/two-factor.js';
import { defineApi, del, patch, post } from '../http/contract.js';
import { profileSchema } from './schemas.js';

/** The signed-in user's own routes: the profile and two-factor sign-in (whose changes answer a new session). */
export const usersApi = defineApi('users', {
  updateProfile: patch('/api/users/me', { body: profileSchema }).returns<SessionUser>(),
  startTwoFactor: post('/api/users/me/two-factor', { body: twoFactorPasswordSchema }).returns<TwoFactorEnrolment>(),
  confirmTwoFactor: post('/api/users/me/two-factor/verify', { body: twoFactorVerifySchema }).returns<Session>(),
  turnOffTwoFactor: del('/api/users/me/two-factor', { body: twoFactorPasswordSchema }).returns<Session>(),
});
