import { InlineLoading } from '@/components/loading-screen';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useDealList } from './api';
import { DealRow } from './deal-row';

/** "Deals for this vehicle", the deals area's card on a vehicle's page. */
export function VehicleDealsCard({ vehicleId }: { vehicleId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Deals for this vehicle</CardTitle>
      </CardHeader>
      <CardContent>
        <VehicleDeals vehicleId={vehicleId} />
      </CardContent>
    </Card>
  );
}

/** The deals that used a vehicle, newest first. */
function VehicleDeals({ vehicleId }: { vehicleId: string }) {
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
