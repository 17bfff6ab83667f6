import { defineArea } from '../../platform/area.js';
import { leadsReadable } from './readable.js';
import { registerUnansweredLeads, UNANSWERED_LEADS_JOB } from './jobs.js';
import { leadsRoutes } from './routes.js';
import { leadVisible } from './service.js';

/** What other areas use of leads: its front door. */
export { leadForm, type FormState } from './form-page.js';
export { intakeLeadIn, leadsInMail, receivePostedAdf } from './intake.js';
export { leadName, leadVehicle } from './service.js';
export { acceptFormPosts, receiveWebForm, sendPage } from './web-form.js';

export const leadsArea = defineArea({
  name: 'leads',
  routes: leadsRoutes,
  jobs: [{ name: UNANSWERED_LEADS_JOB, register: ({ jobs, database, log }) => registerUnansweredLeads(jobs, database.db, log) }],
  changes: ['leads'],
  readableFiles: [leadsReadable],
  exportTables: {
    lead_rotation: {},
    lead_sources: { omit: { key_hash: 'the hash of the source’s posting key' } },
    leads: { scope: (actor) => leadVisible(actor, 't') },
  },
});
