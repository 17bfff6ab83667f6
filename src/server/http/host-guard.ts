import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { errorBody } from './errors.js';

/** The names a browser on this machine reaches Torque by. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host names requests may be addressed to while demo sign-in is on; null when any will do. */
function allowedHostNames(config: Pick<Config, 'demo' | 'hostChosen' | 'publicUrl'>): Set<string> | null {
  if (!config.demo) return null;
  const names = new Set(LOOPBACK_NAMES);
  if (config.hostChosen && config.publicUrl) names.add(new URL(config.publicUrl).hostname.toLowerCase());
  return names;
}

/** The name part of a Host header ('[::1]' for '[::1]:3000'), lower case; null for one that is not a host. */
function hostNameOf(host: string | undefined): string | null {
  if (!host || !/^[^\s/?#@\\]+$/.test(host)) return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * While demo sign-in is on, whoever reaches Torque becomes an admin, so every request must be addressed to this
 * machine by name: a page of another site whose name its DNS turns into 127.0.0.1 (DNS rebinding) sends its own
 * name as Host, and is refused before any route, the socket and the web app included. With HOST set, the name in
 * PUBLIC_URL is the operator's and is answered too.
 */
export function registerHostGuard(app: FastifyInstance, config: Config) {
  const allowed = allowedHostNames(config);
  if (!allowed) return;
  const names = [...allowed].join(', ');
  app.addHook('onRequest', async (request, reply) => {
    const name = hostNameOf(request.host);
    if (name && allowed.has(name)) return;
    return reply
      .status(403)
      .send(
        errorBody(
          'FORBIDDEN_HOST',
          `While demo sign-in is on, Torque answers only requests addressed to ${names}. ` +
            'To open it under another name, set HOST and PUBLIC_URL, or turn the demo off (DEMO=0 or ADMIN_EMAIL).',
        ),
      );
  });
}
