import type { Kysely } from 'kysely';
import type { Actor } from '../auth/actor.js';
import type { DB } from '../db/schema.js';

/**
 * What an area announces when something happens that another area, above it, acts on: the lower area never imports
 * the higher one. Each event's handlers run in the announcer's transaction, one after another, so what they do
 * commits or rolls back with the change that caused it. Areas declare what they handle in their manifest
 * (`defineArea({ handles: { customerLost: … } })`) and what they announce (`announces`), and `docs/ARCHITECTURE.md`
 * lists both.
 */
export type DomainEvents = {
  /** Customers were marked lost (inactive) by `actor`, or by the system when null. */
  customerLost: { actor: Actor | null; customerIds: readonly string[] };
  /** Customers were given to another agent; `user_id` is each one's agent before. */
  customersReassigned: { customers: readonly { id: string; user_id: string }[]; toUserId: string };
  /** Customers answered (a reply by text or e-mail, an opt-out too). */
  customersAnswered: { customerIds: readonly string[] };
  /** An outgoing text's delivery changed (sent, failed, delivered, refused by the carrier). */
  textDeliveryChanged: { outboxId: string };
};

export type DomainEvent = keyof DomainEvents;
export const domainEvents = [
  'customerLost',
  'customersReassigned',
  'customersAnswered',
  'textDeliveryChanged',
] as const satisfies readonly DomainEvent[];

export type EventHandler<E extends DomainEvent> = (tx: Kysely<DB>, event: DomainEvents[E]) => Promise<void>;
/** An area's handlers, by event. */
export type Handles = { [E in DomainEvent]?: EventHandler<E> };

let installed: Map<DomainEvent, EventHandler<DomainEvent>[]> | null = null;

/**
 * Wires every area's handlers (the list in `modules/areas.ts`), in the list's order. Installing the same list again
 * changes nothing; the tests' apps and the server all run on the one list.
 */
export function installHandlers(areas: readonly { name: string; handles?: Handles }[]): void {
  const byEvent = new Map<DomainEvent, EventHandler<DomainEvent>[]>();
  for (const area of areas)
    for (const event of domainEvents) {
      const handler = area.handles?.[event] as EventHandler<DomainEvent> | undefined;
      if (handler) byEvent.set(event, [...(byEvent.get(event) ?? []), handler]);
    }
  installed = byEvent;
}

/**
 * Announces `event` in the caller's transaction: every handler runs before this resolves, and a handler's failure
 * fails the announcer's change. An event announced before any handler is installed is an error, never lost quietly.
 */
export async function announce<E extends DomainEvent>(tx: Kysely<DB>, event: E, payload: DomainEvents[E]): Promise<void> {
  if (!installed) throw new Error(`"${event}" was announced before the areas' handlers were installed`);
  for (const handler of installed.get(event) ?? []) await (handler as EventHandler<E>)(tx, payload);
}
