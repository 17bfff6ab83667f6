import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { defineArea } from '../../platform/area.js';
import type { Actor } from '../../auth/actor.js';
import { chatRoutes } from './routes.js';
import { chatsReadBy, deliverChatChange, deliverMessage } from './service.js';

/** Rows of the chats the actor reads (chat's own rule: active members only). */
const ofMyChats =
  (column: string) =>
  (actor: Actor): RawBuilder<SqlBool> =>
    sql<SqlBool>`${sql.ref(`t.${column}`)} IN (${chatsReadBy(actor)})`;

export const chatArea = defineArea({
  name: 'chat',
  routes: chatRoutes,
  realtime: ({ database: { db } }) => ({
    message: (data, connected) => deliverMessage(db, data, connected),
    chats: (data, connected) => deliverChatChange(db, data, connected),
  }),
  exportTables: {
    chat_participants: { scope: ofMyChats('chat_id') },
    chats: { scope: ofMyChats('id') },
    messages: { scope: ofMyChats('chat_id') },
  },
});
