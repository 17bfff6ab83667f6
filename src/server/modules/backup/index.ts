import { defineArea } from '../../platform/area.js';
import { BACKUP_JOB, registerBackupJob } from './jobs.js';
import { backupRoutes } from './routes.js';

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
