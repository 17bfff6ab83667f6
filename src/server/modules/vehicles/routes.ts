import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TypeProvider } from '../../http/serializer.js';
import { idParams } from '../../../shared/common/fields.js';
import { actorOf } from '../../auth/actor.js';
import {
  MAX_PHOTO_BYTES,
  PHOTO_TOO_LARGE,
  photoOrderSchema,
  photoParams,
  photoSizes,
  vehiclePhotoListSchema,
  type PhotoSize,
} from '../../../shared/vehicles/photos.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { AreaDeps } from '../../platform/area.js';
import { brokenUpload, isClientStreamError, spoolUpload } from '../documents/index.js';
import { addPhoto, listPhotos, openPhoto, orderPhotos, removePhoto, removeStored } from './photos.js';
import {
  vehicleFilterSchema,
  vehicleListQuerySchema,
  vehicleOptionsQuerySchema,
  vinCheckQuerySchema,
} from '../../../shared/vehicles/queries.js';
import { vehicleInputSchema, vehicleUpdateSchema } from '../../../shared/vehicles/schemas.js';
import {
  vehicleDetailSchema,
  vehicleMakesSchema,
  vehiclePageSchema,
  vehicleSchema,
  vehicleSummarySchema,
} from '../../../shared/vehicles/types.js';
import { sendCsv } from '../../http/csv.js';
import { businessClock } from '../../platform/time.js';
import { csvFileName, vehiclesCsv } from './export.js';
import { getBuyersGuide, saveBuyersGuide, vehicleBuyersGuidePdf } from './buyers-guide.js';
import { windowSticker } from './window-sticker.js';
import { guideLanguageQuery, saveBuyersGuideSchema, vehicleBuyersGuideSchema } from '../../../shared/vehicles/buyers-guide.js';
import { sendPdf } from '../../http/download.js';
import { originOf } from '../../http/origin.js';
import { listVehicles, summarizeVehicles, vehicleMakes, vehicleOptions } from './list.js';
import {
  createVehicle,
  deleteVehicle,
  findVinDuplicate,
  getVehicleDetail,
  reassignVehicles,
  updateVehicle,
  vehicleTimeline,
} from './service.js';
import { reassignResultSchema, reassignSchema } from '../../../shared/common/reassign.js';

const photoFileRequest = photoParams.extend({ file: z.enum(photoSizes.map((size) => `${size}.jpg`) as [string, ...string[]]) });

export async function vehiclesRoutes(app: FastifyInstance, { database, store, spool, instance, config }: AreaDeps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get(
    '/api/vehicles',
    { schema: { querystring: vehicleListQuerySchema, response: { 200: vehiclePageSchema } } },
    async (request) => listVehicles(db, actorOf(request), request.query),
  );
  r.get(
    '/api/vehicles/summary',
    { schema: { querystring: vehicleFilterSchema, response: { 200: vehicleSummarySchema } } },
    async (request) => summarizeVehicles(db, actorOf(request), request.query),
  );
  r.get(
    '/api/vehicles/export.csv',
    { schema: { querystring: vehicleFilterSchema }, config: { heavy: true } },
    async (request, reply) => {
      const clock = await businessClock(db);
      return sendCsv(reply, csvFileName(clock.today), vehiclesCsv(db, actorOf(request), request.query, clock.timeZone));
    },
  );
  r.get('/api/vehicles/options', { schema: { querystring: vehicleOptionsQuerySchema } }, async (request) =>
    vehicleOptions(db, actorOf(request), request.query),
  );
  r.get('/api/vehicles/makes', { schema: { response: { 200: vehicleMakesSchema } } }, async (request) =>
    vehicleMakes(db, actorOf(request)),
  );
  r.get('/api/vehicles/vin-check', { schema: { querystring: vinCheckQuerySchema } }, async (request) =>
    findVinDuplicate(db, actorOf(request), request.query.vin, request.query.exclude_id),
  );
  r.post('/api/vehicles', { schema: { body: vehicleInputSchema, response: { 201: vehicleSchema } } }, async (request, reply) =>
    reply.status(201).send(await createVehicle(db, actorOf(request), request.body)),
  );
  r.post(
    '/api/vehicles/reassign',
    { schema: { body: reassignSchema, response: { 200: reassignResultSchema } } },
    async (request) => reassignVehicles(db, actorOf(request), request.body),
  );
  r.get('/api/vehicles/:id', { schema: { params: idParams, response: { 200: vehicleDetailSchema } } }, async (request) =>
    getVehicleDetail(db, actorOf(request), request.params.id),
  );
  r.delete('/api/vehicles/:id', { schema: { params: idParams } }, async (request, reply) => {
    const photoFiles = await deleteVehicle(db, actorOf(request), request.params.id);
    await removeStored(store, photoFiles, request.log);
    return reply.status(204).send();
  });
  r.put(
    '/api/vehicles/:id',
    { schema: { params: idParams, body: vehicleUpdateSchema, response: { 200: vehicleSchema } } },
    async (request) => updateVehicle(db, actorOf(request), request.params.id, request.body),
  );
  r.get('/api/vehicles/:id/timeline', { schema: { params: idParams } }, async (request) =>
    vehicleTimeline(db, actorOf(request), request.params.id),
  );

  // The FTC Buyers Guide of a used vehicle (completed by admins and editors), and the window sticker.
  r.get(
    '/api/vehicles/:id/buyers-guide',
    { schema: { params: idParams, response: { 200: vehicleBuyersGuideSchema } } },
    (request) => getBuyersGuide(db, actorOf(request), request.params.id),
  );
  r.put(
    '/api/vehicles/:id/buyers-guide',
    { schema: { params: idParams, body: saveBuyersGuideSchema, response: { 200: vehicleBuyersGuideSchema } } },
    (request) => saveBuyersGuide(db, actorOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/vehicles/:id/buyers-guide.pdf',
    { schema: { params: idParams, querystring: guideLanguageQuery } },
    async (request, reply) =>
      sendPdf(
        reply,
        await vehicleBuyersGuidePdf(db, actorOf(request), request.params.id, request.query.lang),
        request.query.lang === 'es' ? 'guia-del-comprador.pdf' : 'buyers-guide.pdf',
      ),
  );
  r.get('/api/vehicles/:id/window-sticker.pdf', { schema: { params: idParams } }, async (request, reply) =>
    sendPdf(
      reply,
      await windowSticker(db, store, actorOf(request), request.params.id, originOf(config, request)),
      'window-sticker.pdf',
    ),
  );

  // Photos: one file a request (the screen sends several side by side, each with its progress).
  r.get('/api/vehicles/:id/photos', { schema: { params: idParams, response: { 200: vehiclePhotoListSchema } } }, (request) =>
    listPhotos(db, actorOf(request), request.params.id),
  );
  r.post('/api/vehicles/:id/photos', { schema: { params: idParams } }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('Choose a photo to upload');
    const part = await request.file({ limits: { fileSize: MAX_PHOTO_BYTES } }).catch((error: unknown) => {
      throw isClientStreamError(error) ? brokenUpload() : error;
    });
    if (!part) throw badRequest('Choose a photo to upload');
    const spooled = await spoolUpload(part.file, spool.file(), MAX_PHOTO_BYTES).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 413
        ? new AppError(413, 'PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE)
        : error;
    });
    try {
      const photo = await addPhoto(
        db,
        actorOf(request),
        request.params.id,
        { path: spooled.path, fileName: part.filename },
        { store, spool, instanceId: instance.id, log: request.log },
      );
      return reply.status(201).send(photo);
    } finally {
      await spooled.discard();
    }
  });
  r.put(
    '/api/vehicles/:id/photos/order',
    { schema: { params: idParams, body: photoOrderSchema, response: { 200: vehiclePhotoListSchema } } },
    (request) => orderPhotos(db, actorOf(request), request.params.id, request.body.ids),
  );
  r.delete('/api/vehicles/:id/photos/:photoId', { schema: { params: photoParams } }, async (request, reply) => {
    await removePhoto(db, store, actorOf(request), request.params.id, request.params.photoId, request.log);
    return reply.status(204).send();
  });
  r.get('/api/vehicles/:id/photos/:photoId/:file', { schema: { params: photoFileRequest } }, async (request, reply) => {
    const size = request.params.file.replace(/\.jpg$/, '') as PhotoSize;
    const photo = await openPhoto(db, store, actorOf(request), request.params.id, request.params.photoId, size);
    // A photo's files never change (a new photo has new keys): the browser keeps them.
    return reply
      .type('image/jpeg')
      .header('content-length', photo.size)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(photo.stream);
  });
}
