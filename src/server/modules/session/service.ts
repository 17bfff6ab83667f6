import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DemoRole, Session } from '../../../shared/auth/sign-in.js';
import { AppError, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import { requireRole } from '../../auth/scope.js';
import { getSessionUser } from '../../platform/users.js';
import { getSetting } from '../../platform/settings.js';
import { signedInByToken, type Actor, type SignedIn } from '../../auth/actor.js';
import { companyTimeZone } from '../../platform/time.js';
import { accountDelaySeconds, clear, count, giveBack, hit, signInLimits } from '../../http/rate-limit.js';
import { can } from '../../../shared/users/permissions.js';

export const demoAccounts: Record<DemoRole, string> = {
  admin: 'admin@torque.demo',
  agent: 'emma.carter@torque.demo',
};

/**
 * Demo passwords are derived from the session secret: every process of one installation agrees on them, they
 * never reach the browser, and nobody can sign in as a demo user through the password form without the secret.
 */
export function demoPassword(secret: string, email: string): string {
  return crypto.createHmac('sha256', secret).update(`demo:${email}`).digest('base64url');
}

function tooManyAttempts(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
}

/**
 * Counts a sign-in attempt as a failure before the password is checked: refused when this address, or this address
 * on this account, has used up its failures; slowed down when the account has many failures from anywhere. A
 * successful sign-in gives its counts back, so a busy office behind one address is never locked out by its own
 * sign-ins, and the owner's right password is never refused because of someone else's guesses.
 */
export async function reserveSignInAttempt(db: Kysely<DB>, address: string, email: string) {
  const addressWait = await hit(db, addressKey(address), signInLimits.perAddress);
  if (addressWait) throw tooManyAttempts(addressWait);
  const pairWait = await hit(db, pairKey(email, address), signInLimits.perAccountAndAddress);
  if (pairWait) throw tooManyAttempts(pairWait);
  const account = await count(db, accountKey(email), signInLimits.perAccount.windowSeconds);
  const delay = accountDelaySeconds(account.count);
  if (delay) await sleep(delay * 1000);
}

export async function recordSignInSuccess(db: Kysely<DB>, userId: string, address: string, email: string) {
  await releaseSignInAttempt(db, address, email);
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
}

/** Gives back the counts of an attempt whose password (or code) was right. */
export async function releaseSignInAttempt(db: Kysely<DB>, address: string, email: string) {
  await giveBack(db, addressKey(address));
  await clear(db, [pairKey(email, address), accountKey(email)]);
}

/**
 * A right password whose code is still to come gives back only its count on the address, so that a busy office is
 * not slowed by its own sign-ins; the account's counts stay until the code is right, so entering the password again
 * does not buy more guesses at the code.
 */
export async function recordPasswordStepSuccess(db: Kysely<DB>, address: string) {
  await giveBack(db, addressKey(address));
}

const normalized = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `sign-in:account:${normalized(email)}`;
const pairKey = (email: string, address: string) => `sign-in:account-address:${normalized(email)}:${address}`;
const addressKey = (address: string) => `sign-in:address:${address}`;

/** The session as the browser is told of it. */
export async function describeSession(db: Kysely<DB>, { actor, twoFactor }: SignedIn): Promise<Session> {
  const user = { id: actor.userId, name: actor.name, email: actor.email, role: actor.role };
  const [impersonator, timeZone] = await Promise.all([impersonatorOf(db, actor.impersonatorId), companyTimeZone(db)]);
  return { user, impersonator, twoFactor, timeZone };
}

/** The session better-auth has just issued with this token, as the browser is told of it. */
export async function describeIssuedSession(db: Kysely<DB>, token: string): Promise<Session> {
  const signedIn = await signedInByToken(db, token);
  if (!signedIn) throw new AppError(401, 'UNAUTHORIZED', 'Auth session missing!');
  return describeSession(db, signedIn);
}

const impersonatorOf = async (db: Kysely<DB>, id: string | null) => (id ? ((await getSessionUser(db, id)) ?? null) : null);

/** Only an admin, not already switched, may switch; and only to an active agent. */
export async function checkSwitchTarget(db: Kysely<DB>, actor: Actor, userId: string) {
  requireRole(actor, 'admin');
  if (actor.impersonatorId) throw forbidden('Switch back to your own account to switch to another user');
  const target = await db.selectFrom('users').select(['id', 'role', 'banned']).where('id', '=', userId).executeTakeFirst();
  if (!target || !can(target, 'beSwitchedTo') || target.banned) throw notFound('Agent');
}

/** Links a switched session to the admin's own session it was started from, so that ending one ends both. */
export async function rememberSwitchOrigin(db: Kysely<DB>, switchedSessionId: string, originSessionId: string) {
  await db.updateTable('sessions').set({ switched_from: originSessionId }).where('id', '=', switchedSessionId).execute();
}

/** Ends the admin's own session a switched session came from; the switched session goes with it. */
export async function endSwitchOrigin(db: Kysely<DB>, switchedSessionId: string) {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('id', '=', eb.selectFrom('sessions').select('switched_from').where('id', '=', switchedSessionId)),
        eb('id', '=', switchedSessionId),
      ]),
    )
    .execute();
}

/**
 * Gives a session that has just begun the length the security settings say now (`session_hours`); it keeps that
 * length, renewed while in use, even if the setting changes later.
 */
export async function startSessionClock(db: Kysely<DB>, session: { token: string } | { id: string }) {
  const { session_hours } = await getSetting(db, 'security');
  const seconds = session_hours * 60 * 60;
  const update = db
    .updateTable('sessions')
    .set({ lifetime_seconds: seconds, expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` });
  await ('token' in session ? update.where('token', '=', session.token) : update.where('id', '=', session.id)).execute();
}

/** A demo sign-in needs no second factor: it is reachable only on the machine running the embedded demo. */
export async function exemptFromTwoFactor(db: Kysely<DB>, token: string) {
  await db.updateTable('sessions').set({ two_factor_exempt: true }).where('token', '=', token).execute();
}
