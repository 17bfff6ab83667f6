import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Settings } from '../../../shared/settings/schemas.js';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { getSettings } from '../../platform/settings.js';
import { takeDailyBackup } from './service.js';

export const BACKUP_JOB = 'backup-daily';

/** The cron line of the settings' daily backup time ('02:00' → minute 0 of hour 2). */
export function backupCron({ daily_time }: Settings['backup']): string {
  const [hours, minutes] = daily_time.split(':').map(Number);
  return `${minutes} ${hours} * * *`;
}

/** Schedules the daily backup at the settings' time in the company's time zone (Settings → Company), whatever the server's TZ. */
export const rescheduleBackup = (jobs: JobQueue, { backup, company }: Pick<Settings, 'backup' | 'company'>) =>
  jobs.schedule(BACKUP_JOB, backupCron(backup), {}, { tz: company.time_zone });

/**
 * The daily backup as a job: taken once a day across every process, at the settings' time; saving the settings
 * reschedules it (`rescheduleBackup`) when either the time or the zone changes.
 */
export function registerBackupJob(jobs: JobQueue, db: Kysely<DB>, store: BlobStore, config: Config, log: FastifyBaseLogger) {
  jobs.work(
    BACKUP_JOB,
    async () => {
      const where = await takeDailyBackup(db, store, {
        dataDir: config.dataDir,
        s3: Boolean(config.s3),
        spoolDir: path.join(config.dataDir, 'spool'),
      });
      log.info({ backup: where }, 'Daily backup taken');
    },
    { retryLimit: 2, retryDelay: 600, expireInSeconds: 6 * 60 * 60 },
  );
  return { start: async () => rescheduleBackup(jobs, await getSettings(db)) };
}
