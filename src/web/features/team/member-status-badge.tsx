import type { MemberStatus } from '@shared/team/schemas';
import { Badge } from '@/components/ui/badge';

const variants = { active: 'default', pending: 'secondary', inactive: 'outline' } as const;

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return <Badge variant={variants[status]}>{status}</Badge>;
}
