import type { FastifyInstance } from 'fastify';
import { sessionSchema } from '../../../shared/auth/sign-in.js';
import { idParams } from '../../../shared/common/fields.js';
import { acceptInvitationSchema, invitationTokenParams, inviteSchema, memberUpdateSchema } from '../../../shared/team/schemas.js';
import { createdInvitationSchema, invitationPreviewSchema, teamMemberSchema, teamSchema } from '../../../shared/team/types.js';
import { actorOf } from '../../auth/actor.js';
import type { AuthLoader } from '../../auth/auth-loader.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import type { TypeProvider } from '../../http/serializer.js';
import { originOf } from '../../http/origin.js';
import { describeIssuedSession } from '../session/index.js';
import { passwordSignIn } from '../session/index.js';
import { acceptInvitation, invite, listTeam, previewInvitation, revokeInvitation, updateMember } from './service.js';
import type { Mailer } from '../../mail/mailer.js';

type Deps = { database: Database; config: Config; auth: AuthLoader; mailer: Mailer };

/** Where links in mail point: PUBLIC_URL, else the address the inviting admin reached Torque at. */

export async function teamRoutes(app: FastifyInstance, { database, config, auth, mailer }: Deps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = database;
  const signIn = passwordSignIn(auth, db);

  r.get('/api/team', { schema: { response: { 200: teamSchema } } }, async (request) => ({
    members: await listTeam(db, actorOf(request)),
  }));
  r.post(
    '/api/team/invitations',
    { schema: { body: inviteSchema, response: { 201: createdInvitationSchema } } },
    async (request, reply) =>
      reply.status(201).send(await invite(db, mailer, actorOf(request), request.body, originOf(config, request))),
  );
  r.delete('/api/team/invitations/:id', { schema: { params: idParams } }, async (request, reply) => {
    await revokeInvitation(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
  r.patch(
    '/api/team/members/:id',
    { schema: { params: idParams, body: memberUpdateSchema, response: { 200: teamMemberSchema } } },
    (request) => updateMember(db, actorOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/invitations/:token',
    { config: { public: true }, schema: { params: invitationTokenParams, response: { 200: invitationPreviewSchema } } },
    (request) => previewInvitation(db, request.params.token),
  );
  r.post(
    '/api/invitations/accept',
    { config: { public: true }, schema: { body: acceptInvitationSchema, response: { 200: sessionSchema } } },
    async (request, reply) => {
      const { email } = await acceptInvitation(db, request.body);
      const outcome = await signIn(request, reply, email, request.body.password);
      if (!('token' in outcome)) throw new Error('a user who has just joined has no two-factor sign-in to complete');
      return describeIssuedSession(db, outcome.token);
    },
  );
}
