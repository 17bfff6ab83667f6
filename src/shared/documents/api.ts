import { defineApi, del, get, post } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import type { DocumentRecord } from './options.js';
import { dealDocumentsQuerySchema, type DealDocument } from './types.js';

/**
 * The documents' routes the web calls: every deal document the user may see, and the documents of one customer or one
 * deal, each kept under its parent; a signed link opens one for a minute.
 */
export const documentsApi = defineApi('documents', {
  list: get('/api/documents', { query: dealDocumentsQuerySchema }).returns<Page<DealDocument>>(),
  customerDocuments: get('/api/customers/:id/documents').returns<DocumentRecord[]>(),
  addCustomerDocument: post('/api/customers/:id/documents').sends<FormData>().returns<DocumentRecord>(),
  removeCustomerDocument: del('/api/customers/:id/documents/:docId').returns(),
  customerDocumentLink: get('/api/customers/:id/documents/:docId/link').returns<{ url: string }>(),
  dealDocuments: get('/api/deals/:id/documents').returns<DocumentRecord[]>(),
  addDealDocument: post('/api/deals/:id/documents').sends<FormData>().returns<DocumentRecord>(),
  removeDealDocument: del('/api/deals/:id/documents/:docId').returns(),
  dealDocumentLink: get('/api/deals/:id/documents/:docId/link').returns<{ url: string }>(),
});
