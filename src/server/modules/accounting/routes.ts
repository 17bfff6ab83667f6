import type { FastifyInstance } from 'fastify';
import {
  commissionDealQuerySchema,
  commissionRateInputSchema,
  commissionRateParams,
  commissionReportQuerySchema,
} from '../../../shared/accounting/schemas.js';
import {
  agentCommissionSchema,
  commissionAgentsSchema,
  commissionDealPageSchema,
  commissionReportSchema,
  commissionSummarySchema,
} from '../../../shared/accounting/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { sendCsv } from '../../http/csv.js';
import type { TypeProvider } from '../../http/serializer.js';
import { commissionCsv } from './export.js';
import { commissionReport, commissionSummary, listAgentCommissions, listCommissionDeals, setCommissionRate } from './service.js';

/** Accounting & Commissions: summary cards, Commission Management (admins), Deal Commission and Reports. */
export async function accountingRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/accounting/summary', { schema: { response: { 200: commissionSummarySchema } } }, (request) =>
    commissionSummary(db, actorOf(request)),
  );
  r.get('/api/accounting/agents', { schema: { response: { 200: commissionAgentsSchema } } }, (request) =>
    listAgentCommissions(db, actorOf(request)),
  );
  r.put(
    '/api/accounting/rates/:userId',
    { schema: { params: commissionRateParams, body: commissionRateInputSchema, response: { 200: agentCommissionSchema } } },
    (request) => setCommissionRate(db, actorOf(request), request.params.userId, request.body.rate),
  );
  r.get(
    '/api/accounting/deals',
    { schema: { querystring: commissionDealQuerySchema, response: { 200: commissionDealPageSchema } } },
    (request) => listCommissionDeals(db, actorOf(request), request.query),
  );
  r.get(
    '/api/accounting/report',
    { schema: { querystring: commissionReportQuerySchema, response: { 200: commissionReportSchema } } },
    (request) => commissionReport(db, actorOf(request), request.query),
  );
  r.get(
    '/api/accounting/export.csv',
    { schema: { querystring: commissionReportQuerySchema }, config: { heavy: true } },
    async (request, reply) => {
      const { year, csv } = await commissionCsv(db, actorOf(request), request.query);
      return sendCsv(reply, `commissions-${year}.csv`, csv);
    },
  );
}
