import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import {
  importMappingBodySchema,
  importReportSchema,
  importSummarySchema,
  importUndoSchema,
  importUploadQuerySchema,
  importUploadSchema,
  type ImportRunEvent,
} from '../../../shared/imports/schemas.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { badRequest } from '../../http/errors.js';
import type { TypeProvider } from '../../http/serializer.js';
import { brokenUpload, isClientStreamError, tooLarge } from '../documents/index.js';
import type { Config } from '../../config.js';
import { createImport, dryRunImport, getImport, startImport, undoImport } from './service.js';

export async function importsRoutes(app: FastifyInstance, { database, config }: { database: Database; config: Config }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.post(
    '/api/imports',
    { schema: { querystring: importUploadQuerySchema, response: { 201: importUploadSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Choose a CSV file to import');
      const part = await request.file().catch((error: unknown) => {
        throw isClientStreamError(error) ? brokenUpload() : error;
      });
      if (!part) throw badRequest('Choose a CSV file to import');
      const content = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(config.uploadMaxBytes);
        throw isClientStreamError(error) ? brokenUpload() : error;
      });
      const upload = await createImport(db, actorOf(request), request.query.kind, part.filename, content);
      return reply.status(201).send(upload);
    },
  );

  r.get('/api/imports/:id', { schema: { params: idParams, response: { 200: importSummarySchema } } }, (request) =>
    getImport(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/imports/:id/dry-run',
    { schema: { params: idParams, body: importMappingBodySchema, response: { 200: importReportSchema } } },
    (request) => dryRunImport(db, actorOf(request), request.params.id, request.body.mapping),
  );

  // The run answers as it goes: one JSON line after each batch, then the outcome, so the browser shows real progress.
  r.post(
    '/api/imports/:id/run',
    { schema: { params: idParams, body: importMappingBodySchema }, config: { heavy: true } },
    async (request, reply) => {
      const events = await startImport(db, actorOf(request), request.params.id, request.body.mapping);
      // The import goes on to its end even when the browser goes away: only the lines stop being sent.
      const lines = new PassThrough();
      void (async () => {
        try {
          for await (const event of events)
            if (!lines.destroyed) lines.write(`${JSON.stringify(event satisfies ImportRunEvent)}\n`);
        } catch (error) {
          request.log.error({ err: error }, 'import stopped');
        } finally {
          lines.end();
        }
      })();
      return reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(lines);
    },
  );

  r.post('/api/imports/:id/undo', { schema: { params: idParams, response: { 200: importUndoSchema } } }, (request) =>
    undoImport(db, actorOf(request), request.params.id),
  );
}
