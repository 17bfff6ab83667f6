import { defineApi, get, put } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { commissionDealQuerySchema, commissionRateInputSchema, commissionReportQuerySchema } from './schemas.js';
import type { AgentCommission, CommissionAgents, CommissionDeal, CommissionReport, CommissionSummary } from './types.js';

/** The commissions' routes the web calls: refreshed whenever deals change, since each completed deal pays one. */
export const accountingApi = defineApi('accounting', {
  summary: get('/api/accounting/summary').returns<CommissionSummary>(),
  agents: get('/api/accounting/agents').returns<CommissionAgents>(),
  deals: get('/api/accounting/deals', { query: commissionDealQuerySchema }).returns<Page<CommissionDeal>>(),
  report: get('/api/accounting/report', { query: commissionReportQuerySchema }).returns<CommissionReport>(),
  setRate: put('/api/accounting/rates/:userId', { body: commissionRateInputSchema }).returns<AgentCommission>(),
  /** A download the browser follows, never fetched. */
  exportCsv: get('/api/accounting/export.csv', { query: commissionReportQuerySchema }).returns<string>(),
});
