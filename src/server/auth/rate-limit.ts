import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export type Limit = { max: number; windowSeconds: number };

/** Sign-in limits: failed attempts from one address, and on one account. */
export const signInLimits = {
  perAddress: { max: 30, windowSeconds: 15 * 60 },
  perAccount: { max: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts one hit on `key` in a fixed window kept in PostgreSQL, so every Torque process shares it, and returns the
 * seconds to wait when this hit is over the limit, otherwise null. The count and the check are one statement, so
 * requests sent in parallel cannot all slip under the limit.
 */
export async function hit(db: Kysely<DB>, key: string, limit: Limit): Promise<number | null> {
  const { rows } = await sql<{ count: number; retry: number }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      ceil(extract(epoch FROM window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::int AS retry`.execute(db);
  const row = rows[0]!;
  return row.count > limit.max ? Math.max(row.retry, 1) : null;
}

/** Takes back one hit, for an attempt that turned out not to count. */
export async function giveBack(db: Kysely<DB>, key: string) {
  await db.updateTable('rate_limits').set((eb) => ({ count: sql`greatest(${eb.ref('count')} - 1, 0)` })).where('key', '=', key).execute();
}

export async function clear(db: Kysely<DB>, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
