import { defineArea } from '../area.js';
import { exportRoutes } from './routes.js';

export const exportArea = defineArea({
  name: 'export',
  routes: exportRoutes,
  exportTables: {},
});
