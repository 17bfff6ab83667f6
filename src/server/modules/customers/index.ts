import { defineArea } from '../../platform/area.js';
import { owned } from '../../platform/export-rules.js';
import { customersRoutes } from './routes.js';

/** What other areas use of customers. */
export { phoneKeys } from './contact-keys.js';

export const customersArea = defineArea({
  name: 'customers',
  routes: customersRoutes,
  changes: ['customers'],
  announces: ['customerLost', 'customersReassigned'],
  exportTables: {
    customer_counts: { scope: owned('user_id') },
    customer_stage_daily: { scope: owned('user_id') },
    customers: { scope: owned('user_id') },
  },
  notificationEvents: ['customer_created', 'customer_assigned'],
});
