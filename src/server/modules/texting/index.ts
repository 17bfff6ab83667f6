import { defineArea } from '../../platform/area.js';
import { twilioCarrier } from './carrier.js';
import { textingRoutes } from './routes.js';

/** What other areas use of texting: its front door. */
export { hasTextingProvider } from './service.js';

export const textingArea = defineArea({
  name: 'texting',
  routes: textingRoutes,
  textCarrier: ({ encryption, config }) => twilioCarrier({ encryption, apiUrl: config.twilioApiUrl }),
  announces: ['textDeliveryChanged'],
  exportTables: { texting_provider: { omit: { auth_token: 'the Twilio Auth Token, sealed' } } },
});
