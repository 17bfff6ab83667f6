import { sql, type Kysely } from 'kysely';
import {
  LISTED_INVALID_ROWS,
  UNDO_WINDOW_MS,
  mappingProblem,
  suggestMapping,
  type ImportKind,
  type ImportMapping,
} from '../../../shared/imports/fields.js';
import type { ImportReport, ImportRunEvent, ImportSummary, ImportUndo, ImportUpload } from '../../../shared/imports/schemas.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { readCsv, type SourceRow } from './csv-file.js';
import { BATCH_ROWS, ImportState, planBatch, writeBatch } from './engine.js';
import { importKindSpecs } from './kinds.js';

type Db = Kysely<DB>;
type ImportRow = Row<'imports'>;

const PREVIEW_ROWS = 5;
/** Imports of a kind run one batch at a time, so two files naming the same new customer cannot both create them. */
const importLock = (kind: ImportKind) => (kind === 'customers' ? 0x696d_7043 : 0x696d_7056);

/** Reads the uploaded file and keeps its rows for the next steps; answers its columns and a suggested mapping. */
export async function createImport(
  db: Db,
  actor: Actor,
  kind: ImportKind,
  fileName: string,
  content: Buffer,
): Promise<ImportUpload> {
  const { headers, rows } = await readCsv(content);
  // Files uploaded but never imported are not kept for long.
  await db
    .deleteFrom('imports')
    .where('user_id', '=', actor.userId)
    .where('status', '=', 'uploaded')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  const row = await db
    .insertInto('imports')
    .values({
      kind,
      user_id: actor.userId,
      file_name: fileName.slice(0, 255) || 'import.csv',
      headers,
      source_rows: JSON.stringify(rows),
      row_count: rows.length,
    })
    .returning(['id', 'file_name'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    kind,
    file_name: row.file_name,
    headers,
    row_count: rows.length,
    preview: rows.slice(0, PREVIEW_ROWS).map((r) => headers.map((_, i) => r.c[i] ?? '')),
    mapping: suggestMapping(kind, headers),
  };
}

async function importOf(db: Db, actor: Actor, id: string, lock = false): Promise<ImportRow> {
  const row = await db
    .selectFrom('imports')
    .selectAll()
    .where('id', '=', id)
    .where(visibleTo(actor, 'imports.user_id'))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound('Import');
  return row;
}

function assertRunnable(row: ImportRow, mapping: ImportMapping) {
  if (row.status !== 'uploaded') throw conflict('This file has already been imported. Upload it again to import it once more.');
  const problem = mappingProblem(row.kind, mapping, row.headers.length);
  if (problem) throw badRequest(problem, { mapping: problem });
}

const sourceRows = (row: ImportRow) => (row.source_rows ?? []) as SourceRow[];

export function summaryOf(row: ImportRow): ImportSummary {
  const undoable = (row.status === 'done' || row.status === 'failed') && row.undone_at === null;
  return {
    id: row.id,
    kind: row.kind,
    file_name: row.file_name,
    status: row.status,
    row_count: row.row_count,
    new: row.new_count,
    updated: row.updated_count,
    unchanged: row.unchanged_count,
    invalid: row.invalid_count,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    undone_at: row.undone_at?.toISOString() ?? null,
    undo_until: undoable ? new Date(row.created_at.getTime() + UNDO_WINDOW_MS).toISOString() : null,
  };
}

export async function getImport(db: Db, actor: Actor, id: string): Promise<ImportSummary> {
  return summaryOf(await importOf(db, actor, id));
}

/** What the run would do with this mapping, row by row, without changing anything. */
export async function dryRunImport(db: Db, actor: Actor, id: string, mapping: ImportMapping): Promise<ImportReport> {
  const row = await importOf(db, actor, id);
  assertRunnable(row, mapping);
  const state = new ImportState(row.kind, actor, mapping);
  const rows = sourceRows(row);
  for (let start = 0; start < rows.length; start += BATCH_ROWS)
    await planBatch(db, state, rows.slice(start, start + BATCH_ROWS), false);
  return { ...state.counts, invalid_rows: state.invalidRows.slice(0, LISTED_INVALID_ROWS) };
}

/**
 * Claims the import for a run (a second run of it is refused) and returns the run: batches of rows, each in its own
 * transaction, an event after each. Invalid rows are counted and skipped; the valid ones are written.
 */
export async function startImport(db: Db, actor: Actor, id: string, mapping: ImportMapping) {
  const row = await db.transaction().execute(async (tx) => {
    const found = await importOf(tx, actor, id, true);
    assertRunnable(found, mapping);
    return tx
      .updateTable('imports')
      .set({ status: 'running', mapping: JSON.stringify(mapping) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return runImport(db, actor, row, mapping);
}

async function* runImport(db: Db, actor: Actor, row: ImportRow, mapping: ImportMapping): AsyncGenerator<ImportRunEvent> {
  const state = new ImportState(row.kind, actor, mapping);
  const rows = sourceRows(row);
  const counts = () => ({
    new_count: state.counts.new,
    updated_count: state.counts.updated,
    unchanged_count: state.counts.unchanged,
    invalid_count: state.counts.invalid,
  });
  // The counts of the batches committed so far: a batch that fails was counted as planned but wrote nothing.
  let committed = counts();
  try {
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      await db.transaction().execute(async (tx) => {
        await sql`SELECT pg_advisory_xact_lock(${importLock(row.kind)})`.execute(tx);
        await writeBatch(tx, state, row.id, await planBatch(tx, state, batch, true));
        await tx.updateTable('imports').set(counts()).where('id', '=', row.id).execute();
      });
      committed = counts();
      yield { type: 'progress', done: Math.min(start + BATCH_ROWS, rows.length), total: rows.length };
    }
    const done = await finish(db, actor, row, 'done', committed, state.owners);
    yield { type: 'done', summary: summaryOf(done), invalid_rows: state.invalidRows.slice(0, LISTED_INVALID_ROWS) };
  } catch (error) {
    // The batches written before stay, and can be undone like a finished import.
    const failed = await finish(db, actor, row, 'failed', committed, state.owners).catch(() => null);
    yield {
      type: 'failed',
      message: 'The import stopped before the end. The rows written so far can be undone.',
      summary: failed && summaryOf(failed),
    };
    throw error;
  }
}

async function finish(
  db: Db,
  actor: Actor,
  row: ImportRow,
  status: 'done' | 'failed',
  counts: Record<string, number>,
  owners: Set<string>,
) {
  return db.transaction().execute(async (tx) => {
    const finished = await tx
      .updateTable('imports')
      .set({ status, ...counts, source_rows: null, finished_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'import',
      entityId: row.id,
      action: status === 'done' ? 'imported' : 'import_failed',
      changes: { kind: row.kind, file_name: row.file_name, rows: row.row_count, ...counts },
    });
    // A shared inventory is everyone's list.
    const shared = row.kind === 'vehicles' && actor.inventory === 'dealership';
    await publishChange(tx, row.kind, shared ? 'all' : [actor.userId, ...owners]);
    return finished;
  });
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Takes an import back within the hour: the records it created are removed, and those it changed get their earlier
 * values again. A record changed since the import, or one another record now names, is left as it is, and the answer
 * says how many and why.
 */
export async function undoImport(db: Db, actor: Actor, id: string): Promise<ImportUndo> {
  return db.transaction().execute(async (tx) => {
    const row = await importOf(tx, actor, id, true);
    if (row.status === 'undone') throw conflict('This import has already been undone.');
    if (row.status !== 'done' && row.status !== 'failed')
      throw conflict('This import has not been run, so there is nothing to undo.');
    if (Date.now() - row.created_at.getTime() > UNDO_WINDOW_MS)
      throw new AppError(
        409,
        'UNDO_EXPIRED',
        'An import can be undone only within an hour of making it. Change the records one by one instead.',
      );
    const spec = importKindSpecs[row.kind];
    const table = sql.table(spec.table);
    const unreferenced = sql.join(
      spec.references.map((r) => sql`NOT EXISTS (SELECT 1 FROM ${sql.table(r.table)} x WHERE x.${sql.ref(r.column)} = t.id)`),
      sql` AND `,
    );
    const removed = await sql<{ id: string }>`
      DELETE FROM ${table} t USING import_changes c
      WHERE c.import_id = ${id} AND c.previous IS NULL AND c.record_id = t.id AND t.updated_at = c.written_at AND ${unreferenced}
      RETURNING t.id`.execute(tx);
    const columns = spec.columns.map((c) => sql`${sql.ref(c.name)} = ${sql.ref(`p.${c.name}`)}`);
    const restored = await sql<{ id: string; user_id: string }>`
      UPDATE ${table} t
      SET ${sql.join(columns)}, updated_at = greatest(now(), t.updated_at + interval '1 millisecond')
      FROM import_changes c, jsonb_populate_record(NULL::${table}, c.previous) p
      WHERE c.import_id = ${id} AND c.previous IS NOT NULL AND c.record_id = t.id AND t.updated_at = c.written_at
      RETURNING t.id, t.user_id`.execute(tx);
    const totals = await tx
      .selectFrom('import_changes')
      .select([
        sql<number>`count(*) filter (where previous is null)::int`.as('created'),
        sql<number>`count(*) filter (where previous is not null)::int`.as('changed'),
      ])
      .where('import_id', '=', id)
      .executeTakeFirstOrThrow();
    const keptCreated = totals.created - removed.rows.length;
    const keptChanged = totals.changed - restored.rows.length;
    const kept = [
      ...(keptCreated > 0
        ? [
            `${plural(keptCreated, `${spec.noun.one} it added was`, `${spec.noun.many} it added were`)} kept: changed since, or named by a deal or another record.`,
          ]
        : []),
      ...(keptChanged > 0
        ? [
            `${plural(keptChanged, `${spec.noun.one} it changed was`, `${spec.noun.many} it changed were`)} changed again since, so left as they are.`,
          ]
        : []),
    ];
    await tx
      .updateTable('imports')
      .set({ status: 'undone', undone_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    const result = { restored: restored.rows.length, removed: removed.rows.length, kept };
    await recordAudit(tx, actor, {
      entityType: 'import',
      entityId: id,
      action: 'import_undone',
      changes: { kind: row.kind, file_name: row.file_name, ...result },
    });
    await publishChange(tx, row.kind, [actor.userId, ...restored.rows.map((r) => r.user_id)]);
    return result;
  });
}
