import { Download } from 'lucide-react';
import type { CommissionMonth, CommissionReport } from '@shared/accounting/types';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents, formatCount } from '@/lib/format';
import { notifySuccess } from '@/lib/toast';
import { commissionCsvUrl, useCommissionReport } from './api';

type Totals = Pick<CommissionMonth, 'deals' | 'sales_cents' | 'broker_fees_cents' | 'back_end_gross_cents' | 'commission_cents'>;

const totalOf = (rows: CommissionMonth[]): Totals =>
  rows.reduce(
    (sum, row) => ({
      deals: sum.deals + row.deals,
      sales_cents: sum.sales_cents + row.sales_cents,
      broker_fees_cents: sum.broker_fees_cents + row.broker_fees_cents,
      back_end_gross_cents: sum.back_end_gross_cents + row.back_end_gross_cents,
      commission_cents: sum.commission_cents + row.commission_cents,
    }),
    { deals: 0, sales_cents: 0, broker_fees_cents: 0, back_end_gross_cents: 0, commission_cents: 0 },
  );

function Figures({ row }: { row: Totals }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{formatCount(row.deals)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatCents(row.sales_cents)}</TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">
        {formatCents(row.broker_fees_cents, { exact: true })}
      </TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">
        {formatCents(row.back_end_gross_cents, { exact: true })}
      </TableCell>
      <TableCell className="text-right font-medium tabular-nums">{formatCents(row.commission_cents, { exact: true })}</TableCell>
    </>
  );
}

const monthName = (month: string) => new Date(`${month}-01T00:00:00`).toLocaleDateString('en-US', { month: 'long' });

/** The report's rows by month: [month, its rows], months in order. */
function byMonth(rows: CommissionMonth[]): [string, CommissionMonth[]][] {
  const months = new Map<string, CommissionMonth[]>();
  for (const row of rows) months.set(row.month, [...(months.get(row.month) ?? []), row]);
  return [...months];
}

/**
 * The year's figures with its total. Admins and editors see each month as a heading over a row per agent; an agent
 * sees a row per month. Four columns on a phone, six from tablet width.
 */
function MonthlySummary({ report, showAgent }: { report: CommissionReport; showAgent: boolean }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{showAgent ? 'Agent' : 'Month'}</TableHead>
          <TableHead className="text-right">Deals</TableHead>
          <TableHead className="text-right">Sales</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Broker Fees</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Back-End Gross</TableHead>
          <TableHead className="text-right">Commission</TableHead>
        </TableRow>
      </TableHeader>
      {showAgent ? (
        byMonth(report.rows).map(([month, rows]) => (
          <TableBody key={month}>
            <TableRow className="bg-muted/40 hover:bg-muted/40">
              <TableHead scope="colgroup" colSpan={6} className="h-8 font-semibold">
                {monthName(month)}
              </TableHead>
            </TableRow>
            {rows.map((row) => (
              <TableRow key={row.user_id}>
                <TableCell className="whitespace-normal">{row.agent_name}</TableCell>
                <Figures row={row} />
              </TableRow>
            ))}
          </TableBody>
        ))
      ) : (
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.month}>
              <TableCell className="font-medium">{monthName(row.month)}</TableCell>
              <Figures row={row} />
            </TableRow>
          ))}
        </TableBody>
      )}
      <TableFooter>
        <TableRow>
          <TableCell className="font-medium">Total {report.year}</TableCell>
          <Figures row={totalOf(report.rows)} />
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/** Reports: the year's CSV download and its summary per agent and month. */
export function CommissionReports({
  year,
  onYearChange,
  showAgent,
}: {
  year: number | undefined;
  onYearChange: (year: number) => void;
  showAgent: boolean;
}) {
  const report = useCommissionReport(year);
  const data = report.data;
  if (report.isError)
    return <ErrorState message="Failed to fetch the commission report" error={report.error} onRetry={() => report.refetch()} />;
  if (!data) return <InlineLoading message="Loading report..." />;
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Select value={String(data.year)} onValueChange={(value) => onYearChange(Number(value))}>
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
          <p className="text-muted-foreground text-sm">Completed deals of {data.year}, by month</p>
        </div>
        <Button variant="outline" asChild>
          <a href={commissionCsvUrl(data.year)} download onClick={() => notifySuccess('Download Started')}>
            <Download /> Download CSV
          </a>
        </Button>
      </div>
      <div className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        {data.rows.length === 0 ? (
          <EmptyState message={`No completed deals in ${data.year}.`} />
        ) : (
          <MonthlySummary report={data} showAgent={showAgent} />
        )}
      </div>
    </div>
  );
}
