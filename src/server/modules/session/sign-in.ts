import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { forwardCookies, toHeaders } from '../../auth/actor.js';
import { isAuthError, type AuthLoader } from '../../auth/auth-loader.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordSignInSuccess, reserveSignInAttempt } from './service.js';

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

/** Signs in with e-mail and password within the sign-in limits, setting the session cookie on `reply`; the user id. */
export function passwordSignIn(auth: AuthLoader, db: Kysely<DB>) {
  return async (request: FastifyRequest, reply: FastifyReply, email: string, password: string) => {
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
      await recordSignInSuccess(db, result.response.user.id, request.ip, email);
      return result.response.user.id;
    } catch (error) {
      authError(error);
    }
  };
}
