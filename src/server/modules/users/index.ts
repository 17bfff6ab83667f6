import { defineArea } from '../../platform/area.js';
import { personal } from '../../platform/export-rules.js';
import { usersRoutes } from './routes.js';

export const usersArea = defineArea({
  name: 'users',
  routes: usersRoutes,
  exportTables: { users: { scope: personal('id') } },
});
