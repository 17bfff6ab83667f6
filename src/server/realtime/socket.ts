import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { REALTIME_CLOSE } from '../../shared/realtime/events.js';
import { actorOf } from '../auth/actor.js';
import { fromThisHost } from '../http/csrf.js';
import type { Realtime } from './hub.js';

/**
 * `GET /api/realtime`: one WebSocket per tab. The actor hook has already refused a request without a session (401),
 * before the upgrade; a page of another site is refused here. The browser only listens on it.
 */
export async function realtimeSocket(app: FastifyInstance, realtime: Realtime) {
  await app.register(websocket, { options: { maxPayload: 1024 } });
  // An upgrade answered with an HTTP status (401 from the actor hook, 404 for a path without a socket) is written to a
  // connection the HTTP server no longer tracks: nothing would ever close it, and it would hold a file descriptor.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') request.raw.socket.destroy();
  });
  app.get('/api/realtime', { websocket: true }, (socket, request) => {
    if (!fromThisHost(request)) {
      socket.close(REALTIME_CLOSE.forbiddenOrigin, 'Forbidden origin');
      return;
    }
    void realtime.attach(socket, actorOf(request)).catch((error) => {
      request.log.warn({ err: error }, 'A realtime socket could not be opened');
      socket.close(1011, 'Unavailable');
    });
  });
}
