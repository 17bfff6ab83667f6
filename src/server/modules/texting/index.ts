import { defineArea } from '../area.js';
import { textingRoutes } from './routes.js';

export const textingArea = defineArea({
  name: 'texting',
  routes: textingRoutes,
  exportTables: { texting_provider: { omit: { auth_token: 'the Twilio Auth Token, sealed' } } },
});
