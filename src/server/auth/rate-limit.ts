import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export type Limit = { max: number; windowSeconds: number };

/** Sign-in limits: failed attempts from one address, and on one account. */
export const signInLimits = {
  perAddress: { max: 30, windowSeconds: 15 * 60 },
  perAccount: { max: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** Counts one hit on `key` in a fixed window kept in PostgreSQL, so every Torque process shares it. */
export async function hit(db: Kysely<DB>, key: string, limit: Limit): Promise<void> {
  await sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds})
                   THEN now() ELSE rate_limits.window_start END`.execute(db);
}

/** Seconds to wait when `key` has used up its limit, without counting a hit. */
export async function blockedFor(db: Kysely<DB>, key: string, limit: Limit): Promise<number | null> {
  const { rows } = await sql<{ retry: number }>`
    SELECT ceil(extract(epoch FROM window_start + make_interval(secs => ${limit.windowSeconds}) - now()))::int AS retry
    FROM rate_limits
    WHERE key = ${key} AND count >= ${limit.max}
      AND window_start >= now() - make_interval(secs => ${limit.windowSeconds})`.execute(db);
  return rows[0] ? Math.max(rows[0].retry, 1) : null;
}

export async function clear(db: Kysely<DB>, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
