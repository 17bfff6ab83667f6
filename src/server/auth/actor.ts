import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/connection.js';
import type { DB } from '../db/schema.js';
import type { Role } from '../../shared/users/roles.js';
import type { InventoryScope } from '../../shared/settings/schemas.js';
import { TWO_FACTOR_REQUIRED } from '../../shared/http/errors.js';
import { TWO_FACTOR_REQUIRED_MESSAGE, twoFactorRequired, type TwoFactorStatus } from '../../shared/auth/two-factor.js';
import { errorBody } from '../http/errors.js';
import { readCache } from '../db/read-cache.js';
import { SESSION_RENEW_AFTER_SECONDS } from './session-config.js';
import { can } from '../../shared/users/permissions.js';

/** Who is acting: the signed-in user, and the admin behind them while switched. */
export type Actor = {
  userId: string;
  /** The session the request came with. */
  sessionId: string;
  role: Role;
  name: string;
  email: string;
  impersonatorId: string | null;
  /** Whose vehicles agents see, the dealership's choice (Settings → Team), read with the session like the role. */
  inventory: InventoryScope;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyRequest {
    actor: Actor | null;
    /** Where the actor's session stands with two-factor sign-in. */
    twoFactor: TwoFactorStatus | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyContextConfig {
    /** Routes are signed-in only unless they say `public: true`. */
    public?: boolean;
    /** Reachable by a session that must still set up two-factor sign-in: the enrolment routes, and only they. */
    twoFactorSetup?: boolean;
    /** A write posted from outside Torque's pages, exempt from the CSRF header (a mail program's one-click unsubscribe). */
    crossSite?: boolean;
  }
}

/** A signed-in session: who acts, and where the session stands with two-factor sign-in. */
export type SignedIn = { actor: Actor; twoFactor: TwoFactorStatus };

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

export function forwardCookies(reply: FastifyReply, headers: Headers | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length) reply.header('set-cookie', cookies);
}

const SESSION_COOKIES = ['torque.session_token', '__Secure-torque.session_token'];
/** better-auth's cookie of a sign-in waiting for its second step (the password was right, the code comes next). */
const TWO_FACTOR_COOKIES = ['torque.two_factor', '__Secure-torque.two_factor'];

/**
 * Signed values already checked, with the secret they were checked against: every request of a signed-in browser
 * brings the same cookie, and finding it here is several times quicker than checking its signature. Only values whose
 * signature matched are kept, so a forged one is checked every time it is sent.
 */
const verified = new Map<string, { secret: string; token: string }>();
const VERIFIED_MAX = 10_000;

/** The value of a cookie better-auth signed ('value.base64(HMAC-SHA256)'), or null when forged or absent. */
function signedCookie(cookieHeader: string | undefined, names: string[], secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (!names.includes(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const known = verified.get(value);
    if (known?.secret === secret) return known.token;
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = crypto.createHmac('sha256', secret).update(token).digest();
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(value, { secret, token });
    return token;
  }
  return null;
}

/** The session token of the session cookie, or null when forged or absent. */
export function sessionToken(cookieHeader: string | undefined, secret: string): string | null {
  return signedCookie(cookieHeader, SESSION_COOKIES, secret);
}

/** The session token of a session cookie better-auth has just set on its answer. */
export function issuedSessionToken(headers: Headers, secret: string): string | null {
  return sessionToken(
    headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; '),
    secret,
  );
}

/** The identifier of the pending two-factor sign-in of this browser, or null when there is none. */
export function pendingTwoFactorId(cookieHeader: string | undefined, secret: string): string | null {
  return signedCookie(cookieHeader, TWO_FACTOR_COOKIES, secret);
}

/** The request's headers for better-auth without its session cookie, so that a code completes the pending sign-in. */
export function withoutSessionCookie(headers: Headers): Headers {
  const cookies = (headers.get('cookie') ?? '')
    .split(';')
    .filter((part) => !SESSION_COOKIES.includes(part.slice(0, part.indexOf('=')).trim()));
  const result = new Headers(headers);
  result.set('cookie', cookies.join(';'));
  return result;
}

/**
 * The session with this token, with its user, the admin behind a switch, the security setting's two-factor rule and
 * the team setting's inventory rule, in one indexed query. Each rule is read from its saved section; anything but the
 * other choice (nothing saved yet, an older release's shape) is the default: two-factor for admins only, and each
 * agent's own vehicles.
 */
function findSession(db: Kysely<DB>, token: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as i', 'i.id', 's.impersonated_by')
    .select(['s.id as session_id', 's.expires_at', 's.lifetime_seconds', 's.impersonated_by', 's.two_factor_exempt'])
    .select(['u.id', 'u.role', 'u.name', 'u.email', 'u.banned', 'u.two_factor_enabled'])
    .select(['i.role as impersonator_role', 'i.banned as impersonator_banned'])
    .select((eb) =>
      eb
        .selectFrom('settings')
        .select(sql<string | null>`value ->> 'two_factor'`.as('rule'))
        .where('key', '=', 'security')
        .as('two_factor_rule'),
    )
    .select((eb) =>
      eb
        .selectFrom('settings')
        .select(sql<string | null>`value ->> 'inventory'`.as('rule'))
        .where('key', '=', 'team')
        .as('inventory_rule'),
    )
    .where('s.token', '=', token)
    .executeTakeFirst();
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

function signedInOf(row: SessionRow): SignedIn | null {
  if (row.banned || row.expires_at.getTime() <= Date.now()) return null;
  // A switched session lasts only while the admin behind it is still an active admin.
  if (
    row.impersonated_by &&
    (!(row.impersonator_role && can({ role: row.impersonator_role }, 'switchUser')) || row.impersonator_banned)
  )
    return null;
  const required = twoFactorRequired(row.two_factor_rule === 'everyone' ? 'everyone' : 'admins', row.role);
  // A demo sign-in is exempt, and so is a switched session: the admin behind it met the rule to switch.
  const exempt = row.two_factor_exempt || row.impersonated_by !== null;
  return {
    actor: {
      userId: row.id,
      sessionId: row.session_id,
      role: row.role,
      name: row.name,
      email: row.email,
      impersonatorId: row.impersonated_by,
      inventory: row.inventory_rule === 'dealership' ? 'dealership' : 'own',
    },
    twoFactor: { enabled: row.two_factor_enabled, required, setupNeeded: required && !row.two_factor_enabled && !exempt },
  };
}

/** The signed-in session of a token better-auth has just issued (no renewal: it has just begun). */
export async function signedInByToken(db: Kysely<DB>, token: string): Promise<SignedIn | null> {
  const row = await findSession(db, token);
  return row ? signedInOf(row) : null;
}

/** The tables a session's answer is read from: a write to any of them in this process forgets every session read. */
const SESSION_TABLES = ['sessions', 'users', 'settings'];

export type ActorResolver = ((request: FastifyRequest, reply?: FastifyReply) => Promise<SignedIn | null>) & {
  /** Forgets every session read: another process has changed a session or a user. */
  forget: () => void;
};

/**
 * Resolves the actor of a request with one indexed query, reading the role, the ban and the two-factor state from the
 * database, then reusing that read for the session's next requests for up to READ_CACHE_MS (see `readCache`): any
 * write of this process to sessions, users or settings forgets every read at once, and other processes' sign-outs and
 * user changes reach `forget` through their realtime events, so a change applies at once here and within READ_CACHE_MS
 * anywhere. A session in use is renewed to its own length once SESSION_RENEW_AFTER_SECONDS of it have passed.
 */
export function createActorResolver(database: Pick<Database, 'db' | 'watchWrites'>, secret: string): ActorResolver {
  const { db } = database;
  const sessions = readCache<string, SessionRow | undefined>(database, { tables: SESSION_TABLES });

  const resolve = async (request: FastifyRequest, reply?: FastifyReply) => {
    const token = sessionToken(request.headers.cookie, secret);
    if (!token) return null;
    const row = await sessions.read(token, () => findSession(db, token));
    const signedIn = row && signedInOf(row);
    if (!row || !signedIn) return null;
    if (reply && row.expires_at.getTime() - (row.lifetime_seconds - SESSION_RENEW_AFTER_SECONDS) * 1000 <= Date.now()) {
      await db
        .updateTable('sessions')
        .set({ expires_at: sql<Date>`now() + make_interval(secs => ${row.lifetime_seconds})`, updated_at: sql<Date>`now()` })
        .where('id', '=', row.session_id)
        .execute();
    }
    return signedIn;
  };
  return Object.assign(resolve, { forget: sessions.forget });
}

/**
 * Every /api route needs a signed-in actor unless its config says it is public. The matched route decides, not the
 * raw request line, which may be in absolute form ('GET http://host/api/...'). A session that must still set up
 * two-factor sign-in reaches only the routes that say `twoFactorSetup: true`; this is the one place that rule lives.
 */
export function registerActor(app: FastifyInstance, resolveActor: ActorResolver) {
  app.decorateRequest('actor', null);
  app.decorateRequest('twoFactor', null);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || request.routeOptions.config?.public) return;
    const signedIn = await resolveActor(request, reply);
    if (!signedIn) return reply.status(401).send(errorBody('UNAUTHORIZED', 'Auth session missing!'));
    request.actor = signedIn.actor;
    request.twoFactor = signedIn.twoFactor;
    if (signedIn.twoFactor.setupNeeded && !request.routeOptions.config?.twoFactorSetup) {
      return reply.status(403).send(errorBody(TWO_FACTOR_REQUIRED, TWO_FACTOR_REQUIRED_MESSAGE));
    }
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('actorOf called on a public route');
  return request.actor;
}

export function twoFactorOf(request: FastifyRequest): TwoFactorStatus {
  if (!request.twoFactor) throw new Error('twoFactorOf called on a public route');
  return request.twoFactor;
}

/**
 * Of these sessions, the ones that still sign their user in (not ended, not expired, the user active, the admin behind
 * a switch still an active admin), each with the moment it ends and its user's role. One query, however many sessions.
 */
export async function liveSessions(db: Kysely<DB>, sessionIds: string[]): Promise<Map<string, { until: Date; role: Role }>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as i', 'i.id', 's.impersonated_by')
    .select(['s.id', 's.expires_at', 'u.role'])
    .where('s.id', 'in', sessionIds)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.banned', 'is not', true)
    .where((eb) =>
      eb.or([eb('s.impersonated_by', 'is', null), eb.and([eb('i.role', '=', 'admin'), eb('i.banned', 'is not', true)])]),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, { until: row.expires_at, role: row.role as Role }]));
}
