import { TrendingDown, TrendingUp } from 'lucide-react';
import { formatChange, type MonthSales } from '@shared/analytics/deal-analytics';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents, formatCount } from '@/lib/format';

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

/** Sales against the month before; no badge when the month before sold nothing. */
function ChangeBadge({ change }: { change: number | null }) {
  const text = formatChange(change);
  if (text === null)
    return (
      <span className="text-muted-foreground text-xs" title="No sales the month before">
        —
      </span>
    );
  const up = change! >= 0;
  return (
    <Badge variant="outline" className={up ? 'text-success border-success/40' : 'text-destructive border-destructive/40'}>
      {up ? <TrendingUp aria-hidden /> : <TrendingDown aria-hidden />}
      {text}
    </Badge>
  );
}

export function MonthlyTable({ rows }: { rows: MonthSales[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Month</TableHead>
          <TableHead className="text-right">Units</TableHead>
          <TableHead className="text-right">Sales</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Fees</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Average</TableHead>
          <TableHead className="hidden text-right md:table-cell">Back-End Gross</TableHead>
          <TableHead className="text-right">Growth</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.month}>
            <TableCell className="font-medium">{monthLabel(row.month)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.units)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCents(row.gross_cents)}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatCents(row.fees_cents)}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatCents(row.average_deal_cents)}</TableCell>
            <TableCell
              className="hidden text-right tabular-nums md:table-cell"
              title={`F&I products sold for ${formatCents(row.products_cents, { exact: true })}, less their cost`}
            >
              {formatCents(row.back_end_gross_cents)}
            </TableCell>
            <TableCell className="text-right">
              <ChangeBadge change={row.change} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
