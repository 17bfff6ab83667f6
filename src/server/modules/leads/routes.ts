import type { FastifyInstance } from 'fastify';
import {
  ADF_PATH,
  adfOutcomeSchema,
  adfQuerySchema,
  createdLeadSourceSchema,
  leadSourceInputSchema,
  leadSourceParams,
  leadSourcesSchema,
} from '../../../shared/leads/schemas.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { cursorValue } from '../../http/paging.js';
import type { TypeProvider } from '../../http/serializer.js';
import { createLeadSource, deleteLeadSource, listLeadSources, receiveAdf, sourceForKey } from './service.js';

/** An ADF document is a few kilobytes; a megabyte leaves room for the odd one with long comments. */
const ADF_MAX_BYTES = 1024 * 1024;

export async function leadsRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/settings/lead-sources', { schema: { response: { 200: leadSourcesSchema } } }, async (request) => ({
    items: await listLeadSources(db, actorOf(request)),
  }));
  r.post(
    '/api/settings/lead-sources',
    { schema: { body: leadSourceInputSchema, response: { 201: createdLeadSourceSchema } } },
    async (request, reply) => reply.status(201).send(await createLeadSource(db, actorOf(request), request.body)),
  );
  r.delete('/api/settings/lead-sources/:id', { schema: { params: leadSourceParams } }, async (request, reply) => {
    await deleteLeadSource(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  // Marketplaces and call-tracking services post ADF XML here with their source's key: no session, no CSRF header.
  await app.register(async (intake) => {
    intake.addContentTypeParser(
      ['application/xml', 'text/xml', 'text/plain', 'application/adf+xml'],
      { parseAs: 'string', bodyLimit: ADF_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    intake.withTypeProvider<TypeProvider>().post(
      ADF_PATH,
      {
        config: { public: true, crossSite: true },
        schema: { querystring: adfQuerySchema, response: { 202: adfOutcomeSchema } },
      },
      async (request, reply) => {
        const header = request.headers['x-lead-key'];
        const source = await sourceForKey(db, request.query.key ?? (typeof header === 'string' ? header : undefined));
        if (!source) throw new AppError(401, 'UNAUTHORIZED', 'Unknown lead source key');
        if (typeof request.body !== 'string' || request.body.trim() === '')
          throw new AppError(400, 'VALIDATION', 'Send the ADF document as the body (Content-Type: application/xml)');
        // PostgreSQL text cannot hold NUL, and no XML may contain it: refused before anything is stored.
        if (!cursorValue.text(request.body)) throw new AppError(400, 'VALIDATION', 'An ADF document cannot hold a NUL character');
        return reply.status(202).send(await receiveAdf(db, source, request.body));
      },
    );
  });
}
