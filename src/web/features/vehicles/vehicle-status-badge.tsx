import type { VehicleStatus } from '@shared/vehicles/options';
import { Badge } from '@/components/ui/badge';

const variants = {
  available: 'success',
  pending: 'warning',
  sold: 'secondary',
  reserved: 'outline',
} as const satisfies Record<VehicleStatus, 'success' | 'warning' | 'secondary' | 'outline'>;

export function VehicleStatusBadge({ status }: { status: VehicleStatus }) {
  return (
    <Badge variant={variants[status]} className="capitalize">
      {status}
    </Badge>
  );
}
