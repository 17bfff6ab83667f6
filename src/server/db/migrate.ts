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
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const name of await migrationNames()) {
      const text = await fs.readFile(path.join(migrationsDir, `${name}.sql`), 'utf8');
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

function migrator(db: AnyDb) {
  // Feature areas add migration files independently, so one may land before a lower-numbered one.
  return new Migrator({ db, provider: new SqlFileMigrationProvider(), allowUnorderedMigrations: true });
}

/** Names of the migration files, in order. */
async function migrationNames(): Promise<string[]> {
  return (await fs.readdir(migrationsDir))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => f.replace(/\.sql$/, ''));
}

/** On a restart every migration is usually applied already: one query says so, without the migrator's locking. */
async function allApplied(db: AnyDb, names: string[]): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const applied = new Set(rows.map((r) => r.name));
    return names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

export async function migrateToLatest(db: AnyDb): Promise<string | null> {
  const names = await migrationNames();
  if (await allApplied(db, names)) return names.at(-1) ?? null;
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return currentMigration(db);
}

/** Applies the migrations up to and including `name` (a restore builds the schema its backup was taken on). */
export async function migrateTo(db: AnyDb, name: string): Promise<void> {
  if (!(await migrationNames()).includes(name)) {
    throw new Error(`The backup was taken by a newer Torque (migration ${name}); update Torque before restoring it.`);
  }
  const { error, results } = await migrator(db).migrateTo(name);
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
