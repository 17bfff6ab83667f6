import type { FastifyInstance } from 'fastify';
import type { TypeProvider } from '../../http/serializer.js';
import { dealAnalyticsQuerySchema, dealExportQuerySchema } from '../../../shared/analytics/deal-analytics.js';
import { rangeAnalyticsQuerySchema } from '../../../shared/analytics/range-analytics.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { dashboard } from './dashboard.js';
import { sendCsv } from '../../http/csv.js';
import { dealAnalytics } from './deal-analytics.js';
import { exportDealAnalytics } from './deal-export.js';
import { rangeAnalytics } from './range-analytics.js';

export async function analyticsRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/dashboard', (request) => dashboard(db, actorOf(request)));
  r.get('/api/analytics', { schema: { querystring: rangeAnalyticsQuerySchema } }, (request) =>
    rangeAnalytics(db, actorOf(request), request.query.range),
  );
  r.get('/api/analytics/deals', { schema: { querystring: dealAnalyticsQuerySchema } }, (request) =>
    dealAnalytics(db, actorOf(request), request.query.year),
  );
  r.get(
    '/api/analytics/deals/export.csv',
    { schema: { querystring: dealExportQuerySchema }, config: { heavy: true } },
    async (request, reply) => {
      const { year, csv } = await exportDealAnalytics(db, actorOf(request), request.query.year, request.query.tab);
      return sendCsv(reply, `deal-analytics-${year}-${request.query.tab}.csv`, csv);
    },
  );
  const statement = { schema: { querystring: dealAnalyticsQuerySchema }, config: { heavy: true } };
  r.get('/api/analytics/deals/statement.pdf', statement, async (request, reply) => {
    // pdf-lib is loaded on the first statement, not at start-up.
    const { dealStatementPdf } = await import('./deal-statement.js');
    const { year, pdf } = await dealStatementPdf(db, actorOf(request), request.query.year);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="deal-statement-${year}.pdf"`)
      .send(pdf);
  });
}
