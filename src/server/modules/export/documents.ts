import { sql, type Kysely, type Transaction } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { keysetBatches } from '../../http/paging.js';
import { rowsFor, type TableRule } from '../../platform/export-rules.js';

export type DocumentFile = { table: string; id: string; key: string; fileName: string; path: string };

/**
 * Where stored files are named: the table, the column holding the blob key, and the file's name (a column or fixed,
 * with an extension when the stored file's own differs: a vehicle photo is kept as a JPEG whatever it was sent as).
 */
const sources = [
  { table: 'customer_documents', key: 'file_path', name: { column: 'file_name' }, prefix: '' },
  { table: 'deal_documents', key: 'file_path', name: { column: 'file_name' }, prefix: '' },
  { table: 'minor_agreements', key: 'original_key', name: { column: 'original_file_name' }, prefix: 'original-' },
  { table: 'minor_agreements', key: 'sealed_key', name: { fixed: 'signed-agreement.pdf' }, prefix: 'sealed-' },
  { table: 'vehicle_photos', key: 'full_key', name: { column: 'file_name' }, prefix: 'photo-', extension: '.jpg' },
] as const;

const BATCH = 500;

/** The name a stored file goes by in the export: its own, with the stored file's extension where that differs. */
const fileNameOf = (name: string, source: (typeof sources)[number]) =>
  'extension' in source ? `${name.replace(/\.[^.]*$/, '')}${source.extension}` : name;

/** A file name safe on every system: letters, digits, dot, dash, underscore and space, at most 100 characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return (cleaned || 'file').slice(-100);
}

/** The stored files of the documents the actor's export holds, in batches: `documents/<id>-<name>`. */
export async function* documentFiles(
  db: Kysely<DB> | Transaction<DB>,
  actor: Actor,
  ruleOf: (table: string) => TableRule,
): AsyncGenerator<DocumentFile[]> {
  for (const source of sources) {
    const where = rowsFor(actor, ruleOf(source.table));
    if (!where) continue;
    const name = 'column' in source.name ? sql.ref(`t.${source.name.column}`) : sql.lit(source.name.fixed);
    yield* keysetBatches<DocumentFile, string>(async (after) => {
      const { rows } = await sql<{ id: string; key: string; file_name: string }>`
        SELECT t.id, ${sql.ref(`t.${source.key}`)} AS key, ${name} AS file_name FROM ${sql.table(source.table)} t
        WHERE ${where} ${after ? sql`AND t.id > ${after}` : sql``}
        ORDER BY t.id LIMIT ${BATCH}`.execute(db);
      return {
        rows: rows.map((r) => ({
          table: source.table,
          id: r.id,
          key: r.key,
          fileName: r.file_name,
          path: `documents/${r.id}-${source.prefix}${safeFileName(fileNameOf(r.file_name, source))}`,
        })),
        next: rows.length === BATCH ? rows.at(-1)!.id : null,
      };
    });
  }
}
