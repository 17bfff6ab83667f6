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

  it('reads a timestamp as the moment PostgreSQL means, in whatever time zone the session writes it', async () => {
    const database = await freshDatabase();
    const client = await database.pool.connect();
    try {
      for (const zone of ['UTC', 'America/St_Johns', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/New_York']) {
        await client.query(`SET TimeZone = '${zone}'`);
        const { rows } = await client.query<{ text: string; value: Date; ms: number }>(`
          SELECT t::text AS text, t AS value, floor(extract(epoch FROM t) * 1000)::float8 AS ms FROM (
            SELECT timestamptz '0100-01-01 00:00:00+00' + random() * interval '9899 years' AS t FROM generate_series(1, 500)
            UNION ALL
            SELECT unnest(ARRAY['2026-12-06 10:00:00+00', '2026-12-06 10:00:00.009+00', '2026-12-06 10:00:00.1+00',
              '2024-02-29 23:59:59.999999+00', '1969-12-31 23:59:59.5005+00', '1850-06-01 12:00:00 America/New_York',
              '0099-03-15 12:00:00+00', '0044-03-15 12:00:00+00 BC'])::timestamptz
          ) s`);
        const wrong = rows.filter((row) => !(row.value instanceof Date) || row.value.getTime() !== row.ms);
        expect(wrong.map((row) => `${zone}: ${row.text} read as ${String(row.value)}`)).toEqual([]);
        expect(rows).toHaveLength(508);
      }
      const infinite = await client.query<{ later: unknown }>(`SELECT timestamptz 'infinity' AS later`);
      expect(infinite.rows[0]!.later).toBe(Infinity);
    } finally {
      await client.query('RESET TimeZone');
      client.release();
      await database.close();
    }
  });
});
