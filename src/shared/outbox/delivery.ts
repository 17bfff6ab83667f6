import { z } from 'zod';
import { outboxStatuses, type OutboxItem, type outboxKinds } from './types.js';

type OutboxKind = (typeof outboxKinds)[number];

/**
 * Where a message Torque sends stands, in the words its sender reads: queued (not tried yet), retrying (tried, failed,
 * will try again), sent, delivered (a text the provider reports as delivered), held (no mail server or texting
 * provider is set up, so it waits in the outbox), failed (refused for good, out of retries, or reported undelivered) or
 * discarded (held mail an admin chose not to send). One rule for every screen that lists a message.
 */
export const deliveryStates = ['queued', 'retrying', 'sent', 'delivered', 'held', 'failed', 'discarded'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

const deliveryLabels: Record<DeliveryState, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sent: 'Sent',
  delivered: 'Delivered',
  held: 'Held',
  failed: 'Failed',
  discarded: 'Discarded',
};
/** What a held message of each kind waits for. */
const heldFor: Record<OutboxKind, string> = { email: 'no mail server', sms: 'no SMS provider', webhook: 'no address' };

/** A state's words: 'Held — no mail server' for mail waiting for SMTP_URL. */
export const deliveryLabel = (state: DeliveryState, kind: OutboxKind = 'email') =>
  state === 'held' ? `${deliveryLabels.held} — ${heldFor[kind]}` : deliveryLabels[state];

/** A message's delivery as the outbox keeps it: enough to say its state and, when it failed, why. */
export const deliverySchema = z.object({
  status: z.enum(outboxStatuses),
  attempts: z.number(),
  last_error: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export function deliveryStateOf(
  delivery: Pick<OutboxItem, 'status' | 'attempts'> & { delivered_at?: string | null },
): DeliveryState {
  if (delivery.status === 'pending') return delivery.attempts > 0 ? 'retrying' : 'queued';
  if (delivery.status === 'sent' && delivery.delivered_at) return 'delivered';
  return delivery.status;
}

/** The line a state's badge carries beside it: the last error of a failed or retried message. */
export const deliveryProblem = (delivery: Delivery) =>
  delivery.status === 'failed' || (delivery.status === 'pending' && delivery.attempts > 0) ? delivery.last_error : null;

const AGE_UNITS = [
  ['day', 24 * 60 * 60_000],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
] as const;

/** How long a mail has been held, in its largest whole unit: 'held 3 days', 'held 1 hour', 'held just now'. */
export function heldAge(createdAt: string | Date, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(createdAt).getTime();
  for (const [unit, ms] of AGE_UNITS) {
    const count = Math.floor(elapsed / ms);
    if (count >= 1) return `held ${count} ${unit}${count === 1 ? '' : 's'}`;
  }
  return 'held just now';
}
