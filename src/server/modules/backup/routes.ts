import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { Config } from '../../config.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { writeBackup } from './archive.js';
import { backupFileName, mayBackUp, recordDownload } from './service.js';

export async function backupRoutes(
  app: FastifyInstance,
  { database, store, config }: { database: Database; store: BlobStore; config: Config },
) {
  const { db } = database;
  // The whole database and every document as one .tar.gz, streamed; admins only.
  app.get('/api/backup', { config: { heavy: true } }, async (request, reply) => {
    const actor = actorOf(request);
    mayBackUp(actor);
    const name = backupFileName();
    await recordDownload(db, actor, name);
    const body = new PassThrough();
    writeBackup(db, store, body, `${config.dataDir}/spool`).catch((error: Error) => {
      request.log.error({ err: error }, 'Backup download failed');
      body.destroy(error);
    });
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
