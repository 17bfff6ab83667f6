import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  TWILIO_MESSAGES_PATH,
  TWILIO_STATUS_PATH,
  textingProviderSchema,
  twilioInputSchema,
} from '../../../shared/texting/types.js';
import { actorOf } from '../../auth/actor.js';
import { AppError } from '../../http/errors.js';
import { originOf } from '../../http/origin.js';
import type { TypeProvider } from '../../http/serializer.js';
import type { AreaDeps } from '../../platform/area.js';
import { smsReplySchema } from '../../../shared/consent/sms-hook.js';
import { receiveSmsReply } from '../consent/index.js';
import { describeTextingProvider, removeTextingProvider, saveTwilio, twilioSetup } from './service.js';
import { recordTwilioStatus } from './status.js';
import { isTwilioSignature } from './twilio.js';

const SIGNATURE_HEADER = 'x-twilio-signature';
/** The empty TwiML reply: received, nothing to answer (opt-out keywords are answered by Twilio itself). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const twilioSid = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`));
const formValue = z.union([z.string().max(4000), z.array(z.string().max(4000)).max(20)]);
/** A received text as Twilio posts it (https://www.twilio.com/docs/messaging/guides/webhook-request). */
const twilioInboundSchema = z
  .object({
    MessageSid: twilioSid('(SM|MM)'),
    AccountSid: twilioSid('AC'),
    From: smsReplySchema.shape.from,
    Body: smsReplySchema.shape.body,
  })
  .catchall(formValue);
/** A delivery state (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status). */
const twilioStatusSchema = z
  .object({
    MessageSid: twilioSid('(SM|MM)'),
    AccountSid: twilioSid('AC'),
    MessageStatus: z.string().max(40),
    ErrorCode: z.string().max(20).optional(),
  })
  .catchall(formValue);
const statusQuery = z.object({ outbox: z.uuid().optional() });

export async function textingRoutes(app: FastifyInstance, deps: AreaDeps) {
  const r = app.withTypeProvider<TypeProvider>();
  const { db } = deps.database;
  const saving = { encryption: deps.encryption, webhooks: deps.webhooks, apiUrl: deps.config.twilioApiUrl };

  r.get('/api/texting/provider', { schema: { response: { 200: textingProviderSchema } } }, (request) =>
    describeTextingProvider(db, actorOf(request), originOf(deps.config, request)),
  );
  r.put('/api/texting/provider', { schema: { body: twilioInputSchema, response: { 200: textingProviderSchema } } }, (request) =>
    saveTwilio(db, saving, actorOf(request), request.body, originOf(deps.config, request)),
  );
  r.delete('/api/texting/provider', async (request, reply) => {
    await removeTextingProvider(db, actorOf(request));
    return reply.code(204).send();
  });

  /**
   * Twilio's calls, form-encoded and signed with the account's Auth Token: the signature is checked against the URL
   * Torque gave Twilio (and the one this request reached) before anything is stored, and a call for another account
   * is refused as well.
   */
  await app.register(async (hooks) => {
    await hooks.register(formbody, { bodyLimit: 64 * 1024 });
    const verified = async (request: FastifyRequest) => {
      const refused = new AppError(401, 'BAD_SIGNATURE', 'The Twilio signature is missing or wrong');
      const setup = await twilioSetup(db, deps.encryption);
      const signature = request.headers[SIGNATURE_HEADER];
      const params = request.body;
      if (!setup || typeof signature !== 'string' || typeof params !== 'object' || params === null) throw refused;
      const urls = [`${setup.callbackOrigin}${request.url}`, `${originOf(deps.config, request)}${request.url}`];
      if (!isTwilioSignature(setup.authToken, signature, urls, params as Record<string, string | string[]>)) throw refused;
      if ((params as { AccountSid?: unknown }).AccountSid !== setup.accountSid) throw refused;
    };
    const h = hooks.withTypeProvider<TypeProvider>();
    h.post(
      TWILIO_MESSAGES_PATH,
      { config: { public: true, crossSite: true }, preValidation: verified, schema: { body: twilioInboundSchema } },
      async (request, reply) => {
        const { From, Body, MessageSid } = request.body;
        await receiveSmsReply(db, deps.webhooks, { from: From, body: Body, message_id: MessageSid }, false, {
          confirm: false,
        });
        return reply.type('text/xml').send(EMPTY_TWIML);
      },
    );
    h.post(
      TWILIO_STATUS_PATH,
      {
        config: { public: true, crossSite: true },
        preValidation: verified,
        schema: { body: twilioStatusSchema, querystring: statusQuery },
      },
      async (request, reply) => {
        const { MessageSid, MessageStatus, ErrorCode } = request.body;
        await recordTwilioStatus(db, {
          outboxId: request.query.outbox ?? null,
          sid: MessageSid,
          status: MessageStatus,
          errorCode: ErrorCode ?? null,
        });
        return reply.code(204).send();
      },
    );
  });
}
