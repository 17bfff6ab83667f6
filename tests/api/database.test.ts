import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/databases.js';

describe('the database connection', () => {
  it.runIf(process.env.TORQUE_TEST_DB === 'postgres')('survives the server ending an idle connection', async () => {
    const database = await freshDatabase();
    try {
      const { rows } = await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await database.pool.query<{ ok: number }>('SELECT 1 AS ok');
      expect(again.rows[0]!.ok).toBe(1);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TORQUE_TEST_DB === 'postgres')('compiles no query with JIT, on every connection of the pool', async () => {
    const database = await freshDatabase();
    try {
      const clients = await Promise.all([database.pool.connect(), database.pool.connect(), database.pool.connect()]);
      for (const client of clients) expect((await client.query<{ jit: string }>('SHOW jit')).rows[0]!.jit).toBe('off');
      for (const client of clients) client.release();
    } finally {
      await database.close();
    }
  });

  it('answers a query on the test database', async () => {
    const database = await freshDatabase();
    try {
      expect((await database.pool.query<{ n: number }>('SELECT 41 + 1 AS n')).rows[0]!.n).toBe(42);
    } finally {
      await database.close();
    }
  });
});
