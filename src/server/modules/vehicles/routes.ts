import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { sendCsv } from '../../http/csv.js';
import { csvFileName, vehiclesCsv } from './export.js';
import { listVehicles, summarizeVehicles, vehicleOptions } from './list.js';
import { createVehicle, deleteVehicle, findVinDuplicate, getVehicleDetail, updateVehicle, vehicleTimeline } from './service.js';

export async function vehiclesRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get('/api/vehicles', { schema: { querystring: vehicleListQuerySchema } }, async (request) =>
    listVehicles(db, actorOf(request), request.query),
  );
  r.get('/api/vehicles/summary', { schema: { querystring: vehicleFilterSchema } }, async (request) =>
    summarizeVehicles(db, actorOf(request), request.query),
  );
  r.get(
    '/api/vehicles/export.csv',
    { schema: { querystring: vehicleFilterSchema }, config: { heavy: true } },
    async (request, reply) => sendCsv(reply, csvFileName(), vehiclesCsv(db, actorOf(request), request.query)),
  );
  r.get('/api/vehicles/options', { schema: { querystring: vehicleOptionsQuerySchema } }, async (request) =>
    vehicleOptions(db, actorOf(request), request.query),
  );
  r.get('/api/vehicles/vin-check', { schema: { querystring: vinCheckQuerySchema } }, async (request) =>
    findVinDuplicate(db, actorOf(request), request.query.vin, request.query.exclude_id),
  );
  r.post('/api/vehicles', { schema: { body: vehicleInputSchema } }, async (request, reply) =>
    reply.status(201).send(await createVehicle(db, actorOf(request), request.body)),
  );
  r.get('/api/vehicles/:id', { schema: { params: idParams } }, async (request) =>
    getVehicleDetail(db, actorOf(request), request.params.id),
  );
  r.delete('/api/vehicles/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteVehicle(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
  r.put('/api/vehicles/:id', { schema: { params: idParams, body: vehicleUpdateSchema } }, async (request) =>
    updateVehicle(db, actorOf(request), request.params.id, request.body),
  );
  r.get('/api/vehicles/:id/timeline', { schema: { params: idParams } }, async (request) =>
    vehicleTimeline(db, actorOf(request), request.params.id),
  );
}
