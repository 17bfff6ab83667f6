import { defineArea } from '../../platform/area.js';
import { owned } from '../../platform/export-rules.js';
import { ADULT_NOTICE_JOB, registerAdultNotices } from './jobs.js';
import { cosignersRoutes } from './routes.js';
import { referencedAgreementKeys } from './service.js';

export const cosignersArea = defineArea({
  name: 'cosigners',
  routes: cosignersRoutes,
  jobs: [{ name: ADULT_NOTICE_JOB, register: ({ jobs, database, log }) => registerAdultNotices(jobs, database.db, log) }],
  storedKeys: referencedAgreementKeys,
  exportTables: { minor_agreements: { scope: owned('user_id') } },
});
