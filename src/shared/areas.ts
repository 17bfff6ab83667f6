import { chatArea } from './chat/area.js';
import { consentArea } from './consent/area.js';
import { conversationsArea } from './conversations/area.js';
import { cosignersArea } from './cosigners/area.js';
import { customersArea } from './customers/area.js';
import { dealsArea } from './deals/area.js';
import { documentsArea } from './documents/area.js';
import { emailsArea } from './emails/area.js';
import { leadsArea } from './leads/area.js';
import { mailboxesArea } from './mailboxes/area.js';
import { outboxArea } from './outbox/area.js';
import { tasksArea } from './tasks/area.js';
import { teamArea } from './team/area.js';
import { vehiclesArea } from './vehicles/area.js';

/**
 * Every area that declares something both sides need (`<area>/area.ts`), by its name. The order is the settings
 * page's order of notification events.
 */
export const sharedAreas = {
  deals: dealsArea,
  customers: customersArea,
  vehicles: vehiclesArea,
  documents: documentsArea,
  chat: chatArea,
  team: teamArea,
  consent: consentArea,
  leads: leadsArea,
  cosigners: cosignersArea,
  tasks: tasksArea,
  emails: emailsArea,
  conversations: conversationsArea,
  mailboxes: mailboxesArea,
  outbox: outboxArea,
};

type Areas = typeof sharedAreas;
export type SharedAreaName = keyof Areas;
export const sharedAreaNames = Object.keys(sharedAreas) as SharedAreaName[];
