import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { businessClock } from '../../platform/time.js';
import { notifyAdults } from './service.js';

export const ADULT_NOTICE_JOB = 'minor-turns-18';

/**
 * Every hour, across every process once, tells agents whose co-signed minors have turned 18 today (in the brokerage's
 * time zone); an hour's run catches the day whenever the server was down at midnight.
 */
export function registerAdultNotices(jobs: JobQueue, db: Kysely<DB>, log: FastifyBaseLogger) {
  jobs.work(
    ADULT_NOTICE_JOB,
    async () => {
      const told = await notifyAdults(db, (await businessClock(db)).today);
      if (told > 0) log.info({ told }, 'agents told of minors who turned 18');
    },
    { retryLimit: 3, retryDelay: 300 },
  );
  return { start: () => jobs.schedule(ADULT_NOTICE_JOB, '7 * * * *') };
}
