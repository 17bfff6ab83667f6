import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Migrations are plain SQL files, `NNN_name.sql`, applied in name order. */
class SqlFileMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
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

export async function migrateToLatest(db: AnyDb): Promise<string | null> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return currentMigration(db);
}

export async function currentMigration(db: AnyDb): Promise<string | null> {
  const all = await migrator(db).getMigrations();
  const applied = all.filter((m) => m.executedAt);
  return applied.at(-1)?.name ?? null;
}
