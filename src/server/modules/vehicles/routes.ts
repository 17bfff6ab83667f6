import type { FastifyInstance } from 'fastify';
import type { TypeProvider } from '../../http/serializer.js';
import { idParams } from '../../../shared/common/fields.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
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
import { businessClock } from '../../time.js';
import { csvFileName, vehiclesCsv } from './export.js';
import { listVehicles, summarizeVehicles, vehicleMakes, vehicleOptions } from './list.js';
import { createVehicle, deleteVehicle, findVinDuplicate, getVehicleDetail, updateVehicle, vehicleTimeline } from './service.js';

export async function vehiclesRoutes(app: FastifyInstance, { database }: { database: Database }) {
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
  r.get('/api/vehicles/:id', { schema: { params: idParams, response: { 200: vehicleDetailSchema } } }, async (request) =>
    getVehicleDetail(db, actorOf(request), request.params.id),
  );
  r.delete('/api/vehicles/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteVehicle(db, actorOf(request), request.params.id);
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
}
