import type { FastifyInstance } from 'fastify';
import { FULL_EXPORT_PATH } from '../../../shared/export/manifest.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { streamedDownload } from '../../http/download.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { businessClock } from '../../platform/time.js';
import { exportFileName, recordExport, streamExport } from './service.js';
import type { ExportContents } from '../../platform/export-rules.js';

export async function exportRoutes(
  app: FastifyInstance,
  { database, store, exportContents }: { database: Database; store: BlobStore; exportContents: ExportContents },
) {
  // Everything the user may see, as one zip streamed while it is read: tables as CSV and JSON, documents, manifest.
  app.get(FULL_EXPORT_PATH, { config: { heavy: true } }, async (request, reply) => {
    const actor = actorOf(request);
    const name = exportFileName((await businessClock(database.db)).today);
    await recordExport(database, actor, name);
    const body = streamedDownload(request, reply, 'Full export', (out, signal) =>
      streamExport(database, store, exportContents, actor, out, signal),
    );
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
