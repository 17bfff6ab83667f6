import { sql, type SqlBool } from 'kysely';
import { defineArea } from '../../platform/area.js';
import { publishTextDelivery } from './service.js';
import { ofRecord } from '../../platform/export-rules.js';
import { conversationsRoutes } from './routes.js';

export const conversationsArea = defineArea({
  name: 'conversations',
  routes: conversationsRoutes,
  changes: ['conversations'],
  // A text's delivery changing refreshes the conversations it is in.
  handles: { textDeliveryChanged: (tx, { outboxId }) => publishTextDelivery(tx, outboxId) },
  exportTables: {
    texts: { scope: ofRecord('customers', 'customer_id') },
    conversation_waits: { scope: ofRecord('customers', 'customer_id') },
    reply_templates: { scope: () => sql<SqlBool>`true` },
  },
});
