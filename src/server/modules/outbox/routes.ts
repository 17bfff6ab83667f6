import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import {
  heldMailDiscardedSchema,
  heldMailSentSchema,
  mailStatusSchema,
  outboxItemSchema,
  outboxListQuerySchema,
  outboxMessageSchema,
  outboxPageSchema,
} from '../../../shared/outbox/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  discardAllHeldMail,
  discardHeldMail,
  getOutboxMessage,
  listOutbox,
  mailStatus,
  sendAllHeldMail,
  sendHeldMail,
} from './service.js';

/**
 * Mail and other outbound messages, as admins read them: what left, what waits, what failed and why; and the mail held
 * while nothing could send it, sent or discarded once something can.
 */
export async function outboxRoutes(app: FastifyInstance, { database, mailer }: { database: Database; mailer: Mailer }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/outbox', { schema: { querystring: outboxListQuerySchema, response: { 200: outboxPageSchema } } }, (request) =>
    listOutbox(db, actorOf(request), request.query),
  );

  r.get('/api/outbox/mail', { schema: { response: { 200: mailStatusSchema } } }, (request) =>
    mailStatus(db, actorOf(request), mailer),
  );

  r.post('/api/outbox/held/send', { schema: { response: { 200: heldMailSentSchema } } }, (request) =>
    sendAllHeldMail(db, actorOf(request), mailer),
  );

  r.post('/api/outbox/held/discard', { schema: { response: { 200: heldMailDiscardedSchema } } }, (request) =>
    discardAllHeldMail(db, actorOf(request)),
  );

  r.get('/api/outbox/:id', { schema: { params: idParams, response: { 200: outboxMessageSchema } } }, (request) =>
    getOutboxMessage(db, actorOf(request), request.params.id),
  );

  r.post('/api/outbox/:id/send', { schema: { params: idParams, response: { 200: outboxItemSchema } } }, (request) =>
    sendHeldMail(db, actorOf(request), mailer, request.params.id),
  );

  r.post('/api/outbox/:id/discard', { schema: { params: idParams, response: { 200: outboxItemSchema } } }, (request) =>
    discardHeldMail(db, actorOf(request), request.params.id),
  );
}
