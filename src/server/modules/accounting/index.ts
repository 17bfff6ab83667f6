import { defineArea } from '../../platform/area.js';
import { commissionsReadable } from './export.js';
import { personal } from '../../platform/export-rules.js';
import { accountingRoutes } from './routes.js';

/** What other areas use of accounting: its front door. */
export { commissionCsvRow, type CommissionCsvRow } from './export.js';

export const accountingArea = defineArea({
  name: 'accounting',
  routes: accountingRoutes,
  readableFiles: [commissionsReadable],
  exportTables: { commission_rates: { scope: personal('user_id') } },
});
