import type { FastifyInstance } from 'fastify';
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
    const origin = request.headers.origin;
    const sameOrigin = !origin || safeHost(origin) === request.headers.host;
    if (request.headers[CSRF_HEADER] !== CSRF_VALUE || !sameOrigin) {
      return reply.status(403).send(errorBody('CSRF', 'This request did not come from a Torque page and was refused.'));
    }
  });
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
