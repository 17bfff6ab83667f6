import type { CustomerSource } from '@shared/customers/source';
import { leadChannelLabels } from '@shared/leads/schemas';
import { Badge } from '@/components/ui/badge';

/** Where a customer came from: the lead source's name, and how its lead arrived when a lead source sent it. */
export function SourceBadge({ source }: { source: CustomerSource | null }) {
  if (!source) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant="outline">{source.name}</Badge>
      {source.channel && <span className="text-muted-foreground text-xs">{leadChannelLabels[source.channel]}</span>}
    </span>
  );
}
