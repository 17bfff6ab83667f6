import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { getSetting } from '../settings/service.js';
import { notifyAdults } from './service.js';

export const ADULT_NOTICE_JOB = 'minor-turns-18';

/** Today in the brokerage's time zone, as YYYY-MM-DD. */
const todayIn = (timeZone: string, now = new Date()) => now.toLocaleDateString('en-CA', { timeZone });

/**
 * Every hour, across every process once, tells agents whose co-signed minors have turned 18 today (in the brokerage's
 * time zone); an hour's run catches the day whenever the server was down at midnight.
 */
export function registerAdultNotices(jobs: JobQueue, db: Kysely<DB>, log: FastifyBaseLogger) {
  jobs.work(
    ADULT_NOTICE_JOB,
    async () => {
      const company = await getSetting(db, 'company');
      const told = await notifyAdults(db, todayIn(company.time_zone));
      if (told > 0) log.info({ told }, 'agents told of minors who turned 18');
    },
    { retryLimit: 3, retryDelay: 300 },
  );
  return { start: () => jobs.schedule(ADULT_NOTICE_JOB, '7 * * * *') };
}
