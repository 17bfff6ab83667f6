import { defineArea } from '../../platform/area.js';
import { outboxRoutes } from './routes.js';

export const outboxArea = defineArea({
  name: 'outbox',
  routes: outboxRoutes,
  changes: ['outbox'],
  exportTables: { outbox: { excluded: 'delivery internals of mail, webhooks and texts (sent e-mail is in emails)' } },
});
