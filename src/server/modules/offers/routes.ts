import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../shared/common/fields.js';
import { pageQuerySchema } from '../../../shared/http/paging.js';
import {
  audienceQuerySchema,
  customOfferInputSchema,
  instagramAccountInputSchema,
  instagramAccountUpdateSchema,
  instagramPostSchema,
  notifyCustomersSchema,
  offerRefSchema,
} from '../../../shared/offers/schemas.js';
import {
  audiencePageSchema,
  customOfferPageSchema,
  customOfferSchema,
  instagramAccountSchema,
  instagramAccountsSchema,
  instagramPostedSchema,
  notifyResultSchema,
  offerImageSchema,
} from '../../../shared/offers/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { originOf } from '../../http/origin.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { Mailer } from '../../mail/mailer.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Spool } from '../../storage/spool.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';
import { createCustomOffer, deleteCustomOffer, listCustomOffers } from './custom-offers.js';
import { addInstagramAccount, listInstagramAccounts, removeInstagramAccount, updateInstagramAccount } from './instagram.js';
import { generateOfferImage, listAudience, notifyCustomers, offerImageByToken, postToInstagram } from './service.js';

type Deps = {
  database: Database;
  config: Config;
  secret: string;
  store: BlobStore;
  spool: Spool;
  instance: { id: string };
  mailer: Mailer;
  webhooks: WebhookSender;
};

/** Social media: custom offers, offer images, Instagram accounts and posts, and offers sent to customers. */
export async function offersRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = deps.database;

  r.get('/api/offers/custom', { schema: { querystring: pageQuerySchema, response: { 200: customOfferPageSchema } } }, (request) =>
    listCustomOffers(db, actorOf(request), request.query),
  );
  r.post(
    '/api/offers/custom',
    { schema: { body: customOfferInputSchema, response: { 201: customOfferSchema } } },
    async (request, reply) => reply.status(201).send(await createCustomOffer(db, actorOf(request), request.body)),
  );
  r.delete('/api/offers/custom/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteCustomOffer(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/api/offers/image',
    { config: { heavy: true }, schema: { body: offerRefSchema, response: { 201: offerImageSchema } } },
    async (request, reply) =>
      reply.status(201).send(
        await generateOfferImage(db, actorOf(request), request.body, {
          store: deps.store,
          spool: deps.spool,
          instanceId: deps.instance.id,
          origin: originOf(deps.config, request),
        }),
      ),
  );

  // The image's address is its permission: Instagram and mail programs fetch it from anywhere, without signing in.
  const imageParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.png$/, 'Not found') });
  r.get('/api/offer-images/:file', { config: { public: true }, schema: { params: imageParams } }, async (request, reply) => {
    const image = await offerImageByToken(db, request.params.file.slice(0, -4));
    const blob = image && (await deps.store.open(image.storage_key));
    if (!blob) return reply.status(404).type('text/plain; charset=utf-8').send('This image no longer exists.');
    return reply
      .header('content-type', 'image/png')
      .header('content-length', blob.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(blob.stream);
  });

  r.post(
    '/api/offers/instagram',
    { schema: { body: instagramPostSchema, response: { 200: instagramPostedSchema } } },
    (request) => postToInstagram(db, deps.webhooks, actorOf(request), request.body, originOf(deps.config, request)),
  );

  r.get(
    '/api/offers/audience',
    { schema: { querystring: audienceQuerySchema, response: { 200: audiencePageSchema } } },
    (request) => listAudience(db, actorOf(request), request.query),
  );
  r.post('/api/offers/notify', { schema: { body: notifyCustomersSchema, response: { 200: notifyResultSchema } } }, (request) =>
    notifyCustomers(db, actorOf(request), request.body, {
      mailer: deps.mailer,
      sender: deps.webhooks,
      secret: deps.secret,
      origin: originOf(deps.config, request),
    }),
  );

  r.get('/api/instagram-accounts', { schema: { response: { 200: instagramAccountsSchema } } }, async (request) => ({
    items: await listInstagramAccounts(db, actorOf(request)),
  }));
  r.post(
    '/api/instagram-accounts',
    { schema: { body: instagramAccountInputSchema, response: { 201: instagramAccountSchema } } },
    async (request, reply) => reply.status(201).send(await addInstagramAccount(db, actorOf(request), request.body)),
  );
  r.patch(
    '/api/instagram-accounts/:id',
    { schema: { params: idParams, body: instagramAccountUpdateSchema, response: { 200: instagramAccountSchema } } },
    (request) => updateInstagramAccount(db, actorOf(request), request.params.id, request.body),
  );
  r.delete('/api/instagram-accounts/:id', { schema: { params: idParams } }, async (request, reply) => {
    await removeInstagramAccount(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
}
