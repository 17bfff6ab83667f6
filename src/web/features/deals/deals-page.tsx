import { Link, useSearchParams } from 'react-router';
import { BarChart3, DollarSign, Download, FileText, Plus, Receipt, TrendingUp } from 'lucide-react';
import { dealAnalyticsTabs, type DealAnalyticsTab } from '@shared/analytics/deal-analytics';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toSearchParams } from '@/lib/api-client';
import { urlOf } from '@/lib/contract';
import { dealsApi } from '@shared/deals/api';
import { formatCents, formatCount } from '@/lib/format';
import { notifySuccess, useFailureToast } from '@/lib/toast';
import { useDealAnalytics } from './api';
import { IndividualDeals } from './individual-deals';
import { ManufacturerTable } from './manufacturer-table';
import { MonthlyTable } from './monthly-table';

function useDealsPageParams() {
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || undefined;
  const tab = (dealAnalyticsTabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as DealAnalyticsTab)
    : 'manufacturer';
  const set = (next: { year?: number; tab?: DealAnalyticsTab }) =>
    setParams(
      toSearchParams({ year: next.year ?? year, tab: (next.tab ?? tab) === 'manufacturer' ? undefined : (next.tab ?? tab) }),
      { replace: true },
    );
  return { year, tab, set };
}

export function DealsPage() {
  const { year, tab, set } = useDealsPageParams();
  const analytics = useDealAnalytics(year);
  const data = analytics.data;
  const shownYear = data?.year ?? year;

  useFailureToast(analytics.isError, 'Failed to fetch deals');

  const downloads = shownYear !== undefined && (
    <>
      <Button variant="outline" asChild>
        <a
          href={urlOf(dealsApi.analyticsCsv, { query: { year: shownYear, tab } })}
          download
          onClick={() => notifySuccess('Download Started')}
        >
          <Download /> Export Report
        </a>
      </Button>
      <Button variant="outline" asChild>
        <a
          href={urlOf(dealsApi.statementPdf, { query: { year: shownYear } })}
          download
          onClick={() => notifySuccess('Download Started')}
        >
          <FileText /> Generate Statement
        </a>
      </Button>
    </>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Deal Analytics"
        description="Sales performance, broker fees and every deal of the year"
        actions={
          <>
            {downloads}
            <Button asChild>
              <Link to="/deals/new">
                <Plus /> New Deal
              </Link>
            </Button>
          </>
        }
      />

      {data && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Select value={String(data.year)} onValueChange={(value) => set({ year: Number(value) })}>
            <SelectTrigger aria-label="Year" className="w-28 shrink-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {data.years.map((y) => (
                <SelectItem key={y} value={String(y)}>
                  {y}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-muted-foreground text-sm">
            Figures for {data.year} count completed deals only. Individual Deals lists every deal of the year, whatever its
            status.
          </p>
        </div>
      )}

      {analytics.isError ? (
        <ErrorState message="Failed to fetch deals" error={analytics.error} onRetry={() => analytics.refetch()} />
      ) : analytics.isPending ? (
        <InlineLoading message="Loading deals..." />
      ) : !data?.has_deals ? (
        <Card>
          <CardContent>
            <EmptyState message="No deals found." linkTo="/deals/new" linkText="Create your first deal" />
          </CardContent>
        </Card>
      ) : (
        <>
          <div
            className={
              analytics.isPlaceholderData
                ? 'grid grid-cols-1 gap-3 opacity-60 sm:grid-cols-2 lg:grid-cols-4'
                : 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4'
            }
          >
            <SummaryCard title="YTD Units Sold" value={formatCount(data.totals.units)} icon={BarChart3} />
            <SummaryCard title="YTD Gross Sales" value={formatCents(data.totals.gross_cents)} icon={DollarSign} />
            <SummaryCard title="YTD Broker Fees" value={formatCents(data.totals.fees_cents)} icon={Receipt} />
            <SummaryCard title="Avg Deal Size" value={formatCents(data.totals.average_deal_cents)} icon={TrendingUp} />
          </div>

          <Tabs value={tab} onValueChange={(value) => set({ tab: value as DealAnalyticsTab })}>
            <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-fit">
              <TabsTrigger value="manufacturer" className="whitespace-normal sm:whitespace-nowrap">
                By Manufacturer
              </TabsTrigger>
              <TabsTrigger value="monthly" className="whitespace-normal sm:whitespace-nowrap">
                Monthly Breakdown
              </TabsTrigger>
              <TabsTrigger value="deals" className="whitespace-normal sm:whitespace-nowrap">
                Individual Deals
              </TabsTrigger>
            </TabsList>
            <Card className="py-4">
              <CardContent className="px-4">
                <TabsContent value="manufacturer">
                  <ManufacturerTable rows={data.by_manufacturer} />
                </TabsContent>
                <TabsContent value="monthly">
                  <MonthlyTable rows={data.monthly} />
                </TabsContent>
                <TabsContent value="deals">
                  <IndividualDeals year={data.year} />
                </TabsContent>
              </CardContent>
            </Card>
          </Tabs>
        </>
      )}
    </div>
  );
}
