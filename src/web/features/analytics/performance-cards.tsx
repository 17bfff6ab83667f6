import { Link } from 'react-router';
import { agentFigures } from '@shared/analytics/agent-figures';
import {
  agentPerformanceOf,
  FUNNEL_DESCRIPTION,
  SHOW_RATE_DESCRIPTION,
  type RangeAnalytics,
  type ShowRate,
} from '@shared/analytics/range-analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents, formatCount, formatRate } from '@/lib/format';

/** Each agent's completed deals dated in the range, their sales and their broker fees. */
export function AgentPerformance({ agents, period }: { agents: RangeAnalytics['agent_performance']; period: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agent Performance</CardTitle>
        <CardDescription>{agentPerformanceOf(period)}</CardDescription>
      </CardHeader>
      <CardContent>
        {agents.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">No completed deals in this range.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Agent</TableHead>
                <TableHead className="text-right">{agentFigures.completedDeals.label}</TableHead>
                <TableHead className="text-right">Sales</TableHead>
                <TableHead className="text-right">Broker Fees</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {agents.map((agent) => (
                <TableRow key={agent.user_id}>
                  <TableCell className="font-medium">{agent.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{agent.deals}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCents(agent.gross_cents)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCents(agent.fees_cents)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The customers first recorded in the range at each pipeline stage of the settings or beyond (a completed sale moves its
 * customer to the last); each figure opens the Customers list of exactly those customers.
 */
export function SalesFunnel({ funnel }: { funnel: RangeAnalytics['funnel'] }) {
  const leads = funnel[0]?.count ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sales Funnel</CardTitle>
        <CardDescription>{FUNNEL_DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {funnel.map((stage, i) => {
            const share = leads > 0 ? stage.count / leads : 0;
            return (
              <li key={i} className="grid gap-1">
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="font-medium">{stage.stage}</span>
                  <span className="flex items-baseline gap-2 tabular-nums">
                    <Link
                      to={`/customers?${stage.query}`}
                      className="text-primary underline-offset-4 hover:underline"
                      aria-label={`${stage.stage}: ${formatCount(stage.count)} customers`}
                    >
                      {formatCount(stage.count)}
                    </Link>
                    {i > 0 && leads > 0 && <span className="text-muted-foreground">{(share * 100).toFixed(1)}% of leads</span>}
                  </span>
                </div>
                <div className="bg-muted h-3 overflow-hidden rounded-full" aria-hidden>
                  <div
                    className="h-full rounded-full"
                    style={{ width: `${share * 100}%`, background: `var(--chart-${(i % 5) + 1})` }}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

/** One side of the show rate: each agent's or lead source's appointments of the range and who came. */
function ShowRateTable({ rows, by }: { rows: ShowRate[]; by: string }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{by}</TableHead>
          <TableHead className="text-right">Booked</TableHead>
          <TableHead className="text-right">Showed</TableHead>
          <TableHead className="text-right">No-show</TableHead>
          <TableHead className="text-right">Sold</TableHead>
          <TableHead className="text-right">Show rate</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell className="font-medium">{row.name}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.booked)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.showed)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.no_show)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.sold)}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatRate(row.rate)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Appointments of the range by agent and by the customer's lead source: booked, and who came over those done. */
export function ShowRateCard({ showRate }: { showRate: RangeAnalytics['show_rate'] }) {
  return (
    // Its tables scroll in their own box on a phone instead of widening the page.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Appointment Show Rate</CardTitle>
        <CardDescription>{SHOW_RATE_DESCRIPTION}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {showRate.by_agent.length === 0 ? (
          <p className="text-muted-foreground py-6 text-center text-sm">No appointments in this range.</p>
        ) : (
          <>
            <ShowRateTable rows={showRate.by_agent} by="Agent" />
            <ShowRateTable rows={showRate.by_source} by="Lead source" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
