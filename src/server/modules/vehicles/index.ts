import { defineArea } from '../area.js';
import { owned } from '../export/tables.js';
import { vehiclesRoutes } from './routes.js';

export const vehiclesArea = defineArea({
  name: 'vehicles',
  routes: vehiclesRoutes,
  changes: ['vehicles'],
  exportTables: {
    vehicle_stock: { scope: owned('user_id') },
    vehicles: { scope: owned('user_id') },
  },
});
