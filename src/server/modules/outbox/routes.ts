import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import { mailStatusSchema, outboxListQuerySchema, outboxMessageSchema, outboxPageSchema } from '../../../shared/outbox/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { Mailer } from '../../mail/mailer.js';
import { getOutboxMessage, listOutbox, mailStatus } from './service.js';

/** Mail and other outbound messages, as admins read them: what left, what waits, what failed and why. */
export async function outboxRoutes(app: FastifyInstance, { database, mailer }: { database: Database; mailer: Mailer }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/outbox', { schema: { querystring: outboxListQuerySchema, response: { 200: outboxPageSchema } } }, (request) =>
    listOutbox(db, actorOf(request), request.query),
  );

  r.get('/api/outbox/mail', { schema: { response: { 200: mailStatusSchema } } }, (request) =>
    mailStatus(db, actorOf(request), mailer),
  );

  r.get('/api/outbox/:id', { schema: { params: idParams, response: { 200: outboxMessageSchema } } }, (request) =>
    getOutboxMessage(db, actorOf(request), request.params.id),
  );
}
