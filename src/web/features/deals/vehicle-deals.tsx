import { InlineLoading } from '@/components/loading-screen';
import { formatDate } from '@/lib/format';
import { useDealList } from './api';
import { DealRow } from './deal-row';

/** The deals that used a vehicle, newest first, for the vehicle's page. */
export function VehicleDeals({ vehicleId }: { vehicleId: string }) {
  const deals = useDealList({ vehicle_id: vehicleId, limit: 20 });
  if (deals.isPending) return <InlineLoading message="Loading deals..." />;
  const items = deals.data?.items ?? [];
  if (items.length === 0) return <p className="text-muted-foreground text-sm">No deals have used this vehicle yet.</p>;
  return (
    <ul className="divide-y rounded-md border">
      {items.map((deal) => (
        <DealRow key={deal.id} deal={deal} className="px-3 py-2" details={`${formatDate(deal.date)} · ${deal.agent_name}`} />
      ))}
    </ul>
  );
}
