import { dealAnalyticsQuerySchema, dealExportQuerySchema, type DealAnalytics } from '../analytics/deal-analytics.js';
import { defineApi, del, get, post, put } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { guideLanguageQuery } from '../vehicles/buyers-guide.js';
import { dealInputSchema, dealListQuerySchema, dealUpdateSchema } from './schemas.js';
import type { Deal, DealAgent, DealDetail, DealTimelineEntry } from './types.js';

/**
 * The deals' routes the web calls. The year's deal figures are the deals page's own: they sit in the deals' area, so a
 * change to any deal reads them again.
 */
export const dealsApi = defineApi('deals', {
  list: get('/api/deals', { query: dealListQuerySchema }).returns<Page<Deal>>(),
  detail: get('/api/deals/:id').returns<DealDetail>(),
  timeline: get('/api/deals/:id/timeline').returns<DealTimelineEntry[]>(),
  agents: get('/api/deals/agents').returns<DealAgent[]>(),
  create: post('/api/deals', { body: dealInputSchema }).returns<Deal>(),
  update: put('/api/deals/:id', { body: dealUpdateSchema }).returns<Deal>(),
  remove: del('/api/deals/:id').returns(),
  analytics: get('/api/analytics/deals', { query: dealAnalyticsQuerySchema }).returns<DealAnalytics>(),
  /** Downloads the browser follows, never fetched. */
  analyticsCsv: get('/api/analytics/deals/export.csv', { query: dealExportQuerySchema }).returns<string>(),
  statementPdf: get('/api/analytics/deals/statement.pdf', { query: dealAnalyticsQuerySchema }).returns<Blob>(),
  buyersGuidePdf: get('/api/deals/:id/buyers-guide.pdf', { query: guideLanguageQuery }).returns<Blob>(),
});
