import { defineArea } from '../../platform/area.js';
import { BACKUP_JOB, registerBackupJob } from './jobs.js';
import { backupRoutes } from './routes.js';

/** What other areas use of backup: its front door. */
export { restoreBackup } from './archive.js';
export { rescheduleBackup } from './jobs.js';
export { backUpBeforeUpgrade, backupFileName, writeBackupFile } from './service.js';

export const backupArea = defineArea({
  name: 'backup',
  routes: backupRoutes,
  jobs: [
    {
      name: BACKUP_JOB,
      register: ({ jobs, database, store, config, log }) => registerBackupJob(jobs, database.db, store, config, log),
    },
  ],
  exportTables: {},
});
