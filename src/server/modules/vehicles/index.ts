import { defineArea } from '../../platform/area.js';
import { inInventory, ofRecord } from '../../platform/export-rules.js';
import { referencedPhotoKeys } from './photos.js';
import { vehiclesRoutes } from './routes.js';

export const vehiclesArea = defineArea({
  name: 'vehicles',
  routes: vehiclesRoutes,
  changes: ['vehicles'],
  storedKeys: referencedPhotoKeys,
  exportTables: {
    vehicle_buyers_guides: { scope: ofRecord('vehicles', 'vehicle_id') },
    vehicle_photos: { scope: ofRecord('vehicles', 'vehicle_id') },
    vehicle_stock: { scope: inInventory('user_id') },
    vehicles: { scope: inInventory('user_id') },
  },
});
