import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, text } from '../../../shared/common/fields.js';
import { consentChannels, consentInputSchema } from '../../../shared/consent/schemas.js';
import { consentStateSchema } from '../../../shared/consent/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import { consentOf, recordConsent } from './service.js';
import { previewUnsubscribe, unsubscribe } from './unsubscribe.js';
import { receiveSmsReply } from './sms-replies.js';
import { smsReplyOutcomeSchema, smsReplySchema } from '../../../shared/consent/sms-hook.js';
import { assertSignedHook, isRepeatedCall, signedHookRoutes } from '../../http/signed-hook.js';
import { hookSecret } from '../inbound-hooks/index.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';

const tokenParams = z.object({ token: text(200) });
const unsubscribeStateSchema = z.object({ company: z.string(), channel: z.enum(consentChannels), unsubscribed: z.boolean() });

export async function consentRoutes(
  app: FastifyInstance,
  { database, secret, webhooks }: { database: Database; secret: string; webhooks: WebhookSender },
) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  // The customer's own link. Mail programs post the one-click unsubscribe of RFC 8058 from outside any Torque page,
  // as a form ('List-Unsubscribe=One-Click'): that request alone is let through without Torque's CSRF header. It can
  // only withdraw consent, for the customer whose signed token it carries.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    const h = hooks.withTypeProvider<TypeProvider>();
    h.get(
      '/api/unsubscribe/:token',
      { config: { public: true }, schema: { params: tokenParams, response: { 200: unsubscribeStateSchema } } },
      (request) => previewUnsubscribe(db, secret, request.params.token),
    );
    h.post(
      '/api/unsubscribe/:token',
      { config: { public: true, crossSite: true }, schema: { params: tokenParams, response: { 200: unsubscribeStateSchema } } },
      (request) => unsubscribe(db, secret, request.params.token),
    );
  });

  // The SMS provider posts replies here, signed with the 'sms' secret (Settings → Inbound webhooks); the signature is
  // checked before anything else is read.
  await app.register(async (hooks) => {
    signedHookRoutes(hooks, db);
    hooks.withTypeProvider<TypeProvider>().post(
      '/api/hooks/sms',
      {
        config: { public: true, crossSite: true },
        preValidation: async (request) => assertSignedHook(db, request, await hookSecret(db, 'sms')),
        schema: { body: smsReplySchema, response: { 200: smsReplyOutcomeSchema } },
      },
      (request) => receiveSmsReply(db, webhooks, request.body, isRepeatedCall(request)),
    );
  });

  r.get('/api/customers/:id/consent', { schema: { params: idParams, response: { 200: consentStateSchema } } }, (request) =>
    consentOf(db, actorOf(request), request.params.id),
  );
  r.post(
    '/api/customers/:id/consent',
    { schema: { params: idParams, body: consentInputSchema, response: { 201: consentStateSchema } } },
    async (request, reply) => reply.status(201).send(await recordConsent(db, actorOf(request), request.params.id, request.body)),
  );
}
