import { EmptyState } from '@/components/empty-state';

/** A deal that does not exist, or one the user may not see: the same answer. */
export function DealNotFound() {
  return <EmptyState message="Deal not found." linkTo="/deals" linkText="Go to Deals" />;
}
