import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ImportCounts, InvalidRow } from '../../../shared/imports/schemas.js';
import { cellValue } from '../../../shared/imports/schemas.js';
import type { ImportKind, ImportMapping } from '../../../shared/imports/fields.js';
import { importFields } from '../../../shared/imports/fields.js';
import { vehicleStatusRule } from '../../../shared/vehicles/status-rule.js';
import type { DealStatus } from '../../../shared/deals/options.js';
import type { Actor } from '../../auth/actor.js';
import { mayChange } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { changedFields } from '../../platform/audit.js';
import type { SourceRow } from './csv-file.js';
import { importKindSpecs, recordset, recordsetColumns, type ImportKindSpec, type Known, type Values } from './kinds.js';

/** Rows per transaction of a run: each batch is read with one query and written a set-based statement per step. */
export const BATCH_ROWS = 500;

/**
 * What an import has seen so far: the records it matched or created, by id and by key. The dry run and the run keep
 * the same state batch after batch, so a file that names a customer twice counts the same in both.
 */
export class ImportState {
  readonly byKey = new Map<string, Known>();
  readonly byId = new Map<string, Known>();
  readonly lookedUp = new Set<string>();
  readonly counts: ImportCounts = { new: 0, updated: 0, unchanged: 0, invalid: 0 };
  readonly invalidRows: InvalidRow[] = [];
  readonly owners = new Set<string>();
  readonly spec: ImportKindSpec;
  /** The mapped fields, and the columns they write. */
  readonly fields: { key: string; index: number; label: string }[];
  readonly written: string[];

  constructor(
    readonly kind: ImportKind,
    readonly actor: Actor,
    mapping: ImportMapping,
  ) {
    this.spec = importKindSpecs[kind];
    this.fields = importFields[kind].flatMap((f) => {
      const index = mapping[f.key];
      return index === null || index === undefined ? [] : [{ key: f.key, index, label: f.label }];
    });
    this.written = this.fields.map((f) => this.spec.columnOf(f.key));
  }

  index(record: Known) {
    this.byId.set(record.id, record);
    for (const key of this.spec.recordKeys(record.values)) if (!this.byKey.has(key)) this.byKey.set(key, record);
  }

  invalid(row: number, reason: string) {
    this.counts.invalid++;
    this.invalidRows.push({ row, reason });
  }
}

/** The first of a row's problems, named so the user finds the cell: 'Email: Invalid email'. */
function reasonOf(state: ImportState, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const issue = issues[0]!;
  const field = String(issue.path[0] ?? '');
  const label = state.fields.find((f) => f.key === field)?.label ?? importFields[state.kind].find((f) => f.key === field)?.label;
  if (!label || issue.message.toLowerCase().includes(label.toLowerCase())) return issue.message;
  return `${label}: ${issue.message}`;
}

type Parsed = { n: number; values: Values; keys: string[] };

/** A batch's plan: the records to create and those to change, with their values after the batch. */
export type BatchPlan = { inserts: Map<string, Known>; updates: Map<string, Known> };

/**
 * Reads a batch of rows and decides each one: invalid (with the reason), new, updated or unchanged. The records it
 * matches are read with one query; the state is changed as the run will change the records.
 */
export async function planBatch(db: Kysely<DB>, state: ImportState, rows: SourceRow[], lock: boolean): Promise<BatchPlan> {
  const { spec } = state;
  const parsed: Parsed[] = [];
  for (const row of rows) {
    const candidate: Record<string, unknown> = {};
    for (const field of state.fields) candidate[field.key] = cellValue(state.kind, field.key, row.c[field.index] ?? '');
    const result = spec.schema.safeParse(candidate);
    if (!result.success) {
      state.invalid(row.n, reasonOf(state, result.error.issues));
      continue;
    }
    const keys = spec.rowKeys(result.data);
    if (keys.length === 0) state.invalid(row.n, spec.noKey);
    else parsed.push({ n: row.n, values: result.data, keys });
  }

  const unknownKeys = [...new Set(parsed.flatMap((p) => p.keys))].filter((k) => !state.byKey.has(k) && !state.lookedUp.has(k));
  if (unknownKeys.length > 0) {
    for (const record of await spec.lookup(db, unknownKeys, lock)) if (!state.byId.has(record.id)) state.index(record);
    for (const key of unknownKeys) state.lookedUp.add(key);
  }

  const plan: BatchPlan = { inserts: new Map(), updates: new Map() };
  for (const row of parsed) {
    const match = row.keys.map((k) => state.byKey.get(k)).find(Boolean);
    if (!match) {
      const record: Known = {
        id: crypto.randomUUID(),
        user_id: state.actor.userId,
        values: row.values,
        kept: [],
        dealStatuses: [],
      };
      state.index(record);
      plan.inserts.set(record.id, record);
      state.counts.new++;
      continue;
    }
    if (!mayChange(state.actor, match.user_id)) {
      state.invalid(row.n, spec.othersRecord);
      continue;
    }
    const next: Values = {};
    for (const column of state.written) if (!match.kept.includes(column)) next[column] = row.values[column];
    const changes = changedFields(match.values, next);
    if (Object.keys(changes).length === 0) {
      state.counts.unchanged++;
      continue;
    }
    const rule = changes.status ? vehicleStatusRule(match.dealStatuses as DealStatus[]) : null;
    if (rule && !rule.allowed.includes(next.status as never)) {
      state.invalid(row.n, rule.reason);
      continue;
    }
    match.values = { ...match.values, ...next };
    state.index(match);
    state.counts.updated++;
    state.owners.add(match.user_id);
    if (!plan.inserts.has(match.id)) plan.updates.set(match.id, match);
  }
  return plan;
}

/**
 * Writes a batch's plan: the new records, then the changed ones, noting for the undo each record's row before the import
 * touched it (none for a new one) and the version the import left it at.
 */
export async function writeBatch(db: Kysely<DB>, state: ImportState, importId: string, plan: BatchPlan) {
  const { spec } = state;
  const table = sql.table(spec.table);
  if (plan.inserts.size > 0) {
    const created = await spec.insert(db, state.actor, [...plan.inserts.values()], importId);
    await db
      .insertInto('import_changes')
      .values(created.map((row) => ({ import_id: importId, record_id: row.id, previous: null, written_at: row.updated_at })))
      .execute();
  }
  if (plan.updates.size > 0) {
    const assignments = state.written.map((column) => sql`${sql.ref(column)} = ${sql.ref(`i.${column}`)}`);
    const version = sql`greatest(now(), t.updated_at + interval '1 millisecond')`;
    await sql`
      WITH i AS (
        SELECT * FROM jsonb_to_recordset(${recordset(plan.updates.values(), false)}::jsonb) AS i(${recordsetColumns(spec, false)})
      ), noted AS (
        INSERT INTO import_changes (import_id, record_id, previous, written_at)
        SELECT ${importId}, t.id, to_jsonb(t), ${version} FROM ${table} t JOIN i ON i.id = t.id
        ON CONFLICT (import_id, record_id) DO UPDATE SET written_at = excluded.written_at
      )
      UPDATE ${table} t
      SET ${sql.join(assignments)}, updated_at = ${version}
      FROM i WHERE t.id = i.id`.execute(db);
  }
}
