import { defineApi, del, get, post, put } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { reassignSchema, type ReassignResult } from '../common/reassign.js';
import {
  customerInputSchema,
  customerListQuerySchema,
  customerLookupQuerySchema,
  customerOptionsQuerySchema,
  customerStageSchema,
  customerSummaryQuerySchema,
  customerUpdateSchema,
  duplicateQuerySchema,
} from './schemas.js';
import type {
  Customer,
  CustomerChoice,
  CustomerDetail,
  CustomerListItem,
  CustomerOption,
  CustomerSummary,
  DuplicateMatch,
  TimelineEntry,
} from './types.js';

/** The customers' routes the web calls. */
export const customersApi = defineApi('customers', {
  list: get('/api/customers', { query: customerListQuerySchema }).returns<Page<CustomerListItem>>(),
  summary: get('/api/customers/summary', { query: customerSummaryQuerySchema }).returns<CustomerSummary>(),
  detail: get('/api/customers/:id').returns<CustomerDetail>(),
  timeline: get('/api/customers/:id/timeline').returns<TimelineEntry[]>(),
  options: get('/api/customers/options', { query: customerOptionsQuerySchema }).returns<CustomerOption[]>(),
  lookup: get('/api/customers/lookup', { query: customerLookupQuerySchema }).returns<CustomerChoice[]>(),
  duplicates: get('/api/customers/duplicates', { query: duplicateQuerySchema }).returns<DuplicateMatch[]>(),
  create: post('/api/customers', { body: customerInputSchema }).returns<Customer>(),
  update: put('/api/customers/:id', { body: customerUpdateSchema }).returns<Customer>(),
  setStage: put('/api/customers/:id/stage', { body: customerStageSchema }).returns<Customer>(),
  remove: del('/api/customers/:id').returns(),
  reassign: post('/api/customers/reassign', { body: reassignSchema }).returns<ReassignResult>(),
  /** A download the browser follows, never fetched. */
  exportCsv: get('/api/customers/export.csv', { query: customerListQuerySchema }).returns<string>(),
});
