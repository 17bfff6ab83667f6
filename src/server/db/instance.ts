import crypto from 'node:crypto';
import type pg from 'pg';
import type { Database } from './connection.js';

/** Advisory-lock namespace of running Torque processes (the second key is each process's instance number). */
const INSTANCE_LOCK = 0x70_72_71;

/**
 * This process among the Torque processes sharing one database. On PostgreSQL each holds an advisory lock for its
 * lifetime on a connection of its own, so any process can tell whether another is still running: a process killed
 * with -9 loses its connection and with it the lock. The embedded database has one process by construction.
 */
export type Instance = {
  id: string;
  isAlive: (id: string) => Promise<boolean>;
  stop: () => Promise<void>;
};

export async function startInstance(database: Database): Promise<Instance> {
  const number = crypto.randomInt(1, 2 ** 31 - 1);
  const id = String(number);
  if (database.kind === 'embedded') {
    return { id, isAlive: async (other) => other === id, stop: async () => {} };
  }
  let holder: pg.PoolClient | null = null;
  let stopped = false;
  const hold = async () => {
    const client = await database.pool.connect();
    await client.query('SELECT pg_advisory_lock($1, $2)', [INSTANCE_LOCK, number]);
    // A connection the server ends takes the lock with it: take it again on a new one.
    client.on('error', () => {
      // After `stop` the client is already back in the pool (a database dropped under a stopped process ends it).
      if (holder !== client) return;
      client.release(true);
      holder = null;
      if (!stopped) setTimeout(() => void hold().catch(() => undefined), 1000).unref();
    });
    holder = client;
  };
  await hold();
  return {
    id,
    async isAlive(other) {
      const otherNumber = Number(other);
      if (other === id) return true;
      if (!Number.isSafeInteger(otherNumber)) return false;
      const client = await database.pool.connect();
      try {
        const { rows } = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS free', [
          INSTANCE_LOCK,
          otherNumber,
        ]);
        if (rows[0]!.free) await client.query('SELECT pg_advisory_unlock($1, $2)', [INSTANCE_LOCK, otherNumber]);
        return !rows[0]!.free;
      } finally {
        client.release();
      }
    },
    async stop() {
      stopped = true;
      holder?.release(true);
      holder = null;
    },
  };
}
