import type { WebArea } from '@/lib/area';
import { Inbox } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { leadsApi } from '@shared/leads/api';
import { areaKey } from '@/lib/contract';

const LeadsPage = lazyNamed(() => import('./leads-page'), 'LeadsPage');
const LeadSourcesCard = lazyNamed(() => import('./lead-sources-card'), 'LeadSourcesCard');
const CustomerLeadsCard = lazyNamed(() => import('./customer-leads-card'), 'CustomerLeadsCard');

export const leadsArea: WebArea = {
  routes: [{ path: 'leads', element: <LeadsPage /> }],
  // The spec does not name Leads; it follows Customers.
  nav: [{ to: '/leads', label: 'Leads', icon: Inbox, position: 30 }],
  refreshOn: { leads: [areaKey(leadsApi)] },
  settingsCards: [{ position: 60, element: <LeadSourcesCard />, shownTo: 'editSettings' }],
  customerCards: [{ position: 20, render: (c) => <CustomerLeadsCard customerId={c.id} /> }],
};
