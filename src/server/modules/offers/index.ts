import { defineArea } from '../../platform/area.js';
import { owned, personal } from '../../platform/export-rules.js';
import { offersRoutes } from './routes.js';
import { referencedOfferImageKeys } from './service.js';

export const offersArea = defineArea({
  name: 'offers',
  routes: offersRoutes,
  storedKeys: referencedOfferImageKeys,
  exportTables: {
    custom_offers: { scope: owned('user_id') },
    instagram_accounts: { scope: personal('user_id') },
    offer_images: { scope: owned('created_by'), omit: { token: 'the secret part of the image’s public address' } },
  },
});
