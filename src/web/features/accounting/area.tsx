import type { WebArea } from '@/lib/area';
import { Calculator } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { accountingApi } from '@shared/accounting/api';
import { areaKey } from '@/lib/contract';

const AccountingPage = lazyNamed(() => import('./accounting-page'), 'AccountingPage');

export const accountingArea: WebArea = {
  routes: [{ path: 'accounting', element: <AccountingPage /> }],
  nav: [{ to: '/accounting', label: 'Accounting', icon: Calculator, position: 100 }],
  refreshOn: { deals: [areaKey(accountingApi)] },
};
