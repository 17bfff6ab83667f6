import type { DealStatus } from '@shared/deals/options';
import { dealStatusLabels } from '@shared/deals/options';
import { Badge } from '@/components/ui/badge';

const variants = { completed: 'success', pending: 'warning', 'in-progress': 'secondary', cancelled: 'outline' } as const;

export function DealStatusBadge({ status }: { status: DealStatus }) {
  return <Badge variant={variants[status]}>{dealStatusLabels[status]}</Badge>;
}
