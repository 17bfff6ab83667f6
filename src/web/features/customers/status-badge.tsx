import type { CustomerStatus } from '@shared/customers/options';
import { Badge } from '@/components/ui/badge';

const variants = { active: 'default', prospect: 'secondary', inactive: 'outline' } as const;

/** active: default style, prospect: secondary, inactive: outline (spec §2). */
export function StatusBadge({ status }: { status: CustomerStatus }) {
  return <Badge variant={variants[status]}>{status}</Badge>;
}
