import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema } from '../../../shared/users/schemas.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { updateProfile } from './service.js';

export async function usersRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch('/api/users/me', { schema: { body: profileSchema } }, async (request) =>
    updateProfile(database.db, actorOf(request), request.body),
  );
}
