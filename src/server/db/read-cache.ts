import type { Kysely } from 'kysely';
import type { Database } from './connection.js';
import type { DB } from './schema.js';

/** How long this process reuses a cached read: the longest a change made through another process waits. */
export const READ_CACHE_MS = 1_000;

export type ReadCache<K, V> = {
  /** The value kept for `key` if read less than READ_CACHE_MS ago, else `load`'s (kept unless a write came meanwhile). */
  read: (key: K, load: () => Promise<V>) => Promise<V>;
  /** Forgets every read: another process has changed what they were read from. */
  forget: () => void;
};

/**
 * Reads this process reuses for up to READ_CACHE_MS, so a request that needs them sends no statement of its own. Any
 * statement of this process that writes one of `tables` forgets every read at once (a read that was under way when it
 * happened is not kept); changes made through other processes arrive through `forget` (their realtime events) or
 * within READ_CACHE_MS. At most `max` reads are kept; past it the keeping starts again (a read not kept is read again).
 */
export function readCache<K, V>(
  database: Pick<Database, 'watchWrites'>,
  { tables, max = 10_000 }: { tables: string[]; max?: number },
): ReadCache<K, V> {
  const kept = new Map<K, { value: V; at: number }>();
  let generation = 0;
  const forget = () => {
    generation += 1;
    kept.clear();
  };
  database.watchWrites((written) => {
    if (tables.some((table) => written.has(table))) forget();
  });
  return {
    forget,
    read: async (key, load) => {
      const found = kept.get(key);
      if (found && Date.now() - found.at < READ_CACHE_MS) return found.value;
      const [at, seen] = [Date.now(), generation];
      const value = await load();
      if (seen === generation) {
        if (kept.size >= max) kept.clear();
        kept.set(key, { value, at });
      }
      return value;
    },
  };
}

const databases = new WeakMap<Kysely<DB>, Pick<Database, 'watchWrites'>>();

/** Remembers which database a query builder belongs to, so reads through it can be kept (see `readCacheOf`). */
export function registerReadCaches(database: Pick<Database, 'db' | 'watchWrites'>) {
  databases.set(database.db, database);
}

const byDatabase = new WeakMap<object, WeakMap<Kysely<DB>, ReadCache<unknown, unknown>>>();

/**
 * The cached reads of `kind` (one object per kind of read, holding its tables) for this query builder's database, or
 * null when the builder is a transaction's (a transaction reads what it has written) or not a registered database's.
 */
export function readCacheOf<K, V>(db: Kysely<DB>, kind: { tables: string[] }): ReadCache<K, V> | null {
  const database = db.isTransaction ? undefined : databases.get(db);
  if (!database) return null;
  let perDatabase = byDatabase.get(kind);
  if (!perDatabase) byDatabase.set(kind, (perDatabase = new WeakMap()));
  let reads = perDatabase.get(db);
  if (!reads) perDatabase.set(db, (reads = readCache<unknown, unknown>(database, kind)));
  return reads as ReadCache<K, V>;
}
