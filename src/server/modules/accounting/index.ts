import { defineArea } from '../../platform/area.js';
import { personal } from '../../platform/export-rules.js';
import { accountingRoutes } from './routes.js';

export const accountingArea = defineArea({
  name: 'accounting',
  routes: accountingRoutes,
  exportTables: { commission_rates: { scope: personal('user_id') } },
});
