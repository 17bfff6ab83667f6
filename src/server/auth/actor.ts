import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/users/roles.js';
import { errorBody } from '../http/errors.js';
import type { Auth } from './auth.js';

/** Who is acting: the signed-in user, and the admin behind them while switched. */
export type Actor = {
  userId: string;
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

export async function resolveActor(auth: Auth, request: FastifyRequest, reply?: FastifyReply): Promise<Actor | null> {
  if (!request.headers.cookie?.includes('torque.session_token')) return null;
  const result = await auth.api.getSession({ headers: toHeaders(request), returnHeaders: true });
  const found = result.response;
  if (!found || found.user.banned) return null;
  if (reply) forwardCookies(reply, result.headers);
  return {
    userId: found.user.id,
    role: (found.user.role ?? 'agent') as Role,
    name: found.user.name,
    email: found.user.email,
    impersonatorId: (found.session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
  };
}

/** Every /api route needs a signed-in actor unless its config says it is public. */
export function registerActor(app: FastifyInstance, auth: Auth) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.public) return;
    request.actor = await resolveActor(auth, request, reply);
    if (!request.actor) return reply.status(401).send(errorBody('UNAUTHORIZED', 'Auth session missing!'));
  });
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('actorOf called on a public route');
  return request.actor;
}
