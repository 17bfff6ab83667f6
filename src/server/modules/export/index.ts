import { defineArea } from '../../platform/area.js';
import { exportRoutes } from './routes.js';

export const exportArea = defineArea({
  name: 'export',
  routes: exportRoutes,
  exportTables: {},
});
