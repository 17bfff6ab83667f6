import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { DB } from './schema.js';
import { lockDataDir } from './data-dir-lock.js';

// bigint (int8) and count(*) arrive as strings by default; every bigint we store is money in cents or a
// byte count, far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// A `date` is a calendar day, not a moment: keep it as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type DatabaseKind = 'embedded' | 'postgres';

export type Database = {
  kind: DatabaseKind;
  pool: pg.Pool;
  db: Kysely<DB>;
  close: () => Promise<void>;
};

export type OpenOptions =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'embedded-memory'; snapshot?: Blob | File };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    // An idle connection the server ends (restart, failover, admin command) is dropped from the pool and replaced
    // on next use; without a listener its error would end the process.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    await pool.query('select 1');
    return wrap('postgres', pool, async () => {});
  }
  let release = async () => {};
  let pglite: PGlite;
  if (options.kind === 'embedded') {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const unlock = await lockDataDir(options.dataDir);
    try {
      pglite = await PGlite.create(path.join(options.dataDir, 'pg'), { extensions: { pg_trgm } });
    } catch (error) {
      await unlock();
      throw error;
    }
    release = async () => {
      await pglite.close();
      await unlock();
    };
  } else {
    pglite = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.snapshot });
    release = () => pglite.close();
  }
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  const database = wrap('embedded', pool, release);
  return { ...database, pglite } as Database & { pglite: PGlite };
}

function wrap(kind: DatabaseKind, pool: pg.Pool, release: () => Promise<void>): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind,
    pool,
    db,
    close: async () => {
      await db.destroy();
      await release();
    },
  };
}
