import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.js';

type AnyDb = Kysely<DB> | Transaction<DB>;

/** Every table of the public schema but the migrator's own: what a backup and a full export hold. */
export async function publicTables(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_migration%'
    ORDER BY table_name`.execute(db);
  return rows.map((r) => r.name);
}

/** A table's stored columns, in order: a generated column is derived from the others (and computed again on restore). */
export async function storedColumns(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}
