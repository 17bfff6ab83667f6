import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyContextConfig {
    /** An expensive request (a CSV export, a PDF): each user may run only a few at once. */
    heavy?: boolean;
  }
}

/** Exports and statements a user may have running at the same time in one process. */
export const HEAVY_REQUESTS_PER_USER = 2;
const RETRY_AFTER_SECONDS = 5;

/**
 * Limits the routes marked `heavy` to a few running requests per user, so one person opening fifty exports cannot
 * slow the app down for everyone. A slot is held until the response has been sent in full or the client has gone.
 */
export function registerHeavyRequestLimit(app: FastifyInstance, perUser = HEAVY_REQUESTS_PER_USER) {
  const running = new Map<string, number>();
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.heavy || !request.actor) return;
    const user = request.actor.userId;
    const count = running.get(user) ?? 0;
    if (count >= perUser) {
      throw tooManyRequests('You already have exports running. Try again when they have finished.', RETRY_AFTER_SECONDS);
    }
    running.set(user, count + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (running.get(user) ?? 1) - 1;
      if (left > 0) running.set(user, left);
      else running.delete(user);
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });
}
