import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DealStatus } from '@shared/deals/options';
import { formatCents } from '@/lib/format';
import { DealStatusBadge } from './deal-status-badge';

type RowDeal = { id: string; customer_name: string; contract_price_cents: number; status: DealStatus };

/** A deal as a line of a short list: its customer and `details` on the left, its price and status on the right. */
export function DealRow({ deal, details, className }: { deal: RowDeal; details: ReactNode; className: string }) {
  return (
    <li>
      <Link
        to={`/deals/${deal.id}`}
        className={`hover:bg-muted/50 flex items-center justify-between gap-3 rounded-md ${className}`}
      >
        <span className="grid min-w-0">
          <span className="truncate text-sm font-medium">{deal.customer_name}</span>
          <span className="text-muted-foreground truncate text-xs">{details}</span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className="text-sm font-semibold tabular-nums">{formatCents(deal.contract_price_cents)}</span>
          <DealStatusBadge status={deal.status} />
        </span>
      </Link>
    </li>
  );
}
