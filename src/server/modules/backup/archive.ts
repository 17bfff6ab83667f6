import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Readable, Writable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import tar from 'tar-stream';
import type { DB } from '../../db/schema.js';
import { publicTables, storedColumns } from '../../db/catalog.js';
import { currentMigration, migrateTo, migrateToLatest } from '../../db/migrate.js';
import { stopSignal } from '../../http/download.js';
import type { BlobStore } from '../../storage/blob-store.js';

/**
 * A backup is one .tar.gz: `manifest.json` first, then every table of the database as JSON lines
 * (`db/<table>.jsonl`, read in one snapshot) and every stored document (`files/<key>`). It restores into PGlite or
 * PostgreSQL alike, and into a newer Torque: the schema is built up to the backup's migration, the rows go in, and
 * the later migrations run after.
 */
export const BACKUP_FORMAT = 1;
/** Keys of the blob store that are not documents: uploads not yet committed, and the backups themselves. */
export const isDocumentKey = (key: string) => !key.startsWith('pending/') && !key.startsWith('backups/');

export type Manifest = {
  format: number;
  migration: string | null;
  created_at: string;
  tables: Record<string, number>;
  files: number;
};

export type BackupOptions = {
  /** Where the tables are written before they go into the archive (the system's temporary folder by default). */
  scratchDir?: string;
  /** Aborted when the download is cancelled: the backup stops reading and removes its scratch files. */
  signal?: AbortSignal;
};

type AnyDb = Kysely<DB> | Transaction<DB>;

const BATCH = 2000;

/** Runs `work` with a new folder under `dir`, removed afterwards however `work` ends. */
async function withScratchFolder<T>(dir: string, prefix: string, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await fsp.mkdtemp(path.join(dir, prefix));
  try {
    return await work(folder);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** Writes every row of `table` as a JSON line to `file`, a batch at a time in physical order; the row count. */
async function dumpTable(tx: AnyDb, table: string, file: string, signal: AbortSignal): Promise<number> {
  const out = fs.createWriteStream(file);
  let count = 0;
  let after = '(0,0)';
  try {
    for (;;) {
      signal.throwIfAborted();
      const { rows } = await sql<{ ctid: string; row: string }>`
        SELECT ctid::text AS ctid, row_to_json(t)::text AS row FROM ${sql.table(table)} t
        WHERE ctid > ${after}::tid ORDER BY ctid LIMIT ${BATCH}`.execute(tx);
      for (const r of rows) if (!out.write(r.row + '\n')) await once(out, 'drain');
      count += rows.length;
      if (rows.length < BATCH) break;
      after = rows.at(-1)!.ctid;
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  return count;
}

/** Every table as JSON lines in `folder`, read in one snapshot so that the rows agree with each other. */
function dumpDatabase(db: Kysely<DB>, folder: string, signal: AbortSignal) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const tables: Record<string, number> = {};
      const dumps: [string, string][] = [];
      for (const table of await publicTables(tx)) {
        const file = path.join(folder, `${table}.jsonl`);
        tables[table] = await dumpTable(tx, table, file, signal);
        dumps.push([table, file]);
      }
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        migration: await currentMigration(tx),
        created_at: new Date().toISOString(),
        tables,
        files: 0,
      };
      return { manifest, dumps };
    });
}

async function documentKeys(store: BlobStore, signal: AbortSignal): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of store.list()) {
    signal.throwIfAborted();
    for (const blob of batch) if (isDocumentKey(blob.key)) keys.push(blob.key);
  }
  return keys;
}

/** One entry of the archive, read from `source`, which is destroyed if the backup stops first. */
async function addFile(pack: tar.Pack, name: string, size: number, source: Readable, signal: AbortSignal) {
  await pipeline(source, pack.entry({ name, size }), { signal });
}

/** The manifest, the tables dumped in `folder` and the stored documents, one entry after another into `pack`. */
async function packBackup(db: Kysely<DB>, store: BlobStore, pack: tar.Pack, folder: string, signal: AbortSignal) {
  const { manifest, dumps } = await dumpDatabase(db, folder, signal);
  const keys = await documentKeys(store, signal);
  manifest.files = keys.length;
  const manifestText = Buffer.from(JSON.stringify(manifest, null, 2));
  pack.entry({ name: 'manifest.json', size: manifestText.length }, manifestText);
  for (const [table, file] of dumps) {
    await addFile(pack, `db/${table}.jsonl`, (await fsp.stat(file)).size, fs.createReadStream(file), signal);
  }
  for (const key of keys) {
    const blob = await store.open(key);
    if (blob) await addFile(pack, `files/${key}`, blob.size, blob.stream, signal);
  }
  pack.finalize();
  return manifest;
}

/**
 * Streams a backup of the database and the documents to `out` (gzip-compressed tar). It stops, and removes its
 * scratch files, when `signal` aborts or `out` fails or closes early (a download cancelled, a full disk).
 */
export async function writeBackup(
  db: Kysely<DB>,
  store: BlobStore,
  out: Writable,
  options: BackupOptions = {},
): Promise<Manifest> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  const signal = stopSignal(written, options.signal);
  try {
    const manifest = await withScratchFolder(options.scratchDir ?? os.tmpdir(), 'backup-', (folder) =>
      packBackup(db, store, pack, folder, signal),
    );
    await written;
    return manifest;
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
}

/** Rows in the database that a restore would replace: any user means it is in use. */
export async function isEmptyDatabase(db: Kysely<DB>): Promise<boolean> {
  try {
    const row = await db
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n) === 0;
  } catch {
    return true;
  }
}

/**
 * Restores a backup into an empty database and the blob store: the schema up to the backup's migration, every row
 * (with triggers and foreign-key checks off while they go in, as the rows are already consistent), every document,
 * then the migrations after it. All rows go in one transaction: a restore that fails leaves no rows behind.
 */
export async function restoreBackup(
  db: Kysely<DB>,
  store: BlobStore,
  archive: Readable,
  scratchDir = os.tmpdir(),
): Promise<Manifest> {
  if (!(await isEmptyDatabase(db))) {
    throw new Error('The database already holds data. Restore into a new, empty database (or an empty DATA_DIR).');
  }
  return withScratchFolder(scratchDir, 'restore-', async (work) => {
    const { manifest, tables, files } = await unpack(archive, work);
    const current = await currentMigration(db);
    if (current && manifest.migration && current > manifest.migration) {
      throw new Error(
        `This database's schema (${current}) is newer than the backup's (${manifest.migration}); restore into a new database.`,
      );
    }
    if (manifest.migration) await migrateTo(db, manifest.migration);
    await db.transaction().execute(async (tx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      for (const table of tables) await loadTable(tx, table, path.join(work, 'db', `${table}.jsonl`));
    });
    for (const key of files) {
      const file = path.join(work, 'files', key);
      if (await store.exists(key)) await store.remove(key);
      await store.put(key, { path: file, size: (await fsp.stat(file)).size, contentType: 'application/octet-stream' });
    }
    await migrateToLatest(db);
    return manifest;
  });
}

/** The backup's manifest, and its tables and files written under `work`; an entry that would land elsewhere is refused. */
async function unpack(archive: Readable, work: string) {
  const extract = tar.extract();
  const done = pipeline(archive, createGunzip(), extract);
  // A refused entry stops the reading, which fails the pipeline too: the refusal is the error to report.
  done.catch(() => undefined);
  let manifest: Manifest | null = null;
  const tables: string[] = [];
  const files: string[] = [];
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === 'manifest.json') {
      manifest = await readManifest(entry);
      continue;
    }
    const safe = path.posix.normalize(name);
    if (safe.startsWith('..') || path.posix.isAbsolute(safe) || !/^(db|files)\//.test(safe)) {
      throw new Error(`Unexpected entry in the backup: ${name}`);
    }
    const target = path.join(work, safe);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await pipeline(entry, fs.createWriteStream(target));
    if (safe.startsWith('db/')) tables.push(safe.slice(3, -'.jsonl'.length));
    else files.push(safe.slice('files/'.length));
  }
  await done;
  if (!manifest) throw new Error('Not a Torque backup: manifest.json is missing');
  return { manifest, tables, files };
}

async function readManifest(entry: AsyncIterable<unknown>): Promise<Manifest> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${manifest.format}`);
  return manifest;
}

async function loadTable(tx: Transaction<DB>, table: string, file: string) {
  const columns = await storedColumns(tx, table);
  if (columns.length === 0) throw new Error(`The backup holds a table this database does not have: ${table}`);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await sql`INSERT INTO ${sql.table(table)} (${list})
      SELECT ${list} FROM json_populate_recordset(NULL::${sql.table(table)}, ${`[${batch.join(',')}]`}::json)`.execute(tx);
    batch = [];
  };
  for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= 500) await flush();
  }
  await flush();
}
