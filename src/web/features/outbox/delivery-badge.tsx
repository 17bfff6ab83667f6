import { deliveryLabel, deliveryProblem, deliveryStateOf, type Delivery, type DeliveryState } from '@shared/outbox/delivery';
import type { outboxKinds } from '@shared/outbox/types';
import { Badge } from '@/components/ui/badge';

const variants: Record<DeliveryState, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  sent: 'default',
  delivered: 'default',
  queued: 'secondary',
  retrying: 'secondary',
  held: 'outline',
  failed: 'destructive',
  discarded: 'outline',
};

/** Where a message Torque sends stands (queued, retrying, sent, delivered, held, failed, discarded), with the last error when it has one. */
export function DeliveryBadge({
  delivery,
  kind,
}: {
  delivery: Delivery & { delivered_at?: string | null };
  kind?: (typeof outboxKinds)[number];
}) {
  const state = deliveryStateOf(delivery);
  const problem = deliveryProblem(delivery);
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-1.5">
      <Badge variant={variants[state]}>{deliveryLabel(state, kind)}</Badge>
      {problem && <span className="text-destructive truncate text-xs">{problem}</span>}
    </span>
  );
}
