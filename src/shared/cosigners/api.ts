import { defineApi, get, post } from '../http/contract.js';
import { pageQuerySchema, type Page } from '../http/paging.js';
import type { MinorAgreement } from './types.js';

/** The co-signers' routes the web calls: the sealed minor agreements, sent as a form with their PDF. */
export const cosignersApi = defineApi('minor-agreements', {
  list: get('/api/minor-agreements', { query: pageQuerySchema }).returns<Page<MinorAgreement>>(),
  submit: post('/api/minor-agreements').sends<FormData>().returns<MinorAgreement>(),
  /** The sealed PDF, fetched whole to be saved. */
  pdf: get('/api/minor-agreements/:id/pdf').returns<Blob>(),
});
