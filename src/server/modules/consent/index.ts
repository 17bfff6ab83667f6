import { sql, type SqlBool } from 'kysely';
import { defineArea } from '../../platform/area.js';
import { visibleTo } from '../../auth/scope.js';
import { ofRecord } from '../../platform/export-rules.js';
import { consentRoutes } from './routes.js';

export const consentArea = defineArea({
  name: 'consent',
  routes: consentRoutes,
  exportTables: {
    contact_consents: { scope: ofRecord('customers', 'customer_id') },
    sms_replies: {
      scope: (actor) =>
        sql<SqlBool>`EXISTS (SELECT 1 FROM customers p WHERE p.id = ANY(t.customer_ids) AND ${visibleTo(actor, 'p.user_id')})`,
    },
  },
  notificationEvents: ['sms_reply_flagged'],
});
