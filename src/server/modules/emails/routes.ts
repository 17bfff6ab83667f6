import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import {
  assignEmailSchema,
  composeSchema,
  emailListQuerySchema,
  inboundEmailSchema,
  recipientQuerySchema,
} from '../../../shared/emails/schemas.js';
import {
  emailDetailSchema,
  emailItemSchema,
  emailPageSchema,
  emailRecipientSchema,
  inboundOutcomeSchema,
} from '../../../shared/emails/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import { assertSignedHook, isRepeatedCall, signedHookRoutes } from '../../http/signed-hook.js';
import type { Mailer } from '../../mail/mailer.js';
import { hookSecret } from '../inbound-hooks/index.js';
import { leadsInMail } from '../leads/index.js';
import { assignEmail, emailRecipient, getEmail, listEmails, markEmailRead, receiveEmail, sendEmail } from './service.js';

export async function emailsRoutes(app: FastifyInstance, { database, mailer }: { database: Database; mailer: Mailer }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/emails', { schema: { querystring: emailListQuerySchema, response: { 200: emailPageSchema } } }, (request) =>
    listEmails(db, actorOf(request), request.query),
  );
  r.get(
    '/api/emails/recipient',
    { schema: { querystring: recipientQuerySchema, response: { 200: emailRecipientSchema } } },
    (request) => emailRecipient(db, actorOf(request), request.query.address),
  );
  r.post('/api/emails', { schema: { body: composeSchema, response: { 201: emailItemSchema } } }, async (request, reply) =>
    reply.status(201).send(await sendEmail(db, mailer, actorOf(request), request.body)),
  );
  r.get('/api/emails/:id', { schema: { params: idParams, response: { 200: emailDetailSchema } } }, (request) =>
    getEmail(db, actorOf(request), request.params.id),
  );
  r.post(
    '/api/emails/:id/assign',
    { schema: { params: idParams, body: assignEmailSchema, response: { 200: emailItemSchema } } },
    (request) => assignEmail(db, actorOf(request), request.params.id, request.body.customer_id),
  );
  r.post('/api/emails/:id/read', { schema: { params: idParams } }, async (request, reply) => {
    await markEmailRead(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  // The inbound-mail service posts here, signed with the 'inbound_email' secret; the signature is checked first.
  await app.register(async (hooks) => {
    signedHookRoutes(hooks, db);
    hooks.withTypeProvider<TypeProvider>().post(
      '/api/hooks/inbound-email',
      {
        config: { public: true, crossSite: true },
        preValidation: async (request) => assertSignedHook(db, request, await hookSecret(db, 'inbound_email')),
        schema: { body: inboundEmailSchema, response: { 200: inboundOutcomeSchema } },
      },
      async (request) => {
        const email = await receiveEmail(db, request.body, isRepeatedCall(request));
        // Read after the mail is kept: a retry of a post whose lead failed finds the mail and reads it again.
        return { ...email, leads: await leadsInMail(db, email.id, request.body) };
      },
    );
  });
}
