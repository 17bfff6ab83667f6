import type { FastifyInstance } from 'fastify';
import { mailboxAnswerSchema, mailboxInputSchema, mailboxParams } from '../../../shared/mailboxes/types.js';
import { actorOf } from '../../auth/actor.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { AreaDeps } from '../../platform/area.js';
import type { MailboxReaders } from './reader.js';
import { describeMailbox, removeMailbox, saveMailbox } from './service.js';

export function mailboxesRoutes(readers: MailboxReaders) {
  return async (app: FastifyInstance, deps: AreaDeps) => {
    const r = app.withTypeProvider<TypeProvider>();
    const { db } = deps.database;
    const saving = {
      encryption: deps.encryption,
      wake: readers.wake,
      privateHosts: deps.config.mailboxPrivateHosts,
      resolve: deps.resolve,
    };

    r.get('/api/mailboxes/:owner', { schema: { params: mailboxParams, response: { 200: mailboxAnswerSchema } } }, (request) =>
      describeMailbox(db, actorOf(request), request.params.owner),
    );
    r.put(
      '/api/mailboxes/:owner',
      { schema: { params: mailboxParams, body: mailboxInputSchema, response: { 200: mailboxAnswerSchema } } },
      (request) => saveMailbox(db, saving, actorOf(request), request.params.owner, request.body),
    );
    r.delete('/api/mailboxes/:owner', { schema: { params: mailboxParams } }, async (request, reply) => {
      await removeMailbox(db, actorOf(request), request.params.owner);
      readers.wake();
      return reply.code(204).send();
    });
  };
}
