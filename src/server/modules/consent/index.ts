import { sql, type SqlBool } from 'kysely';
import { defineArea } from '../../platform/area.js';
import { visibleTo } from '../../auth/scope.js';
import { ofRecord } from '../../platform/export-rules.js';
import { consentRoutes } from './routes.js';

/** What other areas use of consent: its front door. */
export { quietUntil, timeZoneOf } from './quiet-hours.js';
export { latestConsent } from './service.js';
export { receiveSmsReply } from './sms-replies.js';
export { marketingMail } from './unsubscribe.js';

export const consentArea = defineArea({
  name: 'consent',
  routes: consentRoutes,
  announces: ['customersAnswered'],
  exportTables: {
    contact_consents: { scope: ofRecord('customers', 'customer_id') },
    sms_replies: {
      scope: (actor) =>
        sql<SqlBool>`EXISTS (SELECT 1 FROM customers p WHERE p.id = ANY(t.customer_ids) AND ${visibleTo(actor, 'p.user_id')})`,
    },
  },
});
