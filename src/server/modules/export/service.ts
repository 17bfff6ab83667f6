import type { Writable } from 'node:stream';
import type { Actor } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { recordAudit } from '../../platform/audit.js';
import { writeExport } from './archive.js';
import type { ExportContents } from '../../platform/export-rules.js';
import packageJson from '../../../../package.json' with { type: 'json' };

/** `torque-export-2026-11-25.zip`: the business day it was made (the company's time zone). */
export const exportFileName = (today: string) => `torque-export-${today}.zip`;

export async function recordExport(database: Database, actor: Actor, file: string) {
  await recordAudit(database.db, actor, {
    entityType: 'user',
    entityId: actor.userId,
    action: 'export_downloaded',
    changes: { file },
  });
}

/**
 * Writes the actor's full export to `out`. On a PostgreSQL server every table is read in one read-only REPEATABLE READ
 * transaction, so the counts agree with each other; it holds one of the pool's connections while the download lasts.
 * The embedded database has a single connection, and a transaction there would hold up every other request until the
 * download ends: it reads batch by batch instead, between other requests, and the manifest says `snapshot: false`.
 */
export async function streamExport(
  database: Database,
  store: BlobStore,
  contents: ExportContents,
  actor: Actor,
  out: Writable,
  signal: AbortSignal,
) {
  const options = { version: packageJson.version, signal, contents };
  if (database.kind === 'embedded') return writeExport(database.db, store, actor, out, { ...options, snapshot: false });
  return database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((tx) => writeExport(tx, store, actor, out, { ...options, snapshot: true }));
}
