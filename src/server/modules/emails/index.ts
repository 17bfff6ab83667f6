import { defineArea } from '../../platform/area.js';
import { emailsRoutes } from './routes.js';
import { emailReadable } from './service.js';

/** What other areas use of emails: its front door. */
export { customerAt, keepEmail, queueEmail, sendingMailbox } from './service.js';

export const emailsArea = defineArea({
  name: 'emails',
  routes: emailsRoutes,
  changes: ['emails'],
  announces: ['customersAnswered'],
  exportTables: { emails: { scope: (actor) => emailReadable(actor, 't') } },
});
