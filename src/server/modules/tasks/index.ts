import { defineArea } from '../area.js';
import { FOLLOW_UP_JOB, registerFollowUpJob } from './jobs.js';
import { tasksRoutes } from './routes.js';
import { taskVisible } from './service.js';

export const tasksArea = defineArea({
  name: 'tasks',
  routes: tasksRoutes,
  jobs: [{ name: FOLLOW_UP_JOB, register: ({ jobs, database, log }) => registerFollowUpJob(jobs, database.db, log) }],
  changes: ['tasks'],
  exportTables: {
    tasks: { scope: (actor) => taskVisible(actor, 't') },
  },
});
