import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export type Limit = { max: number; windowSeconds: number };

/**
 * Sign-in limits. Failures are refused per address and per (account, address), so a stranger's guesses never lock
 * the owner out from their own desk; on the account alone, from every address together, they only slow sign-in
 * down, by a delay that grows with each failure past `freeFailures`.
 */
export const signInLimits = {
  perAddress: { max: 30, windowSeconds: 15 * 60 },
  perAccountAndAddress: { max: 5, windowSeconds: 15 * 60 },
  perAccount: { freeFailures: 5, windowSeconds: 15 * 60, maxDelaySeconds: 16 },
};

/** Seconds an attempt waits once the account has seen `attempts` attempts in the window: 1, 2, 4, 8, 16, 16… */
export function accountDelaySeconds(attempts: number, limit = signInLimits.perAccount): number {
  const over = attempts - limit.freeFailures;
  return over <= 0 ? 0 : Math.min(2 ** (over - 1), limit.maxDelaySeconds);
}

/**
 * Counts one hit on `key` (or `cost` hits, for a request that is several things at once) in a fixed window kept in
 * PostgreSQL, so every Torque process shares it, and returns the count including this hit with the seconds left in
 * the window. The count and the check are one statement, so requests sent in parallel cannot all slip under a limit.
 */
export async function count(
  db: Kysely<DB>,
  key: string,
  windowSeconds: number,
  cost = 1,
): Promise<{ count: number; retryAfter: number }> {
  const { rows } = await sql<{ count: number; retry: number }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), ${cost}::int)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   THEN ${cost}::int ELSE rate_limits.count + ${cost}::int END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      ceil(extract(epoch FROM window_start + make_interval(secs => ${windowSeconds}) - now()))::int AS retry`.execute(db);
  const row = rows[0]!;
  return { count: row.count, retryAfter: Math.max(row.retry, 1) };
}

/** One hit on `key` (or `cost` hits); the seconds to wait when this hit is over the limit, otherwise null. */
export async function hit(db: Kysely<DB>, key: string, limit: Limit, cost = 1): Promise<number | null> {
  const { count: hits, retryAfter } = await count(db, key, limit.windowSeconds, cost);
  return hits > limit.max ? retryAfter : null;
}

/** Takes back one hit, for an attempt that turned out not to count. */
export async function giveBack(db: Kysely<DB>, key: string) {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: sql`greatest(${eb.ref('count')} - 1, 0)` }))
    .where('key', '=', key)
    .execute();
}

export async function clear(db: Kysely<DB>, keys: string[]) {
  await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
}

/** Removes the keys starting with `prefix` whose window has passed, so one-off keys do not pile up. */
export async function forgetExpired(db: Kysely<DB>, prefix: string, windowSeconds: number) {
  await sql`
    DELETE FROM rate_limits
    WHERE starts_with(key, ${prefix}) AND window_start < now() - make_interval(secs => ${windowSeconds})`.execute(db);
}
