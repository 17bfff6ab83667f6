import { useSearchParams } from 'react-router';
import { mayManageCommissions } from '@shared/accounting/rules';
import { seesAllRecords } from '@shared/users/roles';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentSession } from '@/features/auth/api';
import { toSearchParams } from '@/lib/api-client';
import { CommissionManagement } from './commission-management';
import { CommissionReports } from './commission-reports';
import { DealCommissions } from './deal-commissions';
import { CommissionSummaryCards } from './summary-cards';

const tabLabels = { management: 'Commission Management', deals: 'Deal Commission', reports: 'Reports' } as const;
type AccountingTab = keyof typeof tabLabels;

/** The tab and the report's year live in the address, so a reload or a shared link opens the same view. */
function useAccountingParams(tabs: AccountingTab[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as AccountingTab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const year = Number(params.get('year')) || undefined;
  const set = (next: { tab?: AccountingTab; year?: number }) =>
    setParams(toSearchParams({ tab: next.tab ?? tab, year: next.year ?? year }), { replace: true });
  return { tab, year, set };
}

export function AccountingPage() {
  const { user } = useCurrentSession();
  const manages = mayManageCommissions(user.role);
  const seesAll = seesAllRecords(user.role);
  const tabs: AccountingTab[] = manages ? ['management', 'deals', 'reports'] : ['deals', 'reports'];
  const { tab, year, set } = useAccountingParams(tabs);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Accounting & Commissions"
        description={seesAll ? 'Commissions of every agent, deal by deal' : 'Your commissions, deal by deal'}
      />
      <CommissionSummaryCards seesAll={seesAll} />
      <Tabs value={tab} onValueChange={(value) => set({ tab: value as AccountingTab })}>
        <TabsList className={manages ? 'grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-fit' : 'w-full sm:w-fit'}>
          {tabs.map((t) => (
            <TabsTrigger key={t} value={t} className="whitespace-normal sm:whitespace-nowrap">
              {tabLabels[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <Card className="py-4">
          <CardContent className="px-4">
            {manages && (
              <TabsContent value="management">
                <CommissionManagement />
              </TabsContent>
            )}
            <TabsContent value="deals">
              <DealCommissions showAgent={seesAll} />
            </TabsContent>
            <TabsContent value="reports">
              <CommissionReports year={year} onYearChange={(y) => set({ year: y })} showAgent={seesAll} />
            </TabsContent>
          </CardContent>
        </Card>
      </Tabs>
    </div>
  );
}
