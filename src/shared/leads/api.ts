import { defineApi, del, get, post } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import {
  contactLogSchema,
  leadListQuerySchema,
  leadSourceInputSchema,
  manualLeadSchema,
  type CreatedLeadSource,
  type LeadDetail,
  type LeadItem,
  type LeadSource,
  type ManualLeadOutcome,
} from './schemas.js';

/** The leads' routes the web calls. */
export const leadsApi = defineApi('leads', {
  list: get('/api/leads', { query: leadListQuerySchema }).returns<Page<LeadItem>>(),
  detail: get('/api/leads/:id').returns<LeadDetail>(),
  add: post('/api/leads', { body: manualLeadSchema }).returns<ManualLeadOutcome>(),
  logContact: post('/api/leads/:id/contacts', { body: contactLogSchema }).returns<LeadDetail>(),
  markHandled: post('/api/leads/:id/handled').returns<LeadDetail>(),
});

/** The lead sources, cached with the settings (their area) as they are set there. */
export const leadSourcesApi = defineApi('settings', {
  leadSources: get('/api/settings/lead-sources').returns<{ items: LeadSource[] }>(),
  createLeadSource: post('/api/settings/lead-sources', { body: leadSourceInputSchema }).returns<CreatedLeadSource>(),
  removeLeadSource: del('/api/settings/lead-sources/:id').returns(),
});
