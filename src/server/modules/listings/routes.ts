import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { recordId } from '../../../shared/common/fields.js';
import {
  feedFileParams,
  keyedListingFeedSchema,
  listingFeedInputSchema,
  listingFeedParams,
  listingFeedsSchema,
  type FeedFormat,
} from '../../../shared/listings/schemas.js';
import { photoSizes, type PhotoSize } from '../../../shared/vehicles/photos.js';
import { actorOf } from '../../auth/actor.js';
import { sendChunks } from '../../http/download.js';
import { AppError } from '../../http/errors.js';
import { originOf } from '../../http/origin.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { AreaDeps } from '../../platform/area.js';
import { getSetting } from '../../platform/settings.js';
import { acceptFormPosts, receiveWebForm, sendPage } from '../leads/index.js';
import { dealerOf } from '../../platform/settings.js';
import { feedWriters } from './feed-writers.js';
import { createFeed, deleteFeed, listedVehicles, listFeeds, readFeed, rekeyFeed } from './feeds.js';
import { VEHICLE_PAGE_POLICY, vehicleNotFoundPage, vehiclePage } from './page.js';
import { openPublicPhoto, publicVehicle, vehicleOfInterest } from './service.js';

const refParams = z.object({ ref: z.string().max(200) });
const pageQuery = z.object({ sent: z.string().max(1).optional() });
const photoFileParams = refParams.extend({
  photoId: recordId,
  file: z.enum(photoSizes.map((size) => `${size}.jpg`) as [string, ...string[]]),
});

/** Who reads a public vehicle page or a feed: anyone with its address, which is the whole of its authority. */
const open = { config: { public: true } };

export async function listingsRoutes(app: FastifyInstance, { database, config, store }: AreaDeps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  // Settings → Listing Feeds (admins): a feed's key is shown when it is made or replaced, never again.
  r.get('/api/settings/listing-feeds', { schema: { response: { 200: listingFeedsSchema } } }, (request) =>
    listFeeds(db, actorOf(request)),
  );
  r.post(
    '/api/settings/listing-feeds',
    { schema: { body: listingFeedInputSchema, response: { 201: keyedListingFeedSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createFeed(db, actorOf(request), request.body, originOf(config, request))),
  );
  r.post(
    '/api/settings/listing-feeds/:id/key',
    { schema: { params: listingFeedParams, response: { 200: keyedListingFeedSchema } } },
    (request) => rekeyFeed(db, actorOf(request), request.params.id, originOf(config, request)),
  );
  r.delete('/api/settings/listing-feeds/:id', { schema: { params: listingFeedParams } }, async (request, reply) => {
    await deleteFeed(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  // The feed: every vehicle shown publicly, read as it is sent; a sold or deleted vehicle is in none from then on.
  r.get('/feeds/:key/:file', { ...open, schema: { params: feedFileParams } }, async (request, reply) => {
    await readFeed(db, request.params.key);
    const format = request.params.file.replace('vehicles.', '') as FeedFormat;
    const writer = feedWriters[format];
    const batches = listedVehicles(db, originOf(config, request));
    return sendChunks(reply, writer.write(await dealerOf(db), batches, new Date()), {
      'content-type': writer.contentType,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  // The vehicle's public page, its photos, and its lead form.
  await app.register(async (form) => {
    acceptFormPosts(form);
    const f = form.withTypeProvider<TypeProvider>();
    const html = (reply: FastifyReply, status: number, body: string) => sendPage(reply, status, body, VEHICLE_PAGE_POLICY);
    /** The page of a vehicle, or the page that says there is none (404). */
    const shown = async (reply: FastifyReply, ref: string) => {
      try {
        return await publicVehicle(db, ref);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          await html(reply, 404, vehicleNotFoundPage((await getSetting(db, 'company')).name));
          return null;
        }
        throw error;
      }
    };

    f.get('/cars/:ref', { ...open, schema: { params: refParams, querystring: pageQuery } }, async (request, reply) => {
      const vehicle = await shown(reply, request.params.ref);
      if (!vehicle) return reply;
      return html(
        reply,
        vehicle.sold ? 410 : 200,
        vehiclePage(vehicle, originOf(config, request), { sent: Boolean(request.query.sent) }),
      );
    });
    f.get('/cars/:ref/photos/:photoId/:file', { ...open, schema: { params: photoFileParams } }, async (request, reply) => {
      const size = request.params.file.replace(/\.jpg$/, '') as PhotoSize;
      const photo = await openPublicPhoto(db, store, request.params.ref, request.params.photoId, size);
      // A photo's files never change (a new photo has new keys); a sold vehicle's stop being served.
      return reply
        .type('image/jpeg')
        .header('content-length', photo.size)
        .header('cache-control', 'public, max-age=3600')
        .send(photo.stream);
    });
    f.post(
      '/api/listings/:ref/lead',
      { config: { public: true, crossSite: true }, schema: { params: refParams } },
      async (request, reply) => {
        const vehicle = await publicVehicle(db, request.params.ref);
        const origin = originOf(config, request);
        if (vehicle.sold) return html(reply, 410, vehiclePage(vehicle, origin));
        return receiveWebForm(db, request, reply, {
          source: { id: null, name: 'Vehicle page' },
          vehicle: vehicleOfInterest(vehicle),
          vehicleId: vehicle.id,
          page: async (status, state) => html(reply, status, vehiclePage(vehicle, origin, state)),
          done: () => reply.redirect(`${vehicle.path}?sent=1#contact`, 303),
        });
      },
    );
  });
}
