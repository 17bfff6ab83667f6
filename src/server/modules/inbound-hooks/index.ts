import { defineArea } from '../../platform/area.js';
import { hooksRoutes } from './routes.js';

/** What other areas use of hooks: its front door. */
export { hookSecret } from './service.js';

export const inboundHooksArea = defineArea({
  name: 'inbound-hooks',
  routes: hooksRoutes,
  exportTables: { hook_secrets: { excluded: 'signing secrets of the inbound webhooks' } },
});
