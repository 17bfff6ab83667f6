import crypto from 'node:crypto';
import { Readable, Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import yazl from 'yazl';
import { EXPORT_FORMAT, type ExportManifest } from '../../../shared/export/manifest.js';
import type { Actor } from '../../auth/actor.js';
import { hasRole } from '../../auth/scope.js';
import { publicTables, storedColumns } from '../../db/catalog.js';
import type { DB } from '../../db/schema.js';
import { csvChunks } from '../../http/csv.js';
import { stopSignal } from '../../http/download.js';
import { keysetBatches } from '../../http/paging.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { getSetting } from '../../platform/settings.js';
import { documentFiles, type DocumentFile } from './documents.js';
import type { ReadableFile } from '../../platform/readable-files.js';
import { ruleOf, rowsFor, type ExportContents, type TableRule } from '../../platform/export-rules.js';

type AnyDb = Kysely<DB> | Transaction<DB>;
type JsonRow = Record<string, unknown>;

/** Rows read per query: about 1 MB of JSON for a wide table. */
const BATCH = 1000;

export type ExportOptions = {
  version: string;
  /** True when `db` is one snapshot (a REPEATABLE READ transaction). */
  snapshot: boolean;
  /** Aborted when the download is cancelled: the export stops and lets go of the database. */
  signal: AbortSignal;
  /** What it holds of each table, and the files for a person: every area's (`modules/areas.ts`). */
  contents: ExportContents;
};

type TableShape = { name: string; columns: string[]; keys: string[]; where: RawBuilder<SqlBool> };

/** Stored columns and the primary key the rows are read in order of. */
async function shapeOf(db: AnyDb, table: string) {
  const columns = await storedColumns(db, table);
  const keys = await sql<{ name: string }>`
    SELECT a.attname AS name FROM pg_index i
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indrelid = ${`public.${table}`}::regclass AND i.indisprimary
    ORDER BY array_position(i.indkey::int2[], a.attnum)`.execute(db);
  return { columns, keys: keys.rows.map((r) => r.name) };
}

/** The table's rows in primary-key order, a batch at a time, each as the JSON text PostgreSQL writes for it. */
function readRows(db: AnyDb, table: TableShape) {
  const keyList = sql.join(table.keys.map((k) => sql.ref(`t.${k}`)));
  const columnList = sql.join(table.columns.map((c) => sql.ref(`t.${c}`)));
  return keysetBatches<{ text: string; row: JsonRow }, unknown[]>(async (after) => {
    const { rows } = await sql<{ row: string }>`
      SELECT row_to_json(x)::text AS row FROM (
        SELECT ${columnList} FROM ${sql.table(table.name)} t
        WHERE ${table.where} ${after ? sql`AND (${keyList}) > (${sql.join(after.map((v) => sql`${v}`))})` : sql``}
        ORDER BY ${keyList} LIMIT ${BATCH}
      ) x`.execute(db);
    const parsed = rows.map((r) => ({ text: r.row, row: JSON.parse(r.row) as JsonRow }));
    const last = parsed.at(-1)?.row;
    return { rows: parsed, next: rows.length === BATCH && last ? table.keys.map((k) => last[k]) : null };
  });
}

/** A cell of the CSV: text as it is, objects and arrays as JSON. */
const cellOf = (value: unknown) =>
  value === null || value === undefined
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : (value as string | number | boolean).toString();

async function* counted<T>(batches: AsyncIterable<T[]>, count: { n: number }) {
  for await (const batch of batches) {
    count.n += batch.length;
    yield batch;
  }
}

async function* jsonArray(batches: AsyncIterable<{ text: string }[]>) {
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield (first ? '[\n' : ',\n') + batch.map((r) => r.text).join(',\n');
    first = false;
  }
  yield first ? '[]\n' : '\n]\n';
}

/**
 * Streams the full export of what `actor` may see to `out` as a zip: `tables/<table>.csv` and `.json` for every
 * table, `readable/<file>.csv` for a person, then `documents/…` with the stored files, then `manifest.json` with what
 * was written, counted as it was.
 * Nothing is held in memory but two batches of rows and the documents' list in the manifest.
 */
export async function writeExport(db: AnyDb, store: BlobStore, actor: Actor, out: Writable, options: ExportOptions) {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, out);
  const stop = stopSignal(written, options.signal);
  const createdAt = new Date();

  /** Adds one entry and waits until the zip has read all of it: entries are written one after another. */
  const addEntry: AddEntry = async (name, source, compress = true) => {
    stop.throwIfAborted();
    const cancel = () => source.destroy(stop.reason as Error);
    stop.addEventListener('abort', cancel, { once: true });
    try {
      // Deflate's fastest level: much quicker than the default for a zip a little larger (bench/README.md).
      zip.addReadStream(source, name, { mtime: createdAt, compress, compressionLevel: compress ? 1 : 0 });
      await finished(source);
    } finally {
      stop.removeEventListener('abort', cancel);
    }
  };

  try {
    const manifest: ExportManifest = {
      format: EXPORT_FORMAT,
      torque_version: options.version,
      created_at: createdAt.toISOString(),
      actor: { id: actor.userId, name: actor.name, email: actor.email, role: actor.role, switched_by: actor.impersonatorId },
      scope: hasRole(actor, 'admin') ? 'everything' : 'visible records',
      snapshot: options.snapshot,
      tables: {},
      readable: { time_zone: (await getSetting(db, 'company')).time_zone, files: {} },
      excluded_tables: {},
      excluded_columns: {},
      documents: [],
      missing_documents: [],
    };

    for (const name of await publicTables(db))
      await addTable(db, actor, ruleOf(options.contents.tables, name), name, manifest, addEntry);
    for (const file of options.contents.readable)
      await addReadable(db, actor, ruleOf(options.contents.tables, file.table), file, manifest, addEntry);

    for await (const batch of documentFiles(db, actor, (table) => ruleOf(options.contents.tables, table))) {
      for (const file of batch) await addDocument(store, file, manifest, addEntry);
    }

    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), 'manifest.json', { mtime: createdAt });
    zip.end();
    await written;
    return manifest;
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
}

type AddEntry = (name: string, source: Readable, compress?: boolean) => Promise<void>;

/** A table's rows the actor may see as `tables/<table>.csv` and `.json`, or its exclusion noted in the manifest. */
async function addTable(db: AnyDb, actor: Actor, rule: TableRule, name: string, manifest: ExportManifest, addEntry: AddEntry) {
  if ('excluded' in rule) {
    manifest.excluded_tables[name] = rule.excluded;
    return;
  }
  if (rule.omit) manifest.excluded_columns[name] = rule.omit;
  const where = rowsFor(actor, rule);
  if (!where) return;
  const shape = await shapeOf(db, name);
  const columns = shape.columns.filter((c) => !rule.omit?.[c]);
  // Rows are read in primary-key order; every table has one (the export test reads them all).
  if (shape.keys.length === 0) throw new Error(`The table ${name} has no primary key to read it in order by`);
  const table = { name, columns, keys: shape.keys, where };
  const csv = { n: 0 };
  const toCells = (r: { row: JsonRow }) => columns.map((c) => cellOf(r.row[c]));
  await addEntry(
    `tables/${name}.csv`,
    Readable.from(csvChunks(columns, counted(readRows(db, table), csv), toCells), { objectMode: false }),
  );
  const json = { n: 0 };
  await addEntry(`tables/${name}.json`, Readable.from(jsonArray(counted(readRows(db, table), json)), { objectMode: false }));
  manifest.tables[name] = {
    rows: csv.n,
    columns,
    csv: `tables/${name}.csv`,
    json: `tables/${name}.json`,
    ...(json.n === csv.n ? {} : { json_rows: json.n }),
  };
}

/** A file of `readable/` with the rows the actor's export holds of its table, counted as written. */
async function addReadable(
  db: AnyDb,
  actor: Actor,
  rule: TableRule,
  file: ReadableFile,
  manifest: ExportManifest,
  addEntry: AddEntry,
) {
  const where = rowsFor(actor, rule);
  if (!where) return;
  const csv = `readable/${file.name}.csv`;
  const written = { n: 0 };
  const lines = counted(file.lines(db, actor, where, manifest.readable.time_zone), written);
  await addEntry(
    csv,
    Readable.from(
      csvChunks(file.header, lines, (cells) => cells),
      { objectMode: false },
    ),
  );
  manifest.readable.files[file.name] = { rows: written.n, columns: file.header, csv, about: file.about };
}

/** One stored file, hashed and counted as it goes into the zip; a file missing from the store is listed as missing. */
async function addDocument(store: BlobStore, file: DocumentFile, manifest: ExportManifest, addEntry: AddEntry) {
  const blob = await store.open(file.key);
  if (!blob) {
    manifest.missing_documents.push({ table: file.table, id: file.id, file_name: file.fileName });
    return;
  }
  const hash = crypto.createHash('sha256');
  let size = 0;
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  pipeline(blob.stream, hasher).catch(() => undefined);
  // Documents are PDFs and pictures, compressed already: stored as they are.
  await addEntry(file.path, hasher, false);
  manifest.documents.push({
    path: file.path,
    table: file.table,
    id: file.id,
    file_name: file.fileName,
    size,
    sha256: hash.digest('hex'),
  });
}
