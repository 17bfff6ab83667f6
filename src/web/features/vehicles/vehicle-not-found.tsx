import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/empty-state';

/** A vehicle that does not exist, or belongs to another agent: the same answer for both. */
export function VehicleNotFound() {
  return (
    <Card>
      <CardContent>
        <EmptyState message="Vehicle not found." linkTo="/inventory" linkText="Back to Inventory" />
      </CardContent>
    </Card>
  );
}
