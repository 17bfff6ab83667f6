import { defineArea } from '../../platform/area.js';
import { ofRecord, owned } from '../../platform/export-rules.js';
import { dealsRoutes } from './routes.js';

/** What other areas use of deals: its front door. */
export { completedSalesByAgent, dealsByAgent, yearSpan } from './agent-figures.js';
export { findVisibleDeal, newestDealsFirst, pageByDate, scopeDeals, yearBounds, type DealKey } from './service.js';

export const dealsArea = defineArea({
  name: 'deals',
  routes: dealsRoutes,
  changes: ['deals', 'customers', 'vehicles'],
  exportTables: {
    deal_buyers_guides: { scope: ofRecord('deals', 'deal_id') },
    deal_model_sales_monthly: { scope: owned('user_id') },
    deal_sales_monthly: { scope: owned('user_id') },
    deals: { scope: owned('user_id') },
  },
});
