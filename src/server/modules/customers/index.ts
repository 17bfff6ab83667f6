import { defineArea } from '../../platform/area.js';
import { customersReadable } from './export.js';
import { owned } from '../../platform/export-rules.js';
import { customersRoutes } from './routes.js';

/** What other areas use of customers: its front door. */
export { emailKey, phoneKeys } from './contact-keys.js';
export { existingCustomer } from './duplicates.js';
export { customerCsvHeader, customerCsvRow, type CustomerCsvRow } from './export.js';
export { afterCursor, cursorOf, matchesFilter, sortSpecs, visibleReferrerName } from './filters.js';
export { handCustomersTo } from './reassign.js';
export { assertCustomerVisible } from './visible.js';
export { insertCustomers, type NewCustomer } from './writer.js';

export const customersArea = defineArea({
  name: 'customers',
  routes: customersRoutes,
  changes: ['customers'],
  announces: ['customerLost', 'customersReassigned'],
  readableFiles: [customersReadable],
  exportTables: {
    customer_counts: { scope: owned('user_id') },
    customer_stage_daily: { scope: owned('user_id') },
    customers: { scope: owned('user_id') },
  },
});
