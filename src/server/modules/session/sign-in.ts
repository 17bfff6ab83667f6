import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { forwardCookies, toHeaders } from '../../auth/actor.js';
import { isAuthError, type AuthLoader } from '../../auth/auth-loader.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordPasswordStepSuccess, recordSignInSuccess, reserveSignInAttempt, startSessionClock } from './service.js';

/** Turns better-auth's errors into Torque's error shape. */
export function authError(error: unknown): never {
  if (isAuthError(error)) {
    const status = error.statusCode;
    const message = (error.body as { message?: string } | undefined)?.message ?? error.message;
    if (status === 401) throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid credentials');
    throw new AppError(status, status === 403 ? 'FORBIDDEN' : 'AUTH', message);
  }
  throw error;
}

/** A sign-in's outcome: a session (its token), or, for an account with two-factor sign-in on, a code to come. */
export type SignInOutcome = { token: string } | { twoFactor: true };

/**
 * Signs in with e-mail and password within the sign-in limits. The session cookie, or the cookie of a sign-in waiting
 * for its code, is set on `reply`.
 */
export function passwordSignIn(auth: AuthLoader, db: Kysely<DB>) {
  return async (request: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<SignInOutcome> => {
    await reserveSignInAttempt(db, request.ip, email);
    try {
      const result = await (
        await auth()
      ).api.signInEmail({
        body: { email, password, rememberMe: true },
        headers: toHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, result.headers);
      // The two-factor plugin answers a right password of an account with two-factor sign-in on in place of a session.
      if ('twoFactorRedirect' in result.response) {
        await recordPasswordStepSuccess(db, request.ip);
        return { twoFactor: true };
      }
      await startSessionClock(db, { token: result.response.token });
      await recordSignInSuccess(db, result.response.user.id, request.ip, email);
      return { token: result.response.token };
    } catch (error) {
      authError(error);
    }
  };
}
