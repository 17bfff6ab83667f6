import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_VALUE } from '../../shared/http/errors.js';
import { errorBody } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must carry Torque's own header, which another site cannot set without a CORS
 * preflight we never grant, and, when the browser names an origin, come from this host.
 */
export function registerCsrfProtection(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (SAFE_METHODS.has(request.method) || (route && !route.startsWith('/api/'))) return;
    // A route meant to be posted from outside Torque says so (the one-click unsubscribe of a mail program).
    if (request.routeOptions.config.crossSite) return;
    if (request.headers[CSRF_HEADER] !== CSRF_VALUE || !fromThisHost(request)) {
      return reply.status(403).send(errorBody('CSRF', 'This request did not come from a Torque page and was refused.'));
    }
  });
}

/** True unless the browser names an origin other than this host (a page of another site opening a socket, say). */
export function fromThisHost(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return !origin || safeHost(origin) === request.headers.host;
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
