import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { countUnreadNotifications } from './service.js';

export async function notificationsRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/api/notifications/unread-count', async (request) => ({
    count: await countUnreadNotifications(database.db, actorOf(request)),
  }));
}
