import type { FastifyInstance } from 'fastify';
import type { TypeProvider } from '../../http/serializer.js';
import { idParams } from '../../../shared/common/fields.js';
import { dealInputSchema, dealListQuerySchema, dealUpdateSchema } from '../../../shared/deals/schemas.js';
import { dealDetailSchema, dealPageSchema, dealSchema } from '../../../shared/deals/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { assignableAgents } from './links.js';
import { createDeal, dealTimeline, deleteDeal, getDeal, listDeals, updateDeal } from './service.js';

export async function dealsRoutes(app: FastifyInstance, { database, store }: { database: Database; store: BlobStore }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/deals', { schema: { querystring: dealListQuerySchema, response: { 200: dealPageSchema } } }, (request) =>
    listDeals(db, actorOf(request), request.query),
  );
  r.post('/api/deals', { schema: { body: dealInputSchema, response: { 201: dealSchema } } }, async (request, reply) =>
    reply.status(201).send(await createDeal(db, actorOf(request), request.body)),
  );
  r.get('/api/deals/agents', (request) => assignableAgents(db, actorOf(request)));
  r.get('/api/deals/:id', { schema: { params: idParams, response: { 200: dealDetailSchema } } }, (request) =>
    getDeal(db, actorOf(request), request.params.id),
  );
  r.put('/api/deals/:id', { schema: { params: idParams, body: dealUpdateSchema, response: { 200: dealSchema } } }, (request) =>
    updateDeal(db, actorOf(request), request.params.id, request.body),
  );
  r.delete('/api/deals/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteDeal(db, store, actorOf(request), request.params.id, request.log);
    return reply.status(204).send();
  });
  r.get('/api/deals/:id/timeline', { schema: { params: idParams } }, (request) =>
    dealTimeline(db, actorOf(request), request.params.id),
  );
}
