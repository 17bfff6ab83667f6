import { defineArea } from '../../platform/area.js';
import { webhooksRoutes } from './routes.js';

export const webhooksArea = defineArea({
  name: 'webhooks',
  routes: webhooksRoutes,
  exportTables: { webhook_endpoints: { omit: { secret: 'the signing secret of each endpoint' } } },
});
