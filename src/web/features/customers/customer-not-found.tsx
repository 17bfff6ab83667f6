import { EmptyState } from '@/components/empty-state';
import { Card, CardContent } from '@/components/ui/card';

/** A customer that does not exist, or that belongs to someone else: the same answer. */
export function CustomerNotFound() {
  return (
    <Card>
      <CardContent>
        <EmptyState message="Customer not found." linkTo="/customers" linkText="Back to Customers" />
      </CardContent>
    </Card>
  );
}
