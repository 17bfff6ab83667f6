import { sql, type SqlBool } from 'kysely';
import { defineArea } from '../area.js';
import { ofRecord } from '../../platform/export-rules.js';
import { conversationsRoutes } from './routes.js';

export const conversationsArea = defineArea({
  name: 'conversations',
  routes: conversationsRoutes,
  changes: ['conversations'],
  exportTables: {
    texts: { scope: ofRecord('customers', 'customer_id') },
    conversation_waits: { scope: ofRecord('customers', 'customer_id') },
    reply_templates: { scope: () => sql<SqlBool>`true` },
  },
});
