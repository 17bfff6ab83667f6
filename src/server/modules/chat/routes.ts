import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/common/fields.js';
import {
  channelParams,
  messagesQuerySchema,
  newChatSchema,
  newMessageSchema,
  participantParams,
} from '../../../shared/chat/schemas.js';
import {
  chatListSchema,
  chatPeopleSchema,
  chatSummarySchema,
  countSchema,
  messagePageSchema,
  sentMessageSchema,
} from '../../../shared/chat/types.js';
import { actorOf } from '../../auth/actor.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import {
  countUnreadMessages,
  createChat,
  getChat,
  listChats,
  listMessages,
  listPeople,
  markChatRead,
  openChannel,
  removeParticipant,
  sendMessage,
} from './service.js';

export async function chatRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;

  r.get('/api/chat/chats', { schema: { response: { 200: chatListSchema } } }, async (request) => ({
    items: await listChats(db, actorOf(request)),
  }));
  r.post(
    '/api/chat/chats',
    { schema: { body: newChatSchema, response: { 200: chatSummarySchema, 201: chatSummarySchema } } },
    async (request, reply) => {
      const { chat, created } = await createChat(db, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send(chat);
    },
  );
  r.get('/api/chat/chats/:id', { schema: { params: idParams, response: { 200: chatSummarySchema } } }, (request) =>
    getChat(db, actorOf(request), request.params.id),
  );
  r.post('/api/chat/channels/:channel', { schema: { params: channelParams, response: { 200: chatSummarySchema } } }, (request) =>
    openChannel(db, actorOf(request), request.params.channel),
  );
  r.get(
    '/api/chat/chats/:id/messages',
    { schema: { params: idParams, querystring: messagesQuerySchema, response: { 200: messagePageSchema } } },
    (request) => listMessages(db, actorOf(request), request.params.id, request.query),
  );
  r.post(
    '/api/chat/chats/:id/messages',
    { schema: { params: idParams, body: newMessageSchema, response: { 200: sentMessageSchema, 201: sentMessageSchema } } },
    async (request, reply) => {
      const { message, created } = await sendMessage(db, actorOf(request), request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ message });
    },
  );
  r.post('/api/chat/chats/:id/read', { schema: { params: idParams } }, async (request, reply) => {
    await markChatRead(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
  r.delete('/api/chat/chats/:id/participants/:userId', { schema: { params: participantParams } }, async (request, reply) => {
    await removeParticipant(db, actorOf(request), request.params.id, request.params.userId);
    return reply.status(204).send();
  });
  r.get('/api/chat/people', { schema: { response: { 200: chatPeopleSchema } } }, async (request) => ({
    items: await listPeople(db, actorOf(request)),
  }));
  r.get('/api/chat/unread-count', { schema: { response: { 200: countSchema } } }, async (request) => ({
    count: await countUnreadMessages(db, actorOf(request)),
  }));
}
