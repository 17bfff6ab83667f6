import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  isRecoveryCode,
  recoveryCodeOf,
  TWO_FACTOR_OFF_REFUSED_MESSAGE,
  type TwoFactorEnrolment,
  type TwoFactorSignInInput,
  type TwoFactorStatus,
} from '../../../shared/auth/two-factor.js';
import {
  forwardCookies,
  issuedSessionToken,
  pendingTwoFactorId,
  signedInByToken,
  toHeaders,
  withoutSessionCookie,
  type Actor,
} from '../../auth/actor.js';
import { isAuthError, type AuthLoader } from '../../auth/auth-loader.js';
import { hit } from '../../http/rate-limit.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden } from '../../http/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { authError } from './sign-in.js';
import { recordSignInSuccess, releaseSignInAttempt, reserveSignInAttempt, startSessionClock } from './service.js';

const INVALID_CODE = 'Invalid code. Enter the current code from your authenticator app.';
const signInExpired = (message = 'Your sign-in has expired. Enter your email and password again.') =>
  new AppError(401, 'TWO_FACTOR_EXPIRED', message);

/** better-auth's error code ('INVALID_CODE', …) of a two-factor failure, or null for any other error. */
const codeOf = (error: unknown) => (isAuthError(error) ? ((error.body as { code?: string } | undefined)?.code ?? null) : null);

/** The user a pending sign-in (a right password, the code still to come) belongs to, or null when it has expired. */
async function pendingSignIn(db: Kysely<DB>, request: FastifyRequest, secret: string) {
  const identifier = pendingTwoFactorId(request.headers.cookie, secret);
  if (!identifier) return null;
  const pending = await db
    .selectFrom('verifications')
    .select('value')
    .where('identifier', '=', identifier)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!pending || !/^[0-9a-f-]{36}$/i.test(pending.value)) return null;
  return (await db.selectFrom('users').select(['id', 'email']).where('id', '=', pending.value).executeTakeFirst()) ?? null;
}

/** A code from the app works once: one seen in the last two minutes (its whole time of validity) is refused. */
async function refuseReusedCode(db: Kysely<DB>, userId: string, code: string) {
  if (await hit(db, `two-factor:code:${userId}:${code}`, { max: 1, windowSeconds: 120 })) {
    throw new AppError(401, 'INVALID_CODE', 'This code has already been used. Wait for the next code in your authenticator app.');
  }
}

/**
 * Completes a sign-in with the code from the authenticator app or a recovery code, within the same limits as the
 * password (`reserveSignInAttempt`): each code counts as a sign-in attempt of the account from this address, refused
 * past the limits per address and per (account, address) and only slowed down per account, so wrong codes from other
 * addresses never refuse the owner's right one. better-auth also ends the pending sign-in after five wrong codes. The
 * session cookie is set on `reply`; the session's token.
 */
export function codeSignIn({ auth, db, secret }: TwoFactorDeps) {
  return async (request: FastifyRequest, reply: FastifyReply, input: TwoFactorSignInInput): Promise<string> => {
    const user = await pendingSignIn(db, request, secret);
    if (!user) throw signInExpired();
    await reserveSignInAttempt(db, request.ip, user.email);
    const recovery = isRecoveryCode(input.code);
    if (!recovery) await refuseReusedCode(db, user.id, input.code);
    // Without the session cookie: the code completes this browser's pending sign-in, whoever else is signed in here.
    const call = { headers: withoutSessionCookie(toHeaders(request)), returnHeaders: true } as const;
    const api = (await auth()).api;
    const trustDevice = input.trustDevice ?? false;
    const result = await (
      recovery
        ? api.verifyBackupCode({ ...call, body: { code: recoveryCodeOf(input.code), trustDevice } })
        : api.verifyTOTP({ ...call, body: { code: input.code, trustDevice } })
    ).catch((error: unknown) => {
      switch (codeOf(error)) {
        case 'INVALID_CODE':
          throw new AppError(401, 'INVALID_CODE', INVALID_CODE);
        case 'INVALID_BACKUP_CODE':
          throw new AppError(401, 'INVALID_CODE', 'Invalid recovery code. Each recovery code works once.');
        case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
          throw signInExpired('Too many wrong codes. Enter your email and password again.');
        case 'INVALID_TWO_FACTOR_COOKIE':
          throw signInExpired();
        default:
          return authError(error);
      }
    });
    forwardCookies(reply, result.headers);
    const token = result.response.token;
    if (!token) throw signInExpired();
    await startSessionClock(db, { token });
    await recordSignInSuccess(db, user.id, request.ip, user.email);
    if (recovery) {
      const signedIn = await signedInByToken(db, token);
      if (signedIn)
        await recordAudit(db, signedIn.actor, { entityType: 'user', entityId: user.id, action: 'two_factor.recovery_code_used' });
    }
    return token;
  };
}

/** What the enrolment routes hand over: better-auth, the database and the session secret. */
export type TwoFactorDeps = { auth: AuthLoader; db: Kysely<DB>; secret: string };
/** The signed-in caller changing their own two-factor sign-in. */
export type TwoFactorCaller = { request: FastifyRequest; reply: FastifyReply; actor: Actor; status: TwoFactorStatus };

/** Changing one's two-factor sign-in is for one's own session: an admin switched to an agent may not. */
function refuseSwitched(actor: Actor) {
  if (actor.impersonatorId) throw forbidden('Switch back to your own account to change two-factor sign-in.');
}

/** A password asked again, within the sign-in limits: a wrong one counts as a failed sign-in of the account. */
async function withPassword<T>(db: Kysely<DB>, { request, actor }: TwoFactorCaller, call: () => Promise<T>): Promise<T> {
  await reserveSignInAttempt(db, request.ip, actor.email);
  const result = await call().catch((error: unknown) => {
    if (codeOf(error) === 'INVALID_PASSWORD') throw badRequest('Incorrect password', { password: 'Incorrect password' });
    return authError(error);
  });
  await releaseSignInAttempt(db, request.ip, actor.email);
  return result;
}

/**
 * better-auth replaces the session when two-factor sign-in is turned on or off; the new session keeps the old one's
 * length, end and demo exemption. Read before the change, applied to the new session's token after it.
 */
async function keepSessionTerms({ db, secret }: TwoFactorDeps, actor: Actor) {
  const terms = await db
    .selectFrom('sessions')
    .select(['lifetime_seconds', 'expires_at', 'two_factor_exempt'])
    .where('id', '=', actor.sessionId)
    .executeTakeFirstOrThrow();
  return async (headers: Headers): Promise<string> => {
    const token = issuedSessionToken(headers, secret);
    if (!token) throw new Error('better-auth changed two-factor sign-in without issuing a new session');
    await db.updateTable('sessions').set(terms).where('token', '=', token).execute();
    return token;
  };
}

/** Begins enrolment: a new secret and recovery codes, waiting for the first code from the app to turn them on. */
export async function startEnrolment(
  deps: TwoFactorDeps,
  caller: TwoFactorCaller,
  password: string,
): Promise<TwoFactorEnrolment> {
  const { request, actor, status } = caller;
  refuseSwitched(actor);
  if (status.enabled) throw conflict('Two-factor sign-in is already on.');
  const enrolment = await withPassword(deps.db, caller, async () =>
    (await deps.auth()).api.enableTwoFactor({ body: { password, method: 'totp' }, headers: toHeaders(request) }),
  );
  if (enrolment.method !== 'totp') throw new Error('better-auth answered an authenticator enrolment without its secret');
  await recordAudit(deps.db, actor, { entityType: 'user', entityId: actor.userId, action: 'two_factor.setup_started' });
  const { totpURI, backupCodes } = enrolment;
  return { totpURI, secret: new URL(totpURI).searchParams.get('secret') ?? '', backupCodes };
}

/** Turns two-factor sign-in on with the first code the app shows; the token of the session that replaces the caller's. */
export async function confirmEnrolment(deps: TwoFactorDeps, caller: TwoFactorCaller, code: string) {
  const { request, reply, actor, status } = caller;
  refuseSwitched(actor);
  if (status.enabled) throw conflict('Two-factor sign-in is already on.');
  const keep = await keepSessionTerms(deps, actor);
  const result = await (
    await deps.auth()
  ).api
    .verifyTOTP({ body: { code }, headers: toHeaders(request), returnHeaders: true })
    .catch((error: unknown) => {
      if (codeOf(error) === 'INVALID_CODE') throw badRequest(INVALID_CODE, { code: INVALID_CODE });
      if (codeOf(error) === 'TOTP_NOT_ENABLED') throw conflict('No set-up is waiting for a code. Choose Set up again.');
      return authError(error);
    });
  forwardCookies(reply, result.headers);
  const token = await keep(result.headers);
  await recordAudit(deps.db, actor, { entityType: 'user', entityId: actor.userId, action: 'two_factor.enabled' });
  return token;
}

/**
 * Turns two-factor sign-in off, with the password; refused while the security settings require it for the role. The
 * token of the session that replaces the caller's.
 */
export async function turnOff(deps: TwoFactorDeps, caller: TwoFactorCaller, password: string) {
  const { request, reply, actor, status } = caller;
  refuseSwitched(actor);
  if (status.required) throw badRequest(TWO_FACTOR_OFF_REFUSED_MESSAGE);
  if (!status.enabled) throw conflict('Two-factor sign-in is not on.');
  const keep = await keepSessionTerms(deps, actor);
  const result = await withPassword(deps.db, caller, async () =>
    (await deps.auth()).api.disableTwoFactor({ body: { password }, headers: toHeaders(request), returnHeaders: true }),
  );
  forwardCookies(reply, result.headers);
  const token = await keep(result.headers);
  await recordAudit(deps.db, actor, { entityType: 'user', entityId: actor.userId, action: 'two_factor.disabled' });
  return token;
}
