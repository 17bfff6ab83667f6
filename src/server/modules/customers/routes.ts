import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TypeProvider } from '../../http/serializer.js';
import {
  customerFilterSchema,
  customerInputSchema,
  customerListQuerySchema,
  customerLookupQuerySchema,
  customerOptionsQuerySchema,
  customerStageSchema,
  customerUpdateSchema,
  duplicateQuerySchema,
  customerSummaryQuerySchema,
} from '../../../shared/customers/schemas.js';
import {
  customerChoiceSchema,
  customerDetailSchema,
  customerPageSchema,
  customerSchema,
} from '../../../shared/customers/types.js';
import { idParams } from '../../../shared/common/fields.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { sendCsv } from '../../http/csv.js';
import { businessClock } from '../../platform/time.js';
import { findDuplicates } from './duplicates.js';
import { customersCsv } from './export.js';
import { reassignCustomers } from './reassign.js';
import { reassignResultSchema, reassignSchema } from '../../../shared/common/reassign.js';
import {
  createCustomer,
  customerLookup,
  customerOptions,
  customerTimeline,
  deleteCustomer,
  eachCustomerForExport,
  getCustomer,
  listCustomers,
  setCustomerStage,
  summarizeCustomers,
  updateCustomer,
} from './service.js';

export async function customersRoutes(app: FastifyInstance, { database, store }: { database: Database; store: BlobStore }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get(
    '/api/customers',
    { schema: { querystring: customerListQuerySchema, response: { 200: customerPageSchema } } },
    (request) => listCustomers(db, actorOf(request), request.query),
  );

  r.get('/api/customers/summary', { schema: { querystring: customerSummaryQuerySchema } }, (request) =>
    summarizeCustomers(db, actorOf(request), request.query),
  );

  r.get(
    '/api/customers/export.csv',
    { schema: { querystring: customerFilterSchema }, config: { heavy: true } },
    async (request, reply) => {
      const rows = await eachCustomerForExport(db, actorOf(request), request.query);
      const clock = await businessClock(db);
      return sendCsv(reply, `customers-${clock.today}.csv`, customersCsv(rows, clock.timeZone));
    },
  );

  r.post(
    '/api/customers/reassign',
    { schema: { body: reassignSchema, response: { 200: reassignResultSchema } } },
    async (request) => reassignCustomers(db, actorOf(request), request.body),
  );

  r.get('/api/customers/options', { schema: { querystring: customerOptionsQuerySchema } }, (request) =>
    customerOptions(db, actorOf(request), request.query.q, request.query.owner),
  );

  r.get(
    '/api/customers/lookup',
    { schema: { querystring: customerLookupQuerySchema, response: { 200: z.array(customerChoiceSchema) } } },
    (request) => customerLookup(db, actorOf(request), request.query.q),
  );

  r.get('/api/customers/duplicates', { schema: { querystring: duplicateQuerySchema } }, (request) =>
    findDuplicates(db, actorOf(request), request.query),
  );

  r.post(
    '/api/customers',
    { schema: { body: customerInputSchema, response: { 201: customerSchema } } },
    async (request, reply) => {
      const customer = await createCustomer(db, actorOf(request), request.body);
      return reply.status(201).send(customer);
    },
  );

  r.get('/api/customers/:id', { schema: { params: idParams, response: { 200: customerDetailSchema } } }, (request) =>
    getCustomer(db, actorOf(request), request.params.id),
  );

  r.put(
    '/api/customers/:id',
    { schema: { params: idParams, body: customerUpdateSchema, response: { 200: customerSchema } } },
    (request) => updateCustomer(db, actorOf(request), request.params.id, request.body),
  );

  r.delete('/api/customers/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteCustomer(db, store, actorOf(request), request.params.id, request.log);
    return reply.status(204).send();
  });

  r.put(
    '/api/customers/:id/stage',
    { schema: { params: idParams, body: customerStageSchema, response: { 200: customerSchema } } },
    (request) => setCustomerStage(db, actorOf(request), request.params.id, request.body.stage),
  );

  r.get('/api/customers/:id/timeline', { schema: { params: idParams } }, (request) =>
    customerTimeline(db, actorOf(request), request.params.id),
  );
}
