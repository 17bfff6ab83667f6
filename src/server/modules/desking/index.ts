import { defineArea } from '../../platform/area.js';
import { ofRecord } from '../../platform/export-rules.js';
import { deskingRoutes } from './routes.js';

export const deskingArea = defineArea({
  name: 'desking',
  routes: deskingRoutes,
  changes: ['deals'],
  exportTables: {
    deal_worksheets: { scope: ofRecord('deals', 'deal_id') },
    dealer_offers: { scope: ofRecord('deals', 'deal_id') },
    deal_quotes: {
      scope: ofRecord('deals', 'deal_id'),
      omit: { token_hash: "the hash of the customer's quote link" },
    },
  },
});
