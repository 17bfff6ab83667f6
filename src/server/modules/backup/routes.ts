import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { Config } from '../../config.js';
import { streamedDownload } from '../../http/download.js';
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
    const scratchDir = path.join(config.dataDir, 'spool');
    const body = streamedDownload(request, reply, 'Backup download', (out, signal) =>
      writeBackup(db, store, out, { scratchDir, signal }),
    );
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
