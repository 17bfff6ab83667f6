import { defineArea } from '../../platform/area.js';
import { hooksRoutes } from './routes.js';

export const hooksArea = defineArea({
  name: 'hooks',
  routes: hooksRoutes,
  exportTables: { hook_secrets: { excluded: 'signing secrets of the inbound webhooks' } },
});
