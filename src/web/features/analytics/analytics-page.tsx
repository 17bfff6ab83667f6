import { useSearchParams } from 'react-router';
import { Car, DollarSign, Percent, UserPlus } from 'lucide-react';
import { changeBetween, formatChange, type ProductFigures } from '@shared/analytics/deal-analytics';
import {
  analyticsRangeLabels,
  analyticsRanges,
  conversionRateHint,
  type AnalyticsRange,
  type RangeAnalytics,
} from '@shared/analytics/range-analytics';
import { QueryState } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { SummaryCard } from '@/components/summary-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatCents, formatCount, formatRate } from '@/lib/format';
import { useFailureToast } from '@/lib/toast';
import { useRangeAnalytics } from './api';
import { AgentPerformance, SalesFunnel, ShowRateCard } from './performance-cards';
import { RankingBars, TrendChart } from './trend-chart';

const versus = (current: number, previous: number) =>
  `${formatChange(changeBetween(current, previous)) ?? 'No earlier figure'} from the period before`;

/** The range's four figures; each counts the days of the range (the picker says which), never a calendar month. */
function Figures({ cards, lastStage }: { cards: RangeAnalytics['cards']; lastStage: string }) {
  const rate = cards.conversion_rate;
  const points = rate.current !== null && rate.previous !== null ? (rate.current - rate.previous) * 100 : null;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard
        title="Revenue"
        value={formatCents(cards.revenue_cents.current)}
        hint={versus(cards.revenue_cents.current, cards.revenue_cents.previous)}
        icon={DollarSign}
      />
      <SummaryCard
        title="Cars Sold"
        value={formatCount(cards.cars_sold.current)}
        hint={versus(cards.cars_sold.current, cards.cars_sold.previous)}
        icon={Car}
      />
      <SummaryCard
        title="New Customers"
        value={formatCount(cards.new_customers.current)}
        hint={versus(cards.new_customers.current, cards.new_customers.previous)}
        icon={UserPlus}
      />
      <SummaryCard
        title="Conversion Rate"
        value={formatRate(rate.current)}
        hint={
          points === null
            ? conversionRateHint(lastStage)
            : `${points >= 0 ? '+' : ''}${points.toFixed(1)} points from the period before`
        }
        icon={Percent}
      />
    </div>
  );
}

/** The F&I products sold on the range's completed deals: their price, their cost and the back-end gross. */
function ProductsCard({ products }: { products: ProductFigures }) {
  const figures = [
    ['F&I Products Sold', products.products_cents],
    ['F&I Products Cost', products.products_cost_cents],
    ['Back-End Gross', products.back_end_gross_cents],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>F&amp;I Products</CardTitle>
        <CardDescription>Service contracts, GAP and other products on the worksheets of the same completed deals</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {figures.map(([label, cents]) => (
            <div key={label}>
              <dt className="text-muted-foreground text-sm">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{formatCents(cents, { exact: true })}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const range = (analyticsRanges as readonly string[]).includes(params.get('range') ?? '')
    ? (params.get('range') as AnalyticsRange)
    : '30d';
  const analytics = useRangeAnalytics(range);

  useFailureToast(analytics.isError, 'Failed to load analytics');

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Analytics Dashboard"
        description="Sales, customers and agents from your records"
        actions={
          <Select value={range} onValueChange={(value) => setParams(value === '30d' ? {} : { range: value }, { replace: true })}>
            <SelectTrigger aria-label="Range" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {analyticsRanges.map((r) => (
                <SelectItem key={r} value={r}>
                  {analyticsRangeLabels[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        }
      />
      <QueryState query={analytics} loadingMessage="Loading..." failedMessage="Failed to load analytics">
        {(data) => (
          <div className={analytics.isPlaceholderData ? 'grid grid-cols-1 gap-6 opacity-60' : 'grid grid-cols-1 gap-6'}>
            <Figures cards={data.cards} lastStage={data.funnel.at(-1)?.stage ?? ''} />
            <p className="text-muted-foreground -mt-3 text-sm">
              Revenue and cars sold count completed deals dated {data.from} to {data.to}.
            </p>
            <ProductsCard products={data.cards.products} />
            <Card>
              <CardHeader>
                <CardTitle>Monthly Trends</CardTitle>
                <CardDescription>
                  Revenue, cars sold and new customers per calendar month, counting only the days from {data.from} to {data.to}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <TrendChart trends={data.trends} />
              </CardContent>
            </Card>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Top Manufacturers</CardTitle>
                </CardHeader>
                <CardContent>
                  <RankingBars
                    empty="No completed deals in this range."
                    rows={data.top_manufacturers.map((m) => ({
                      key: m.manufacturer,
                      label: m.manufacturer,
                      units: m.units,
                      gross_cents: m.gross_cents,
                    }))}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Top Models</CardTitle>
                </CardHeader>
                <CardContent>
                  <RankingBars
                    empty="No completed deals in this range."
                    rows={data.top_models.map((m) => ({
                      key: `${m.manufacturer} ${m.model}`,
                      label: `${m.manufacturer} ${m.model}`,
                      units: m.units,
                      gross_cents: m.gross_cents,
                    }))}
                  />
                </CardContent>
              </Card>
            </div>
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <AgentPerformance agents={data.agent_performance} period={`${data.from} to ${data.to}`} />
              <SalesFunnel funnel={data.funnel} />
            </div>
            <ShowRateCard showRate={data.show_rate} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
