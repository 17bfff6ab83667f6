import type { WebArea } from '@/lib/area';
import { Mail } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { emailsApi } from '@shared/emails/api';
import { areaKey } from '@/lib/contract';

const CommunicationsPage = lazyNamed(() => import('./communications-page'), 'CommunicationsPage');

export const emailsArea: WebArea = {
  routes: [{ path: 'communications', element: <CommunicationsPage /> }],
  nav: [{ to: '/communications', label: 'Communications', icon: Mail, position: 90 }],
  refreshOn: { emails: [areaKey(emailsApi)] },
};
