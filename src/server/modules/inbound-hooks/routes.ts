import type { FastifyInstance } from 'fastify';
import { hookNameParams, hookSecretSchema, hookSecretsSchema } from '../../../shared/inbound-hooks/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import { listHookSecrets, rotateHookSecret } from './service.js';

export async function hooksRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;
  r.get('/api/settings/hooks', { schema: { response: { 200: hookSecretsSchema } } }, async (request) => ({
    items: await listHookSecrets(db, actorOf(request)),
  }));
  r.post(
    '/api/settings/hooks/:name/rotate',
    { schema: { params: hookNameParams, response: { 200: hookSecretSchema } } },
    (request) => rotateHookSecret(db, actorOf(request), request.params.name),
  );
}
