import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RangeAnalytics } from '@shared/analytics/range-analytics';
import { formatCents } from '@/lib/format';
import { formatDollars, toCents, toDollars } from '@shared/money';

const monthShort = (month: string) =>
  new Date(`${month}-01T00:00:00`).toLocaleDateString('en-US', { month: 'short', year: 'numeric' });

/** Revenue as bars, cars sold and new customers as lines; the same numbers as a table for screen readers. */
export function TrendChart({ trends }: { trends: RangeAnalytics['trends'] }) {
  const data = trends.map((t) => ({ ...t, label: monthShort(t.month), revenue: toDollars(t.revenue_cents) }));
  return (
    <>
      <div className="h-72 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {/* The table below is what assistive technology reads; the drawing itself takes no focus. */}
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} stroke="var(--muted-foreground)" />
            <YAxis
              yAxisId="money"
              tickFormatter={(v: number) => formatDollars(toCents(v), { compact: true })}
              tickLine={false}
              axisLine={false}
              fontSize={12}
              width={56}
              stroke="var(--muted-foreground)"
            />
            <YAxis
              yAxisId="count"
              orientation="right"
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              fontSize={12}
              width={32}
              stroke="var(--muted-foreground)"
            />
            <Tooltip
              contentStyle={{
                background: 'var(--popover)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--popover-foreground)',
              }}
              formatter={(value, name) => (name === 'Revenue' ? formatCents(toCents(Number(value))) : value)}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar
              yAxisId="money"
              dataKey="revenue"
              name="Revenue"
              fill="var(--chart-1)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
            <Line
              yAxisId="count"
              dataKey="units"
              name="Cars sold"
              stroke="var(--chart-2)"
              strokeWidth={2}
              dot
              isAnimationActive={false}
            />
            <Line
              yAxisId="count"
              dataKey="new_customers"
              name="New customers"
              stroke="var(--chart-3)"
              strokeWidth={2}
              dot
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      {/* A table keeps its content's width whatever its own class says, so the hiding box is a div around it. */}
      <div className="sr-only">
        <table>
          <caption>Monthly trends</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Revenue</th>
              <th scope="col">Cars sold</th>
              <th scope="col">New customers</th>
            </tr>
          </thead>
          <tbody>
            {trends.map((t) => (
              <tr key={t.month}>
                <th scope="row">{monthShort(t.month)}</th>
                <td>{formatCents(t.revenue_cents)}</td>
                <td>{t.units}</td>
                <td>{t.new_customers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Horizontal bars for a short ranking (manufacturers, models); the list itself carries the numbers. */
export function RankingBars({
  rows,
  empty,
}: {
  rows: { key: string; label: string; units: number; gross_cents: number }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-muted-foreground py-6 text-center text-sm">{empty}</p>;
  const top = Math.max(...rows.map((r) => r.gross_cents), 1);
  return (
    <ol className="grid gap-3">
      {rows.map((row, i) => (
        <li key={row.key} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="truncate font-medium">
              <span className="text-muted-foreground mr-2 tabular-nums">{i + 1}.</span>
              {row.label}
            </span>
            <span className="shrink-0 tabular-nums">
              {formatCents(row.gross_cents)} <span className="text-muted-foreground">· {row.units} sold</span>
            </span>
          </div>
          <div className="bg-muted h-2 overflow-hidden rounded-full" aria-hidden>
            <div
              className="h-full rounded-full"
              style={{ width: `${(row.gross_cents / top) * 100}%`, background: `var(--chart-${(i % 5) + 1})` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
