import { defineArea } from '../../platform/area.js';
import { dealsReadable } from './deal-export.js';
import { analyticsRoutes } from './routes.js';

/** What other areas use of analytics: its front door. */
export { dealCsvHeader, dealCsvRow, type DealCsvRow } from './deal-export.js';

export const analyticsArea = defineArea({
  name: 'analytics',
  routes: analyticsRoutes,
  readableFiles: [dealsReadable],
  exportTables: {},
});
