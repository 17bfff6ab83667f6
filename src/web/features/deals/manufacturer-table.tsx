import type { ManufacturerSales } from '@shared/analytics/deal-analytics';
import { EmptyState } from '@/components/empty-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents, formatCount } from '@/lib/format';

const formatShare = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Sales per manufacturer, biggest first, with the unit share drawn as a bar. */
export function ManufacturerTable({ rows }: { rows: ManufacturerSales[] }) {
  if (rows.length === 0) return <EmptyState message="No completed deals in this year." />;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Manufacturer</TableHead>
          <TableHead className="text-right">Units</TableHead>
          <TableHead className="text-right">Gross Sales</TableHead>
          <TableHead className="text-right">Broker Fees</TableHead>
          <TableHead className="hidden text-right md:table-cell">Avg Deal Size</TableHead>
          <TableHead className="hidden text-right md:table-cell">Avg Broker Fee</TableHead>
          <TableHead className="min-w-40">Market Share</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.manufacturer}>
            <TableCell className="font-medium">{row.manufacturer}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCount(row.units)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCents(row.gross_cents)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatCents(row.fees_cents)}</TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">{formatCents(row.average_deal_cents)}</TableCell>
            <TableCell className="hidden text-right tabular-nums md:table-cell">{formatCents(row.average_fee_cents)}</TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <div className="bg-muted h-2 w-24 overflow-hidden rounded-full" aria-hidden>
                  <div className="bg-primary h-full rounded-full" style={{ width: `${Math.min(100, row.share * 100)}%` }} />
                </div>
                <span className="text-muted-foreground text-xs tabular-nums">{formatShare(row.share)}</span>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
