import type { FastifyInstance } from 'fastify';
import {
  webhookEndpointInputSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookEventParams,
  webhookTriggeredSchema,
} from '../../../shared/webhooks/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';
import {
  listWebhookEndpoints,
  removeWebhookEndpoint,
  rotateWebhookSecret,
  saveWebhookEndpoint,
  triggerGmailSync,
} from './service.js';

/** The addresses Torque calls (admins set them) and the Gmail sync trigger. */
export async function webhooksRoutes(
  app: FastifyInstance,
  { database, webhooks }: { database: Database; webhooks: WebhookSender },
) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/webhooks', { schema: { response: { 200: webhookEndpointsSchema } } }, async (request) => ({
    items: await listWebhookEndpoints(db, actorOf(request)),
  }));

  r.put(
    '/api/webhooks/:event',
    { schema: { params: webhookEventParams, body: webhookEndpointInputSchema, response: { 200: webhookEndpointSchema } } },
    (request) => saveWebhookEndpoint(db, webhooks, actorOf(request), request.params.event, request.body),
  );

  r.delete('/api/webhooks/:event', { schema: { params: webhookEventParams } }, async (request, reply) => {
    await removeWebhookEndpoint(db, actorOf(request), request.params.event);
    return reply.code(204).send();
  });

  r.post(
    '/api/webhooks/:event/rotate',
    { schema: { params: webhookEventParams, response: { 200: webhookEndpointSchema } } },
    (request) => rotateWebhookSecret(db, actorOf(request), request.params.event),
  );

  r.post('/api/webhooks/sync_gmail/trigger', { schema: { response: { 200: webhookTriggeredSchema } } }, (request) =>
    triggerGmailSync(db, webhooks, actorOf(request)),
  );
}
