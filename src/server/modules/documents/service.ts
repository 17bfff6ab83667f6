import { sql, type Kysely } from 'kysely';
import type { DocumentCategory, DocumentKind, DocumentRecord } from '../../../shared/documents/options.js';
import type { DealDocument } from '../../../shared/documents/types.js';
import type { Page } from '../../../shared/http/paging.js';
import { cursorValue, decodeCursor, pageOf } from '../../http/paging.js';
import type { Actor } from '../../auth/actor.js';
import { maySee, visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pendingKey, type BlobStore } from '../../storage/blob-store.js';
import { recordAudit } from '../../platform/audit.js';
import { notify } from '../../platform/notifications.js';
import { isRecordId } from '../../../shared/common/fields.js';
import { detectDocumentType, displayName, nameForType, storageKey, type Spooled } from './files.js';

type PageQuery = { limit: number; cursor?: string };

/** Where each kind's documents and their parent live. Both document tables have the same columns. */
const places = {
  customer: { parent: 'customers', documents: 'customer_documents', parentColumn: 'customer_id', label: 'Customer' },
  deal: { parent: 'deals', documents: 'deal_documents', parentColumn: 'deal_id', label: 'Deal' },
} as const;

/** The parent (customer or deal) must be one the actor may see; otherwise it does not exist for them. */
export async function assertParentVisible(db: Kysely<DB>, actor: Actor, kind: DocumentKind, parentId: string) {
  const place = places[kind];
  const { rows } = await sql<{ user_id: string }>`
    select user_id from ${sql.table(place.parent)} where id = ${parentId}`.execute(db);
  const row = rows[0];
  if (!row || !maySee(actor, row.user_id)) throw notFound(place.label);
}

// The storage key (file_path) names the uploader's folder, so it stays on the server.
const documentColumns = sql`d.id, d.file_name, d.file_size, d.content_type, d.category, d.uploaded_by,
  u.name as uploaded_by_name, d.created_at`;

/** Every deal document the actor may see, newest first, paged, each with its deal. */
export async function listDealDocuments(db: Kysely<DB>, actor: Actor, query: PageQuery): Promise<Page<DealDocument>> {
  const after = decodeCursor(query.cursor, 2);
  if (after && !(cursorValue.moment(after[0]) && cursorValue.uuid(after[1]))) throw badRequest('Invalid cursor');
  const { rows } = await sql<Omit<DealDocument, 'created_at'> & { created_at: Date }>`
    select ${documentColumns}, d.deal_id, dl.manufacturer || ' ' || dl.model || ' · ' || dl.customer_name as deal_label
    from deal_documents d join users u on u.id = d.uploaded_by join deals dl on dl.id = d.deal_id
    where ${visibleTo(actor, 'dl.user_id')}
      ${after ? sql`and (d.created_at, d.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
    order by d.created_at desc, d.id desc
    limit ${query.limit + 1}`.execute(db);
  const page = pageOf(rows, query.limit, (row) => [row.created_at.toISOString(), row.id]);
  return { ...page, items: page.items.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
}

export async function listDocuments(db: Kysely<DB>, actor: Actor, kind: DocumentKind, parentId: string) {
  await assertParentVisible(db, actor, kind, parentId);
  const place = places[kind];
  const { rows } = await sql<DocumentRecord>`
    select ${documentColumns}
    from ${sql.table(place.documents)} d join users u on u.id = d.uploaded_by
    where d.${sql.ref(place.parentColumn)} = ${parentId}
    order by d.created_at desc, d.id desc`.execute(db);
  return rows;
}

async function findDocument(db: Kysely<DB>, kind: DocumentKind, parentId: string | null, id: string) {
  if (!isRecordId(id)) return undefined;
  const place = places[kind];
  const { rows } = await sql<DocumentRecord & { parent_id: string; file_path: string }>`
    select ${documentColumns}, d.file_path, d.${sql.ref(place.parentColumn)} as parent_id
    from ${sql.table(place.documents)} d join users u on u.id = d.uploaded_by
    where d.id = ${id} ${parentId ? sql`and d.${sql.ref(place.parentColumn)} = ${parentId}` : sql``}`.execute(db);
  return rows[0];
}

/**
 * Checks the spooled upload's content and stores it under a pending key, records the row, and only once that has
 * committed moves the file to its own key. A failure before the commit removes the pending file; a stop between the
 * commit and the move leaves a pending file that the blob sweep moves at the next start (or within the hour).
 */
export async function addDocument(
  db: Kysely<DB>,
  store: BlobStore,
  actor: Actor,
  kind: DocumentKind,
  parentId: string,
  upload: Spooled & { fileName: string | undefined; category?: DocumentCategory | null },
  { instanceId, log }: { instanceId: string; log: ErrorLog },
): Promise<DocumentRecord> {
  await assertParentVisible(db, actor, kind, parentId);
  const place = places[kind];
  const claimedName = displayName(upload.fileName);
  const contentType = await detectDocumentType(upload.path, claimedName);
  const fileName = nameForType(claimedName, contentType);
  const key = storageKey(actor.userId, fileName);
  const pending = pendingKey(instanceId, key);
  await store.put(pending, { path: upload.path, size: upload.size, contentType });
  let document: DocumentRecord;
  try {
    document = await db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ id: string }>`
        insert into ${sql.table(place.documents)}
          (${sql.ref(place.parentColumn)}, file_name, file_path, file_size, content_type, category, uploaded_by)
        values (${parentId}, ${fileName}, ${key}, ${upload.size}, ${contentType}, ${upload.category ?? null}, ${actor.userId})
        returning id`.execute(tx);
      const id = rows[0]!.id;
      await recordAudit(tx, actor, {
        entityType: kind,
        entityId: parentId,
        action: 'document_added',
        // The name it was uploaded under stays on record when its extension did not match the content.
        changes: {
          document_id: id,
          file_name: fileName,
          file_size: upload.size,
          ...(fileName !== claimedName ? { uploaded_as: claimedName } : {}),
        },
      });
      await announceDocument(tx, actor, kind, parentId, fileName);
      const { file_path: _key, parent_id: _parent, ...record } = (await findDocument(tx, kind, parentId, id))!;
      return record;
    });
  } catch (error) {
    await store.remove(pending).catch(() => undefined);
    throw error;
  }
  await moveWithRetries(store, pending, key).catch((error: unknown) =>
    log.error({ err: error, key }, 'document saved but its file is still under its pending key; the blob sweep will move it'),
  );
  return document;
}

/** The agent of the customer or deal a document was added to is told, as the Notification Settings say. */
async function announceDocument(tx: Kysely<DB>, actor: Actor, kind: DocumentKind, parentId: string, fileName: string) {
  const parent =
    kind === 'customer'
      ? await tx.selectFrom('customers').select(['user_id', 'name']).where('id', '=', parentId).executeTakeFirstOrThrow()
      : await tx
          .selectFrom('deals')
          .select(['user_id', sql<string>`manufacturer || ' ' || model || ' for ' || customer_name`.as('name')])
          .where('id', '=', parentId)
          .executeTakeFirstOrThrow();
  await notify(tx, actor, {
    event: 'document_uploaded',
    ownerIds: [parent.user_id],
    title: kind === 'customer' ? 'Document added to your customer' : 'Document added to your deal',
    content: `${actor.name} added ${fileName} to ${parent.name}`,
    link: kind === 'customer' ? `/customers/${parentId}` : `/deals/${parentId}`,
  });
}

async function moveWithRetries(store: BlobStore, from: string, to: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.move(from, to);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Where a failure that no longer changes the answer is reported; a request's logger is one. */
export type ErrorLog = { error: (details: object, message: string) => void };

/**
 * Deletes the row and audits it, then removes the stored file once that has committed: a failed commit leaves the
 * document whole, and a file that cannot be removed afterwards is logged, as the document is already gone.
 */
export async function deleteDocument(
  db: Kysely<DB>,
  store: BlobStore,
  actor: Actor,
  kind: DocumentKind,
  parentId: string,
  id: string,
  log: ErrorLog,
) {
  await assertParentVisible(db, actor, kind, parentId);
  const place = places[kind];
  const key = await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ file_path: string; file_name: string }>`
      delete from ${sql.table(place.documents)}
      where id = ${id} and ${sql.ref(place.parentColumn)} = ${parentId}
      returning file_path, file_name`.execute(tx);
    const removed = rows[0];
    if (!removed) throw notFound('Document');
    await recordAudit(tx, actor, {
      entityType: kind,
      entityId: parentId,
      action: 'document_removed',
      changes: { document_id: id, file_name: removed.file_name },
    });
    return removed.file_path;
  });
  await removeDocumentFiles(store, [key], log);
}

/** The storage keys of a customer's or deal's documents, read in the transaction that deletes it. */
export async function documentKeysOf(db: Kysely<DB>, kind: DocumentKind, parentId: string): Promise<string[]> {
  const place = places[kind];
  const { rows } = await sql<{ file_path: string }>`
    select file_path from ${sql.table(place.documents)} where ${sql.ref(place.parentColumn)} = ${parentId}`.execute(db);
  return rows.map((row) => row.file_path);
}

/**
 * Removes the files of documents whose rows are already deleted and committed. A file that cannot be removed is
 * logged, and the blob sweep removes it later, as no row names it any more.
 */
export async function removeDocumentFiles(store: BlobStore, keys: string[], log: ErrorLog) {
  for (const key of keys) {
    try {
      await store.remove(key);
    } catch (error) {
      log.error({ err: error, key }, 'document deleted but its stored file could not be removed');
    }
  }
}

/** The document an actor asks a download link for, checked through its parent. */
export async function documentForLink(db: Kysely<DB>, actor: Actor, kind: DocumentKind, parentId: string, id: string) {
  await assertParentVisible(db, actor, kind, parentId);
  const document = await findDocument(db, kind, parentId, id);
  if (!document) throw notFound('Document');
  return document;
}

/** The document a verified signed link names, or undefined when it has been deleted since. */
export const documentById = (db: Kysely<DB>, kind: DocumentKind, id: string) => findDocument(db, kind, null, id);

/** Which of these storage keys a customer or deal document names, for the blob sweep. */
export async function referencedDocumentKeys(db: Kysely<DB>, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await sql<{ file_path: string }>`
    select file_path from customer_documents where file_path = any(${keys}::text[])
    union all
    select file_path from deal_documents where file_path = any(${keys}::text[])`.execute(db);
  return new Set(rows.map((r) => r.file_path));
}
