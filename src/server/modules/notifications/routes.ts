import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import { countSchema } from '../../../shared/chat/types.js';
import { notificationPageSchema, notificationsQuerySchema } from '../../../shared/notifications/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import { countUnreadNotifications, listNotifications, markAllRead, markRead } from '../../platform/notifications.js';

export async function notificationsRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get(
    '/api/notifications',
    { schema: { querystring: notificationsQuerySchema, response: { 200: notificationPageSchema } } },
    (request) => listNotifications(db, actorOf(request), request.query),
  );
  r.get('/api/notifications/unread-count', { schema: { response: { 200: countSchema } } }, async (request) => ({
    count: await countUnreadNotifications(db, actorOf(request)),
  }));
  r.post('/api/notifications/:id/read', { schema: { params: idParams } }, async (request, reply) => {
    await markRead(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
  r.post('/api/notifications/read-all', { schema: { response: { 200: countSchema } } }, async (request) => ({
    count: await markAllRead(db, actorOf(request)),
  }));
}
