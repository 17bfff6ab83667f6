import { defineArea } from '../../platform/area.js';
import { listingsRoutes } from './routes.js';

export const listingsArea = defineArea({
  name: 'listings',
  routes: listingsRoutes,
  exportTables: {
    listing_feeds: { omit: { key_hash: 'the hash of the feed’s key' } },
  },
});
