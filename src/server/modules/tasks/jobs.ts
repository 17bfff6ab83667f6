import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { followUpIdleCustomers } from './rules.js';

export const FOLLOW_UP_JOB = 'follow-up-idle-customers';

/**
 * Every hour, across every process once, the follow-up rule: customers nobody has been in contact with for the
 * follow-up reminder's days get a task for their agent. Hourly, so a new business day's tasks are there within the
 * hour after the company's midnight, whatever the zone's offset.
 */
export function registerFollowUpJob(jobs: JobQueue, db: Kysely<DB>, log: FastifyBaseLogger) {
  jobs.work(
    FOLLOW_UP_JOB,
    async () => {
      const added = await followUpIdleCustomers(db);
      if (added > 0) log.info({ added }, 'follow-up tasks added');
    },
    { retryLimit: 2, retryDelay: 300, quiet: true },
  );
  return { start: () => jobs.schedule(FOLLOW_UP_JOB, '5 * * * *') };
}
