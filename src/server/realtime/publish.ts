import { sql, type Kysely } from 'kysely';
import type { RealtimeArea } from '../../shared/realtime/events.js';
import type { DB } from '../db/schema.js';

/** The PostgreSQL channel every Torque process on a database listens on. */
export const REALTIME_CHANNEL = 'torque_events';
/** PostgreSQL refuses a notification of 8,000 bytes or more; events carry ids, never content. */
const MAX_PAYLOAD_BYTES = 7_900;

/**
 * Tells every Torque process on this database that `kind` happened. Sent with `db`'s transaction, so it is heard only
 * if the change commits (and at once outside a transaction). Events name records; each process reads what its own
 * sockets may see.
 */
export async function publish(db: Kysely<DB>, kind: string, data: Record<string, unknown>) {
  const payload = JSON.stringify({ kind, data });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`The realtime event '${kind}' is too large to send`);
  await sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${payload})`.execute(db);
}

/** The most owners one event names (ids of 36 characters keep it well under the notification's limit). */
const MAX_NAMED_OWNERS = 100;

/**
 * Refreshes `area`'s lists in every tab that shows these owners' records: the owners' own tabs, and, for the areas
 * whose records admins and editors see all of, theirs. The one way an area tells tabs its lists changed. One event
 * per change: when more owners changed than one event can name (a large import), or what changed is everyone's
 * (`'all'`: the company's action plans), every tab of the area refreshes.
 */
export async function publishChange(db: Kysely<DB>, area: RealtimeArea, ownerIds: (string | null | undefined)[] | 'all') {
  if (ownerIds === 'all') return publish(db, 'change', { area, ownerIds: 'all' });
  const owners = [...new Set(ownerIds.filter((id): id is string => Boolean(id)))];
  await publish(db, 'change', { area, ownerIds: owners.length > MAX_NAMED_OWNERS ? 'all' : owners });
}
