import type { FastifyInstance } from 'fastify';
import type { TypeProvider } from '../../http/serializer.js';
import { z } from 'zod';
import {
  documentCategories,
  documentKinds,
  type DocumentCategory,
  type DocumentKind,
} from '../../../shared/documents/options.js';
import { dealDocumentPageSchema, dealDocumentsQuerySchema } from '../../../shared/documents/types.js';
import { documentParams, idParams } from '../../../shared/common/fields.js';
import { actorOf } from '../../auth/actor.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import type { Instance } from '../../db/instance.js';
import { badRequest } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Spool } from '../../storage/spool.js';
import { attachmentHeader, brokenUpload, isClientStreamError, nameForType, spoolUpload } from './files.js';
import {
  addDocument,
  assertParentVisible,
  deleteDocument,
  documentById,
  documentForLink,
  listDealDocuments,
  listDocuments,
} from './service.js';
import { signLink, verifyLink } from './signed-link.js';

const basePaths: Record<DocumentKind, string> = { customer: '/api/customers', deal: '/api/deals' };

/** The upload form's 'category' field: absent is none; anything but a known category is refused. */
function categoryOf(value: unknown): DocumentCategory | null {
  if (value === undefined || value === '') return null;
  const parsed = z.enum(documentCategories).safeParse(value);
  if (!parsed.success) throw badRequest('Choose what the document is', { category: 'Choose what the document is' });
  return parsed.data;
}

type Deps = { database: Database; config: Config; secret: string; store: BlobStore; spool: Spool; instance: Instance };

/** Documents of customers and of deals: one set of rules, mounted under each parent. */
export async function documentsRoutes(app: FastifyInstance, { database, config, secret, store: blobs, spool, instance }: Deps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get(
    '/api/documents',
    { schema: { querystring: dealDocumentsQuerySchema, response: { 200: dealDocumentPageSchema } } },
    (request) => listDealDocuments(db, actorOf(request), request.query),
  );

  for (const kind of documentKinds) {
    const base = `${basePaths[kind]}/:id/documents`;

    r.get(base, { schema: { params: idParams } }, (request) => listDocuments(db, actorOf(request), kind, request.params.id));

    r.post(base, { schema: { params: idParams } }, async (request, reply) => {
      const actor = actorOf(request);
      await assertParentVisible(db, actor, kind, request.params.id);
      if (!request.isMultipart()) throw badRequest('Choose a file to upload');
      const part = await request.file().catch((error: unknown) => {
        throw isClientStreamError(error) ? brokenUpload() : error;
      });
      if (!part) throw badRequest('Choose a file to upload');
      // What the document is, when the form says (a field sent before the file): Communications asks for it.
      const categoryField = part.fields.category;
      const category = categoryOf(categoryField && 'value' in categoryField ? categoryField.value : undefined);
      const spooled = await spoolUpload(part.file, spool.file(), config.uploadMaxBytes);
      try {
        const upload = { ...spooled, fileName: part.filename, category };
        const document = await addDocument(db, blobs, actor, kind, request.params.id, upload, {
          instanceId: instance.id,
          log: request.log,
        });
        return reply.status(201).send(document);
      } finally {
        await spooled.discard();
      }
    });

    r.delete(`${base}/:docId`, { schema: { params: documentParams } }, async (request, reply) => {
      await deleteDocument(db, blobs, actorOf(request), kind, request.params.id, request.params.docId, request.log);
      return reply.status(204).send();
    });

    r.get(`${base}/:docId/link`, { schema: { params: documentParams } }, async (request) => {
      const document = await documentForLink(db, actorOf(request), kind, request.params.id, request.params.docId);
      return { url: signLink(secret, kind, document.id) };
    });
  }

  // Opened in a new tab from a signed link: the link itself is the permission, for 60 seconds.
  const linkParams = z.object({
    kind: z.string().max(20),
    id: z.string().max(64),
    expires: z.string().max(20),
    signature: z.string().max(100),
  });
  r.get(
    '/api/files/:kind/:id/:expires/:signature',
    { config: { public: true }, schema: { params: linkParams } },
    async (request, reply) => {
      const refuse = (status: number, message: string) => reply.status(status).type('text/plain; charset=utf-8').send(message);
      const claims = verifyLink(secret, request.params);
      if (!claims) return refuse(403, 'This download link has expired or is not valid. Download the document again from Torque.');
      const document = await documentById(db, claims.kind, claims.id);
      const blob = document && (await blobs.open(document.file_path));
      if (!document || !blob) return refuse(404, 'This document no longer exists.');
      return (
        reply
          .header('content-type', document.content_type)
          .header('content-length', blob.size)
          // Rows stored before names followed the detected type still download under a name that matches it.
          .header('content-disposition', attachmentHeader(nameForType(document.file_name, document.content_type)))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(blob.stream)
      );
    },
  );
}
