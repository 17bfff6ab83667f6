import { defineArea } from '../../platform/area.js';
import { emailsRoutes } from './routes.js';
import { emailReadable } from './service.js';

export const emailsArea = defineArea({
  name: 'emails',
  routes: emailsRoutes,
  changes: ['emails'],
  exportTables: { emails: { scope: (actor) => emailReadable(actor, 't') } },
});
