import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionSchema } from '../../../shared/auth/sign-in.js';
import {
  twoFactorEnrolmentSchema,
  twoFactorPasswordSchema,
  twoFactorSignInSchema,
  twoFactorVerifySchema,
} from '../../../shared/auth/two-factor.js';
import { actorOf, twoFactorOf } from '../../auth/actor.js';
import type { TypeProvider } from '../../http/serializer.js';
import { describeIssuedSession } from './service.js';
import { codeSignIn, confirmEnrolment, startEnrolment, turnOff, type TwoFactorCaller, type TwoFactorDeps } from './two-factor.js';

const callerOf = (request: FastifyRequest, reply: FastifyReply): TwoFactorCaller => ({
  request,
  reply,
  actor: actorOf(request),
  status: twoFactorOf(request),
});

/** The second step of sign-in, and enrolment from Profile (decision 013). */
export async function twoFactorRoutes(app: FastifyInstance, deps: TwoFactorDeps) {
  const r = app.withTypeProvider<TypeProvider>();
  const signIn = codeSignIn(deps);

  r.post(
    '/api/session/two-factor',
    { config: { public: true }, schema: { body: twoFactorSignInSchema, response: { 200: sessionSchema } } },
    async (request, reply) => describeIssuedSession(deps.db, await signIn(request, reply, request.body)),
  );

  // The enrolment routes are the ones a session that must still set up two-factor sign-in may reach.
  const setup = { twoFactorSetup: true };
  r.post(
    '/api/users/me/two-factor',
    { config: setup, schema: { body: twoFactorPasswordSchema, response: { 200: twoFactorEnrolmentSchema } } },
    // The answer holds the secret and the recovery codes: never stored by a cache.
    async (request, reply) => {
      const enrolment = await startEnrolment(deps, callerOf(request, reply), request.body.password);
      return reply.header('cache-control', 'no-store').send(enrolment);
    },
  );
  r.post(
    '/api/users/me/two-factor/verify',
    { config: setup, schema: { body: twoFactorVerifySchema, response: { 200: sessionSchema } } },
    async (request, reply) =>
      describeIssuedSession(deps.db, await confirmEnrolment(deps, callerOf(request, reply), request.body.code)),
  );
  r.delete(
    '/api/users/me/two-factor',
    { schema: { body: twoFactorPasswordSchema, response: { 200: sessionSchema } } },
    async (request, reply) =>
      describeIssuedSession(deps.db, await turnOff(deps, callerOf(request, reply), request.body.password)),
  );
}
