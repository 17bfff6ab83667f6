import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import {
  conversationEntrySchema,
  conversationPageSchema,
  conversationQuerySchema,
  conversationStateSchema,
  assignConversationSchema,
  inboxAssigneeSchema,
  inboxPageSchema,
  inboxQuerySchema,
  sendTextSchema,
} from '../../../shared/conversations/types.js';
import { actorOf } from '../../auth/actor.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { AreaDeps } from '../../platform/area.js';
import { assignConversation, inbox, inboxAssignees, markConversationDone } from './inbox.js';
import { deleteReplyTemplate, listReplyTemplates, saveReplyTemplate, templatesFor } from './templates.js';
import { replyTemplateInputSchema, replyTemplateSchema } from '../../../shared/conversations/templates.js';
import {
  attachUnmatchedTextSchema,
  filedTextSchema,
  unmatchedTextLeadSchema,
  unmatchedTextPageSchema,
  unmatchedTextQuerySchema,
} from '../../../shared/conversations/unmatched.js';
import { conversationOf, conversationState, sendText } from './service.js';
import { attachText, leadFromText, listUnmatchedTexts } from './unmatched.js';

export async function conversationsRoutes(app: FastifyInstance, { database, webhooks, mailer }: AreaDeps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;
  r.get(
    '/api/customers/:id/conversation',
    { schema: { params: idParams, querystring: conversationQuerySchema, response: { 200: conversationPageSchema } } },
    (request) => conversationOf(db, actorOf(request), request.params.id, request.query),
  );
  r.get(
    '/api/customers/:id/conversation/state',
    { schema: { params: idParams, response: { 200: conversationStateSchema } } },
    (request) => conversationState(db, actorOf(request), request.params.id, { mailHeld: mailer.holding, webhooks }),
  );
  r.post(
    '/api/customers/:id/texts',
    { schema: { params: idParams, body: sendTextSchema, response: { 201: conversationEntrySchema } } },
    async (request, reply) =>
      reply.status(201).send(await sendText(db, webhooks, actorOf(request), request.params.id, request.body)),
  );

  r.get('/api/inbox', { schema: { querystring: inboxQuerySchema, response: { 200: inboxPageSchema } } }, (request) =>
    inbox(db, actorOf(request), request.query),
  );
  r.post('/api/inbox/:id/done', { schema: { params: idParams } }, async (request, reply) => {
    await markConversationDone(db, actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  r.get('/api/reply-templates', { schema: { response: { 200: z.array(replyTemplateSchema) } } }, () => listReplyTemplates(db));
  r.post(
    '/api/reply-templates',
    { schema: { body: replyTemplateInputSchema, response: { 201: replyTemplateSchema } } },
    async (request, reply) => reply.code(201).send(await saveReplyTemplate(db, actorOf(request), request.body)),
  );
  r.put(
    '/api/reply-templates/:id',
    { schema: { params: idParams, body: replyTemplateInputSchema, response: { 200: replyTemplateSchema } } },
    (request) => saveReplyTemplate(db, actorOf(request), request.body, request.params.id),
  );
  r.delete('/api/reply-templates/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deleteReplyTemplate(db, actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  r.get(
    '/api/customers/:id/reply-templates',
    { schema: { params: idParams, response: { 200: z.array(replyTemplateSchema) } } },
    (request) => templatesFor(db, actorOf(request), request.params.id),
  );
  r.get(
    '/api/unmatched-texts',
    { schema: { querystring: unmatchedTextQuerySchema, response: { 200: unmatchedTextPageSchema } } },
    (request) => listUnmatchedTexts(db, actorOf(request), request.query),
  );
  r.post(
    '/api/unmatched-texts/:id/lead',
    { schema: { params: idParams, body: unmatchedTextLeadSchema, response: { 200: filedTextSchema } } },
    (request) => leadFromText(db, actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/unmatched-texts/:id/attach',
    { schema: { params: idParams, body: attachUnmatchedTextSchema, response: { 200: filedTextSchema } } },
    (request) => attachText(db, actorOf(request), request.params.id, request.body),
  );
  r.get('/api/inbox/assignees', { schema: { response: { 200: z.array(inboxAssigneeSchema) } } }, () => inboxAssignees(db));
  r.post('/api/inbox/:id/assign', { schema: { params: idParams, body: assignConversationSchema } }, async (request, reply) => {
    await assignConversation(db, actorOf(request), request.params.id, request.body.user_id);
    return reply.code(204).send();
  });
}
