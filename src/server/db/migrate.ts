import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** Beside this file in the sources; from a bundled server under dist/, up in the sources. */
function findMigrationsDir(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, 'migrations'), path.join(dir, 'src/server/db/migrations')]) {
      if (existsSync(candidate)) return candidate;
    }
    if (dir === path.dirname(dir)) throw new Error('The migrations folder src/server/db/migrations is missing');
  }
}

const migrationsDir = findMigrationsDir();

/** Migrations are plain SQL files, `NNN_name.sql`, applied in name order. */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const name of await migrationNames(this.dir)) {
      const text = await fs.readFile(path.join(this.dir, `${name}.sql`), 'utf8');
      migrations[name] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before any table exists
type AnyDb = Kysely<any>;

/**
 * Kysely's migrator runs the pending migrations in one transaction (PostgreSQL and PGlite both roll DDL back), so a
 * failing one leaves the database as it was, and under an advisory lock, so of two processes starting together on one
 * PostgreSQL the second waits and finds the work done.
 */
function migrator(db: AnyDb, dir: string) {
  // Feature areas add migration files independently, so one may land before a lower-numbered one.
  return new Migrator({ db, provider: new SqlFileMigrationProvider(dir), allowUnorderedMigrations: true });
}

/** Names of the migration files, in order. */
async function migrationNames(dir = migrationsDir): Promise<string[]> {
  return (await fs.readdir(dir))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => f.replace(/\.sql$/, ''));
}

/** The migrations the database has applied; none on an empty database. */
async function appliedMigrations(db: AnyDb): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    return [];
  }
}

/** Why Torque will not start on this database: what happened, and what to do. */
export class MigrationError extends Error {}

type MigrateOptions = {
  /** The migrations folder (tests add a failing migration to a copy). */
  dir?: string;
  /** Called before anything is applied to a database that has data from an earlier version (a start-up's backup). */
  beforeUpgrade?: (pending: string[]) => Promise<void>;
};

/**
 * Brings the database to this version's schema. A database a newer Torque has migrated is refused, not used: this
 * version would not know its tables.
 */
export async function migrateToLatest(
  db: AnyDb,
  { dir = migrationsDir, beforeUpgrade }: MigrateOptions = {},
): Promise<string | null> {
  const names = await migrationNames(dir);
  const applied = await appliedMigrations(db);
  const known = new Set(names);
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new MigrationError(
      `This database was migrated by a newer Torque (migration ${unknown.join(', ')}, which this version does not have), ` +
        'so it is not opened. Start the newer Torque again, or restore the backup taken before the upgrade ' +
        '(npm run restore -- <file>, see the README).',
    );
  }
  // On a restart every migration is usually applied already: that one query says so, without the migrator's lock.
  const pending = names.filter((name) => !applied.includes(name));
  if (pending.length === 0) return names.at(-1) ?? null;
  if (applied.length > 0) await beforeUpgrade?.(pending);
  const { error, results } = await migrator(db, dir).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}. ` +
        'No migration was applied and the database is as it was before this start.',
    );
  }
  return currentMigration(db);
}

/** Applies the migrations up to and including `name` (a restore builds the schema its backup was taken on). */
export async function migrateTo(db: AnyDb, name: string): Promise<void> {
  if (!(await migrationNames()).includes(name)) {
    throw new Error(`The backup was taken by a newer Torque (migration ${name}); update Torque before restoring it.`);
  }
  const { error, results } = await migrator(db, migrationsDir).migrateTo(name);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
}

/** The highest migration applied, or null on an empty database. */
export async function currentMigration(db: AnyDb): Promise<string | null> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT max(name) AS name FROM kysely_migration`.execute(db);
    return rows[0]?.name ?? null;
  } catch {
    return null;
  }
}
