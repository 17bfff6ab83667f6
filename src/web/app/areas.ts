import { dashboardArea } from '@/features/dashboard/area';
import { usersArea } from '@/features/users/area';
import { tasksArea } from '@/features/tasks/area';
import { customersArea } from '@/features/customers/area';
import { leadsArea } from '@/features/leads/area';
import { consentArea } from '@/features/consent/area';
import { cosignersArea } from '@/features/cosigners/area';
import { vehiclesArea } from '@/features/vehicles/area';
import { dealsArea } from '@/features/deals/area';
import { deskingArea } from '@/features/desking/area';
import { teamArea } from '@/features/team/area';
import { analyticsArea } from '@/features/analytics/area';
import { emailsArea } from '@/features/emails/area';
import { conversationsArea } from '@/features/conversations/area';
import { mailboxesArea } from '@/features/mailboxes/area';
import { outboxArea } from '@/features/outbox/area';
import { accountingArea } from '@/features/accounting/area';
import { offersArea } from '@/features/offers/area';
import { chatArea } from '@/features/chat/area';
import { settingsArea } from '@/features/settings/area';
import { listingsArea } from '@/features/listings/area';
import { inboundHooksArea } from '@/features/inbound-hooks/area';
import { textingArea } from '@/features/texting/area';
import { webhooksArea } from '@/features/webhooks/area';
import { exportArea } from '@/features/export/area';
import type { CustomerCard, NavItem, SettingsCard, VehicleCard, WebArea } from '@/lib/area';

/** Every feature with screens or live lists of its own. Adding one is its folder and one line here. */
export const webAreas: WebArea[] = [
  dashboardArea,
  usersArea,
  tasksArea,
  customersArea,
  leadsArea,
  consentArea,
  cosignersArea,
  vehiclesArea,
  dealsArea,
  deskingArea,
  teamArea,
  analyticsArea,
  emailsArea,
  conversationsArea,
  mailboxesArea,
  outboxArea,
  accountingArea,
  offersArea,
  chatArea,
  settingsArea,
  listingsArea,
  inboundHooksArea,
  textingArea,
  webhooksArea,
  exportArea,
];

/** What every area declares of one kind (each with its `position`), in the page's order. */
const inOrder = <T extends { position: number }>(pick: (area: WebArea) => T[] | undefined): T[] =>
  webAreas.flatMap((area) => pick(area) ?? []).sort((a, b) => a.position - b.position);

/** The sidebar's links, in the spec's order. */
export const navItems: NavItem[] = inOrder((area) => area.nav);
/** Every area's cards on the settings page, on a customer's page and on a vehicle's page. */
export const settingsCards: SettingsCard[] = inOrder((area) => area.settingsCards);
export const customerCards: CustomerCard[] = inOrder((area) => area.customerCards);
export const vehicleCards: VehicleCard[] = inOrder((area) => area.vehicleCards);
