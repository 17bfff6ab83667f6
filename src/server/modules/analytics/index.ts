import { defineArea } from '../../platform/area.js';
import { analyticsRoutes } from './routes.js';

export const analyticsArea = defineArea({
  name: 'analytics',
  routes: analyticsRoutes,
  exportTables: {},
});
