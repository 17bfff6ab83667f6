import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { countUnreadMessages } from './service.js';

export async function chatRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/api/chat/unread-count', async (request) => ({
    count: await countUnreadMessages(database.db, actorOf(request)),
  }));
}
