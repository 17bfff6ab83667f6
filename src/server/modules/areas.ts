import type { ExportContents } from '../platform/export-rules.js';
import { installHandlers } from '../platform/events.js';
import { accountingArea } from './accounting/index.js';
import { analyticsArea } from './analytics/index.js';
import { auditArea } from './audit/index.js';
import { backupArea } from './backup/index.js';
import { chatArea } from './chat/index.js';
import { consentArea } from './consent/index.js';
import { conversationsArea } from './conversations/index.js';
import { cosignersArea } from './cosigners/index.js';
import { customersArea } from './customers/index.js';
import { dealsArea } from './deals/index.js';
import { deskingArea } from './desking/index.js';
import { documentsArea } from './documents/index.js';
import { emailsArea } from './emails/index.js';
import { exportArea } from './export/index.js';
import { healthArea } from './health/index.js';
import { inboundHooksArea } from './inbound-hooks/index.js';
import { importsArea } from './imports/index.js';
import { leadsArea } from './leads/index.js';
import { listingsArea } from './listings/index.js';
import { mailboxesArea } from './mailboxes/index.js';
import { notificationsArea } from './notifications/index.js';
import { offersArea } from './offers/index.js';
import { outboxArea } from './outbox/index.js';
import { sessionArea } from './session/index.js';
import { settingsArea } from './settings/index.js';
import { tasksArea } from './tasks/index.js';
import { teamArea } from './team/index.js';
import { textingArea } from './texting/index.js';
import { usersArea } from './users/index.js';
import { vehiclesArea } from './vehicles/index.js';
import { webhooksArea } from './webhooks/index.js';

/** Every area of the server, in the order their routes register. Adding an area is its folder and one line here. */
export const areas = [
  healthArea,
  sessionArea,
  usersArea,
  teamArea,
  settingsArea,
  backupArea,
  exportArea,
  chatArea,
  notificationsArea,
  customersArea,
  documentsArea,
  consentArea,
  inboundHooksArea,
  emailsArea,
  mailboxesArea,
  vehiclesArea,
  importsArea,
  dealsArea,
  deskingArea,
  analyticsArea,
  accountingArea,
  outboxArea,
  webhooksArea,
  textingArea,
  conversationsArea,
  offersArea,
  cosignersArea,
  leadsArea,
  listingsArea,
  tasksArea,
  auditArea,
];

// Each area's handlers of the events others announce, wired once for every app built on this list.
installHandlers(areas);

/** What the full export holds: every area's table rules together, and the readable files, in the areas' order. */
export const exportContents: ExportContents = {
  tables: Object.assign({}, ...areas.map((area) => area.exportTables)),
  readable: areas.flatMap((area) => area.readableFiles ?? []),
};
