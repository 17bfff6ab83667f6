import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { FULL_EXPORT_PATH } from '../../../shared/export/manifest.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { exportFileName, recordExport, streamExport } from './service.js';

export async function exportRoutes(app: FastifyInstance, { database, store }: { database: Database; store: BlobStore }) {
  // Everything the user may see, as one zip streamed while it is read: tables as CSV and JSON, documents, manifest.
  app.get(FULL_EXPORT_PATH, { config: { heavy: true } }, async (request, reply) => {
    const actor = actorOf(request);
    const name = exportFileName();
    await recordExport(database, actor, name);
    const body = new PassThrough();
    const cancelled = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) cancelled.abort(new Error('The download was cancelled'));
    });
    streamExport(database, store, actor, body, cancelled.signal).catch((error: Error) => {
      // The status is already sent: cutting the connection makes the browser report a failed download.
      if (!cancelled.signal.aborted) request.log.error({ err: error }, 'Full export failed; the download was cut off');
      body.destroy(error);
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
