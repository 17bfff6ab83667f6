import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeProvider } from '../../http/serializer.js';
import {
  demoSignInSchema,
  publicConfigSchema,
  sessionSchema,
  signInResultSchema,
  signInSchema,
  switchUserSchema,
} from '../../../shared/auth/sign-in.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { isLoopback } from '../../http/addresses.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { findUserByEmail, listSwitchableUsers } from '../../platform/users.js';
import { actorOf, forwardCookies, toHeaders, type Actor, type ActorResolver } from '../../auth/actor.js';
import type { AuthLoader } from '../../auth/auth-loader.js';
import { authError, passwordSignIn, type SignInOutcome } from './sign-in.js';
import {
  checkSwitchTarget,
  demoAccounts,
  demoPassword,
  describeIssuedSession,
  describeSession,
  endSwitchOrigin,
  exemptFromTwoFactor,
  rememberSwitchOrigin,
  startSessionClock,
} from './service.js';
import { twoFactorRoutes } from './two-factor-routes.js';

type Deps = { auth: AuthLoader; database: Database; config: Config; secret: string; resolveActor: ActorResolver };

export async function authRoutes(app: FastifyInstance, { auth, database, config, secret, resolveActor }: Deps) {
  const { db } = database;
  const r = app.withTypeProvider<TypeProvider>();

  const signIn = passwordSignIn(auth, db);

  const sessionOf = (token: string) => describeIssuedSession(db, token);
  const outcomeOf = (outcome: SignInOutcome) => ('token' in outcome ? sessionOf(outcome.token) : outcome);

  // Demo sign-in makes its caller an admin: only from this machine, unless the operator chose HOST themselves.
  const demoReachable = (request: FastifyRequest) => config.demo && (config.hostChosen || isLoopback(request.ip));

  r.get('/api/config', { config: { public: true }, schema: { response: { 200: publicConfigSchema } } }, async (request) => ({
    demo: demoReachable(request),
  }));

  // Answers null rather than 401 when signed out: "no session" is the normal state of the sign-in screen.
  r.get(
    '/api/session',
    { config: { public: true }, schema: { response: { 200: sessionSchema.nullable() } } },
    async (request, reply) => {
      const signedIn = await resolveActor(request, reply);
      return signedIn ? describeSession(db, signedIn) : null;
    },
  );

  r.post(
    '/api/session',
    { config: { public: true }, schema: { body: signInSchema, response: { 200: signInResultSchema } } },
    async (request, reply) => outcomeOf(await signIn(request, reply, request.body.email, request.body.password)),
  );

  if (config.demo) {
    r.post(
      '/api/session/demo',
      { config: { public: true }, schema: { body: demoSignInSchema, response: { 200: signInResultSchema } } },
      async (request, reply) => {
        if (!demoReachable(request)) throw forbidden('Demo sign-in works only on the machine Torque runs on.');
        const email = demoAccounts[request.body.role];
        if (!(await findUserByEmail(db, email))) throw new AppError(404, 'NOT_FOUND', 'Demo account not found');
        const outcome = await signIn(request, reply, email, demoPassword(secret, email));
        // The demo needs no authenticator; a demo account that has turned two-factor sign-in on still asks for its code.
        if ('token' in outcome) await exemptFromTwoFactor(db, outcome.token);
        return outcomeOf(outcome);
      },
    );
  }

  /**
   * Ends the request's session and clears its cookies; a switched session takes the admin's own session with it,
   * whichever cookies the browser still has.
   */
  async function signOut(request: FastifyRequest, reply: FastifyReply, actor: Actor | undefined) {
    if (actor?.impersonatorId) await endSwitchOrigin(db, actor.sessionId);
    const result = await (await auth()).api.signOut({ headers: toHeaders(request), returnHeaders: true }).catch(() => null);
    forwardCookies(reply, result?.headers);
  }

  r.delete('/api/session', { config: { public: true } }, async (request, reply) => {
    await signOut(request, reply, (await resolveActor(request))?.actor);
    return reply.status(204).send();
  });

  r.get('/api/session/switchable-users', {}, async (request) => listSwitchableUsers(db, actorOf(request)));

  r.post('/api/session/switch', { schema: { body: switchUserSchema } }, async (request, reply) => {
    const actor = actorOf(request);
    await checkSwitchTarget(db, actor, request.body.userId);
    const result = await (
      await auth()
    ).api
      .impersonateUser({ body: { userId: request.body.userId }, headers: toHeaders(request), returnHeaders: true })
      .catch(authError);
    forwardCookies(reply, result.headers);
    await rememberSwitchOrigin(db, result.response.session.id, actor.sessionId);
    await startSessionClock(db, { id: result.response.session.id });
    await recordAudit(
      db,
      { ...actor, userId: request.body.userId, sessionId: result.response.session.id, impersonatorId: actor.userId },
      {
        entityType: 'session',
        entityId: request.body.userId,
        action: 'switched_in',
      },
    );
    return sessionOf(result.response.session.token);
  });

  r.delete('/api/session/switch', {}, async (request, reply) => {
    const actor = actorOf(request);
    if (!actor.impersonatorId) throw notFound('Switched session');
    const result = await (
      await auth()
    ).api
      .stopImpersonating({ headers: toHeaders(request), returnHeaders: true })
      .catch(() => null);
    if (!result) {
      // Without the admin's own cookie there is no session to go back to: end both, and say so.
      await signOut(request, reply, actor);
      throw new AppError(401, 'UNAUTHORIZED', 'Your own session could not be found, so both sessions were ended. Sign in again.');
    }
    forwardCookies(reply, result.headers);
    await recordAudit(db, actor, { entityType: 'session', entityId: actor.userId, action: 'switched_out' });
    return sessionOf(result.response.session.token);
  });

  await twoFactorRoutes(app, { auth, db, secret });
}
