import type { FastifyInstance } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { idParams } from '../../../shared/common/fields.js';
import {
  agreementSubmitSchema,
  PDF_LIMIT_BYTES,
  PDF_LIMIT_MESSAGE,
  PDF_MESSAGE,
  SIGNATURES_MESSAGE,
} from '../../../shared/cosigners/schemas.js';
import { minorAgreementPageSchema, minorAgreementSchema } from '../../../shared/cosigners/types.js';
import { pageQuerySchema } from '../../../shared/http/paging.js';
import { actorOf } from '../../auth/actor.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Spool } from '../../storage/spool.js';
import { attachmentHeader, brokenUpload, displayName, isClientStreamError, spoolUpload } from '../documents/index.js';
import { listAgreements, refuseEdit, sealedFile, submitAgreement } from './service.js';

type Deps = { database: Database; config: Config; store: BlobStore; spool: Spool; instance: { id: string } };

/** Minor co-signer agreements: submitted sealed, listed, downloaded with their seal checked; never edited. */
export async function cosignersRoutes(app: FastifyInstance, { database, config, store, spool, instance }: Deps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get(
    '/api/minor-agreements',
    { schema: { querystring: pageQuerySchema, response: { 200: minorAgreementPageSchema } } },
    (request) => listAgreements(db, actorOf(request), request.query),
  );

  // Multipart: the form and both signatures as JSON in the field `data`, then the PDF as the file.
  r.post('/api/minor-agreements', { config: { heavy: true } }, async (request, reply) => {
    const actor = actorOf(request);
    if (!request.isMultipart()) throw badRequest(PDF_MESSAGE);
    const part = await request.file({ limits: { fieldSize: 2_000_000 } }).catch((error: unknown) => {
      throw isClientStreamError(error) ? brokenUpload() : error;
    });
    if (!part) throw badRequest(PDF_MESSAGE, { file: PDF_MESSAGE });
    const dataField = part.fields.data;
    const raw = dataField && 'value' in dataField ? String(dataField.value) : '';
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      throw badRequest('The agreement form did not arrive. Please try again.');
    }
    const parsed = agreementSubmitSchema.safeParse(data);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        const message =
          key.endsWith('_signature') && issue.path.length > 1 && issue.path[1] !== 'consent' ? SIGNATURES_MESSAGE : issue.message;
        fields[key] ??= message;
      }
      throw badRequest(Object.values(fields)[0]!, fields);
    }
    const limit = Math.min(config.uploadMaxBytes, PDF_LIMIT_BYTES);
    const spooled = await spoolUpload(part.file, spool.file(), limit).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 413) throw new AppError(413, 'PAYLOAD_TOO_LARGE', PDF_LIMIT_MESSAGE);
      throw error;
    });
    try {
      // Checked by content: a PDF by its bytes, whatever its name or the browser's type.
      const found = await fileTypeFromFile(spooled.path);
      if (found?.mime !== 'application/pdf') throw badRequest(PDF_MESSAGE, { file: PDF_MESSAGE });
      const agreement = await submitAgreement(
        db,
        actor,
        parsed.data,
        { path: spooled.path, fileName: displayName(part.filename) },
        { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? 'unknown') },
        { store, instanceId: instance.id },
      );
      return reply.status(201).send(minorAgreementSchema.parse(agreement));
    } finally {
      await spooled.discard();
    }
  });

  r.patch('/api/minor-agreements/:id', { schema: { params: idParams } }, (request) =>
    refuseEdit(db, actorOf(request), request.params.id),
  );

  r.get('/api/minor-agreements/:id/pdf', { schema: { params: idParams } }, async (request, reply) => {
    const file = await sealedFile(db, store, actorOf(request), request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.bytes.length)
      .header('content-disposition', attachmentHeader(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
}
