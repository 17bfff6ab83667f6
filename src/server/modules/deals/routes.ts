import type { FastifyInstance } from 'fastify';
import type { TypeProvider } from '../../http/serializer.js';
import { idParams } from '../../../shared/common/fields.js';
import { dealInputSchema, dealListQuerySchema, dealUpdateSchema } from '../../../shared/deals/schemas.js';
import { dealDetailSchema, dealPageSchema, dealSchema } from '../../../shared/deals/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { assignableAgents } from './links.js';
import { createDeal, dealTimeline, deleteDeal, findVisibleDeal, getDeal, listDeals, updateDeal } from './service.js';
import { guideLanguageQuery } from '../../../shared/vehicles/buyers-guide.js';
import { sendPdf } from '../../http/download.js';
import { dealBuyersGuidePdf } from '../vehicles/index.js';

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
  r.get(
    '/api/deals/:id/buyers-guide.pdf',
    { schema: { params: idParams, querystring: guideLanguageQuery } },
    async (request, reply) => {
      await findVisibleDeal(db, actorOf(request), request.params.id);
      const pdf = await dealBuyersGuidePdf(db, request.params.id, request.query.lang);
      return sendPdf(reply, pdf, request.query.lang === 'es' ? 'guia-del-comprador.pdf' : 'buyers-guide.pdf');
    },
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
