import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { getSetting } from '../../platform/settings.js';
import { alertUnanswered } from './service.js';

export const UNANSWERED_LEADS_JOB = 'unanswered-leads';

/**
 * Every minute, across every process once, reports to the admins each lead that has waited longer than the settings'
 * answer time (Settings → CRM) without a first answer.
 */
export function registerUnansweredLeads(jobs: JobQueue, db: Kysely<DB>, log: FastifyBaseLogger) {
  jobs.work(
    UNANSWERED_LEADS_JOB,
    async () => {
      const { lead_answer_minutes } = await getSetting(db, 'crm');
      const reported = await alertUnanswered(db, lead_answer_minutes);
      if (reported > 0) log.info({ reported }, 'admins told of unanswered leads');
    },
    { retryLimit: 1, retryDelay: 30, quiet: true },
  );
  return { start: () => jobs.schedule(UNANSWERED_LEADS_JOB, '* * * * *') };
}
