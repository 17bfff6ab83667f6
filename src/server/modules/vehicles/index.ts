import { defineArea } from '../../platform/area.js';
import { vehiclesReadable } from './export.js';
import { inInventory, ofRecord } from '../../platform/export-rules.js';
import { referencedPhotoKeys } from './photos.js';
import { vehiclesRoutes } from './routes.js';

/** What other areas use of vehicles: its front door. */
export { dealBuyersGuide, dealBuyersGuidePdf, keepBuyersGuide } from './buyers-guide.js';
export { vehicleCsvHeader, vehicleCsvRow } from './export.js';
export { lacksBuyersGuide, needsBuyersGuide, vehicleOptionColumns, type VehicleRow } from './list.js';
export { coverPhoto, coverPhotoId, storedKeyOf } from './photos.js';

export const vehiclesArea = defineArea({
  name: 'vehicles',
  routes: vehiclesRoutes,
  changes: ['vehicles'],
  storedKeys: referencedPhotoKeys,
  readableFiles: [vehiclesReadable],
  exportTables: {
    vehicle_buyers_guides: { scope: ofRecord('vehicles', 'vehicle_id') },
    vehicle_photos: { scope: ofRecord('vehicles', 'vehicle_id') },
    vehicle_stock: { scope: inInventory('user_id') },
    vehicles: { scope: inInventory('user_id') },
  },
});
