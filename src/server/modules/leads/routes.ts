import type { FastifyInstance, FastifyReply } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import {
  ADF_PATH,
  adfOutcomeSchema,
  adfQuerySchema,
  contactLogSchema,
  createdLeadSourceSchema,
  leadDetailSchema,
  leadFormParams,
  leadFormPath,
  leadFormQuery,
  leadListQuerySchema,
  leadPageSchema,
  leadSourceInputSchema,
  leadSourceParams,
  leadSourcesSchema,
  manualLeadOutcomeSchema,
  manualLeadSchema,
} from '../../../shared/leads/schemas.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { cursorValue } from '../../http/paging.js';
import type { TypeProvider } from '../../http/serializer.js';
import { getSetting } from '../../platform/settings.js';
import { leadFormPage, leadFormSentPage } from './form-page.js';
import { acceptFormPosts, receiveWebForm, sendPage } from './web-form.js';
import { receivePostedAdf } from './intake.js';
import { addLead, getLead, listLeads, logContact, markLeadHandled } from './service.js';
import { createLeadSource, deleteLeadSource, formSource, listLeadSources, sourceForKey } from './sources.js';

/** An ADF document is a few kilobytes; a megabyte leaves room for the odd one with long comments. */
const ADF_MAX_BYTES = 1024 * 1024;
/** The hosted form may be framed by any site (it is the snippet); it runs no script and posts only to Torque. */
const FORM_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors *; base-uri 'none'";

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

  r.get('/api/leads', { schema: { querystring: leadListQuerySchema, response: { 200: leadPageSchema } } }, (request) =>
    listLeads(db, actorOf(request), request.query),
  );
  r.post(
    '/api/leads',
    { schema: { body: manualLeadSchema, response: { 201: manualLeadOutcomeSchema } } },
    async (request, reply) => reply.status(201).send(await addLead(db, actorOf(request), request.body)),
  );
  r.get('/api/leads/:id', { schema: { params: idParams, response: { 200: leadDetailSchema } } }, (request) =>
    getLead(db, actorOf(request), request.params.id),
  );
  r.post('/api/leads/:id/handled', { schema: { params: idParams, response: { 200: leadDetailSchema } } }, (request) =>
    markLeadHandled(db, actorOf(request), request.params.id),
  );
  r.post(
    '/api/leads/:id/contacts',
    { schema: { params: idParams, body: contactLogSchema, response: { 200: leadDetailSchema } } },
    (request) => logContact(db, actorOf(request), request.params.id, request.body),
  );

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
        return reply.status(202).send(await receivePostedAdf(db, source, request.body));
      },
    );
  });

  // The public web form: a page any site may frame, posting form fields (or JSON, from a site's own script).
  await app.register(async (form) => {
    acceptFormPosts(form);
    const f = form.withTypeProvider<TypeProvider>();
    const html = (reply: FastifyReply, status: number, body: string) => {
      // The app's own pages may not be framed (helmet's headers); this one is made to be.
      reply.raw.removeHeader('x-frame-options');
      return sendPage(reply, status, body, FORM_PAGE_POLICY);
    };

    f.get(
      '/lead-form/:source',
      { config: { public: true }, schema: { params: leadFormParams, querystring: leadFormQuery } },
      async (request, reply) => {
        await formSource(db, request.params.source);
        const { name } = await getSetting(db, 'company');
        return html(reply, 200, request.query.sent ? leadFormSentPage(name) : leadFormPage(name, request.params.source));
      },
    );
    f.post(
      '/api/leads/form/:source',
      { config: { public: true, crossSite: true }, schema: { params: leadFormParams } },
      async (request, reply) => {
        const source = await formSource(db, request.params.source);
        return receiveWebForm(db, request, reply, {
          source,
          vehicle: null,
          // The form again, with what was typed and what is wrong: the company's name is read only to show it.
          page: async (status, state) =>
            html(reply, status, leadFormPage((await getSetting(db, 'company')).name, source.id, state)),
          done: () => reply.redirect(`${leadFormPath(source.id)}?sent=1`, 303),
        });
      },
    );
  });
}
