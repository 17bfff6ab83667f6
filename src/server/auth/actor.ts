import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Role } from '../../shared/users/roles.js';
import { errorBody } from '../http/errors.js';
import type { AuthLoader } from './auth-loader.js';
import { SESSION_RENEW_AFTER_SECONDS, SESSION_SECONDS } from './session-config.js';

/** Who is acting: the signed-in user, and the admin behind them while switched. */
export type Actor = {
  userId: string;
  /** The session the request came with. */
  sessionId: string;
  role: Role;
  name: string;
  email: string;
  impersonatorId: string | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyRequest {
    actor: Actor | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyContextConfig {
    /** Routes are signed-in only unless they say `public: true`. */
    public?: boolean;
  }
}

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

/** The session token of a cookie better-auth signed ('token.base64(HMAC-SHA256)'), or null when forged or absent. */
export function sessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (!SESSION_COOKIES.includes(part.slice(0, eq).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = crypto.createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

export type ActorResolver = (request: FastifyRequest, reply?: FastifyReply) => Promise<Actor | null>;

/**
 * Resolves the actor of a request with one indexed query, reading the role and the ban from the database every
 * time. Once a session is due for its sliding renewal, better-auth renews it and re-issues the cookie.
 */
export function createActorResolver(auth: AuthLoader, db: Kysely<DB>, secret: string): ActorResolver {
  return async (request, reply) => {
    const token = sessionToken(request.headers.cookie, secret);
    if (!token) return null;
    const row = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('users as i', 'i.id', 's.impersonated_by')
      .select(['s.id as session_id', 's.expires_at', 's.impersonated_by', 'u.id', 'u.role', 'u.name', 'u.email', 'u.banned'])
      .select(['i.role as impersonator_role', 'i.banned as impersonator_banned'])
      .where('s.token', '=', token)
      .executeTakeFirst();
    if (!row || row.banned || row.expires_at.getTime() <= Date.now()) return null;
    // A switched session lasts only while the admin behind it is still an active admin.
    if (row.impersonated_by && (row.impersonator_role !== 'admin' || row.impersonator_banned)) return null;
    if (reply && row.expires_at.getTime() - (SESSION_SECONDS - SESSION_RENEW_AFTER_SECONDS) * 1000 <= Date.now()) {
      const renewed = await (await auth()).api.getSession({ headers: toHeaders(request), returnHeaders: true });
      forwardCookies(reply, renewed.headers);
    }
    return {
      userId: row.id,
      sessionId: row.session_id,
      role: row.role,
      name: row.name,
      email: row.email,
      impersonatorId: row.impersonated_by,
    };
  };
}

/**
 * Every /api route needs a signed-in actor unless its config says it is public. The matched route decides, not the
 * raw request line, which may be in absolute form ('GET http://host/api/...').
 */
export function registerActor(app: FastifyInstance, resolveActor: ActorResolver) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || request.routeOptions.config?.public) return;
    request.actor = await resolveActor(request, reply);
    if (!request.actor) return reply.status(401).send(errorBody('UNAUTHORIZED', 'Auth session missing!'));
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('actorOf called on a public route');
  return request.actor;
}
