import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.js';
import { currentMigration } from '../../db/migrate.js';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ok', database: database.kind, migration: await currentMigration(database.db) };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.kind, migration: null });
    }
  });
}
