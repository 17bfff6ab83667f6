import { defineArea } from '../area.js';
import { tasksRoutes } from './routes.js';
import { taskVisible } from './service.js';

export const tasksArea = defineArea({
  name: 'tasks',
  routes: tasksRoutes,
  changes: ['tasks'],
  exportTables: {
    tasks: { scope: (actor) => taskVisible(actor, 't') },
  },
});
