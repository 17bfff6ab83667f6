import { Link } from 'react-router';
import { InlineLoading } from '@/components/loading-screen';
import { formatCents, formatDate } from '@/lib/format';
import { useDealList } from './api';
import { DealStatusBadge } from './deal-status-badge';

/** The deals that used a vehicle, newest first, for the vehicle's page. */
export function VehicleDeals({ vehicleId }: { vehicleId: string }) {
  const deals = useDealList({ vehicle_id: vehicleId, limit: 20 });
  if (deals.isPending) return <InlineLoading message="Loading deals..." />;
  const items = deals.data?.items ?? [];
  if (items.length === 0) return <p className="text-muted-foreground text-sm">No deals have used this vehicle yet.</p>;
  return (
    <ul className="divide-y rounded-md border">
      {items.map((deal) => (
        <li key={deal.id}>
          <Link
            to={`/deals/${deal.id}`}
            className="hover:bg-muted/50 flex flex-wrap items-center justify-between gap-2 px-3 py-2"
          >
            <span className="grid">
              <span className="text-sm font-medium">{deal.customer_name}</span>
              <span className="text-muted-foreground text-xs">
                {formatDate(deal.date)} · {deal.agent_name}
              </span>
            </span>
            <span className="flex items-center gap-3">
              <span className="text-sm tabular-nums">{formatCents(deal.contract_price_cents)}</span>
              <DealStatusBadge status={deal.status} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
