import type { FastifyInstance } from 'fastify';
import type { TypeProvider } from '../../http/serializer.js';
import { profileSchema } from '../../../shared/users/schemas.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { updateProfile } from '../../platform/users.js';

export async function usersRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  r.patch('/api/users/me', { schema: { body: profileSchema } }, async (request) =>
    updateProfile(database.db, actorOf(request), request.body),
  );
}
