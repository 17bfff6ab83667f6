import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { WebhookEvent } from '../../shared/webhooks/types.js';
import type { DB } from '../db/schema.js';
import { HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER, hookSignature } from '../http/signed-hook.js';
import type { Job, JobQueue, RetryPolicy } from '../jobs/queue.js';
import { PrivateAddressError } from '../net/public-address.js';
import { postJson } from '../net/post-json.js';
import { announce } from './events.js';

export const WEBHOOK_JOB = 'webhook-deliver';
/** Headers of an outbound call beside the timestamp and signature: which event, and the delivery's id (for dedupe). */
export const WEBHOOK_EVENT_HEADER = 'x-torque-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-torque-delivery';

/** Six retries over about an hour, as mail: 30–60 s after the first failure, doubling. */
const WEBHOOK_RETRY: RetryPolicy = { retryLimit: 6, retryDelay: 30, retryBackoff: true };

/** The events a caller queues with a body of its own; texts go through `queueSms`. */
export type PayloadEvent = Exclude<WebhookEvent, 'send_sms'>;

export type WebhookSender = {
  /**
   * Writes a call of `event` (the spec's body: `action`, the fields, `timestamp`) to the outbox and its delivery job
   * through the caller's transaction. Returns the outbox id, or null when no admin has set the event's address.
   */
  queue: (
    tx: Transaction<DB>,
    event: PayloadEvent,
    fields: Record<string, unknown>,
    createdBy: string | null,
    options?: { sendAfter?: Date },
  ) => Promise<string | null>;
  /**
   * A text message, sent through the texting provider (Twilio) when an admin has set one, else through the `send_sms`
   * address; held in the outbox until an admin sets either (then `releaseHeldSms`). `sendAfter` keeps it until then
   * (quiet hours).
   */
  queueSms: (
    tx: Transaction<DB>,
    sms: { to: string; text: string },
    createdBy: string | null,
    options?: { sendAfter?: Date },
  ) => Promise<string>;
  /** Queues every held text for delivery; each keeps its `send_after`. Returns how many. */
  releaseHeldSms: (tx: Transaction<DB>) => Promise<number>;
  /** Whether anything carries texts now (the provider, or the send_sms address); otherwise they are held. */
  carriesTexts: (db: Kysely<DB>) => Promise<boolean>;
};

/**
 * A texting provider of Torque's own that carries texts in place of the send_sms address (the texting area's Twilio),
 * declared by its area (`defineArea({ textCarrier })`).
 */
export type TextCarrier = {
  /** The provider's name, as the log says it. */
  name: string;
  /** Whether one is set up now; when not, texts go to the send_sms address. */
  isSet: (db: Kysely<DB>) => Promise<boolean>;
  /**
   * Hands one text to the provider: resolves with the provider's id of the message, or null when none is set up (the
   * text then goes to the send_sms address). Rejects with `TextNotSent` when the provider refuses it or is out of reach.
   */
  send: (db: Kysely<DB>, sms: { to: string; text: string }, outboxId: string) => Promise<string | null>;
};

/** The provider did not take a text: `permanent` when asking again cannot succeed (a bad number, a closed account). */
export class TextNotSent extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** No provider of Torque's own: texts go to the send_sms address. */
const noCarrier: TextCarrier = { name: 'none', isSet: async () => false, send: async () => null };

const webhookPayload = z.object({ event: z.string(), text: z.string() });
const smsPayload = z.object({ to: z.string(), text: z.string() });

const endpointOf = (db: Kysely<DB>, event: WebhookEvent) =>
  db.selectFrom('webhook_endpoints').select(['url', 'secret', 'allow_private']).where('event', '=', event).executeTakeFirst();

type Outcome = { status: 'sent' | 'failed' | 'pending' | 'held'; error?: string; url?: string };

/** A delivery's outcome on its outbox row: an attempt counts unless it is held for an address. */
async function recordOutcome(db: Kysely<DB>, id: string, outcome: Outcome) {
  await db
    .updateTable('outbox')
    .set({
      status: outcome.status,
      attempts: outcome.status === 'held' ? sql`attempts` : sql`attempts + 1`,
      ...(outcome.error !== undefined && { last_error: outcome.error.slice(0, 1000) }),
      ...(outcome.status === 'sent' && { sent_at: new Date() }),
      ...(outcome.url !== undefined && { payload: sql`jsonb_set(payload, '{to}', to_jsonb(${outcome.url}::text))` }),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Posts one signed delivery to its endpoint: null when the receiver took it (a 2xx), else why not, and whether asking
 * again cannot succeed.
 */
async function postSigned(
  endpoint: { url: string; secret: string; allow_private: boolean },
  event: WebhookEvent,
  body: string,
  outboxId: string,
): Promise<{ message: string; permanent: boolean } | null> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  try {
    const { status } = await postJson(
      endpoint.url,
      body,
      {
        [HOOK_TIMESTAMP_HEADER]: timestamp,
        [HOOK_SIGNATURE_HEADER]: hookSignature(endpoint.secret, timestamp, body),
        [WEBHOOK_EVENT_HEADER]: event,
        [WEBHOOK_DELIVERY_HEADER]: outboxId,
      },
      { allowPrivate: endpoint.allow_private },
    );
    // 410 Gone: the receiver deleted the hook (Zapier answers so); asking again cannot succeed.
    return status >= 200 && status <= 299 ? null : { message: `HTTP ${status}`, permanent: status === 410 };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    return { message: error.message, permanent: error instanceof PrivateAddressError || /private network/.test(error.message) };
  }
}

/**
 * Calls to other services, as mail is sent: written to the outbox with the change that causes them, delivered by a
 * job, signed like the inbound webhooks (X-Torque-Signature: sha256= HMAC of `${timestamp}.${body}` with the
 * endpoint's secret), retried with backoff, and each attempt's outcome kept for admins to read. Only public addresses
 * are called unless the endpoint allows private ones.
 */
export function createWebhookSender(
  db: Kysely<DB>,
  jobs: JobQueue,
  log: FastifyBaseLogger,
  options: { retry?: Partial<RetryPolicy>; texts?: TextCarrier },
): WebhookSender {
  const carrier = options.texts ?? noCarrier;
  const textChanged = (outboxId: string) => announce(db, 'textDeliveryChanged', { outboxId });
  const carriesTexts = async (tx: Kysely<DB>) => (await carrier.isSet(tx)) || Boolean(await endpointOf(tx, 'send_sms'));
  const finish = (id: string, outcome: Outcome) => recordOutcome(db, id, outcome);

  /** One attempt. A delivery no longer pending is left alone, so a repeated job never calls twice. */
  const deliver = async (job: Job<{ outboxId: string }>) => {
    const { outboxId } = job.data;
    const row = await db
      .selectFrom('outbox')
      .select(['kind', 'status', 'payload', 'created_at'])
      .where('id', '=', outboxId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending' || (row.kind !== 'webhook' && row.kind !== 'sms')) return;
    let event: WebhookEvent;
    let body: string;
    if (row.kind === 'sms') {
      const sms = smsPayload.parse(row.payload);
      if (await deliverByCarrier(job, sms)) return;
      event = 'send_sms';
      body = JSON.stringify({ action: 'send_sms', to: sms.to, text: sms.text, timestamp: row.created_at.toISOString() });
    } else {
      const payload = webhookPayload.parse(row.payload);
      event = payload.event as WebhookEvent;
      body = payload.text;
    }
    const endpoint = await endpointOf(db, event);
    if (!endpoint) {
      // Texts wait for an address; another call whose address was removed meanwhile is not sent anywhere.
      if (row.kind === 'sms') return finish(outboxId, { status: 'held' });
      return finish(outboxId, { status: 'failed', error: 'Its address was removed before it could be sent' });
    }
    const about = { outboxId, event, attempt: job.attempt };
    const failure = await postSigned(endpoint, event, body, outboxId);
    if (!failure) {
      await finish(outboxId, { status: 'sent', url: endpoint.url });
      if (row.kind === 'sms') await textChanged(outboxId);
      log.info(about, 'webhook delivered');
      return;
    }
    const final = job.lastAttempt || failure.permanent;
    await finish(outboxId, { status: final ? 'failed' : 'pending', error: failure.message, url: endpoint.url });
    if (row.kind === 'sms') await textChanged(outboxId);
    log.warn({ ...about, reason: failure.message, final }, final ? 'webhook failed' : 'webhook not delivered yet');
    if (!final) throw new Error(`webhook ${outboxId} not delivered: ${failure.message}`);
  };
  /**
   * One attempt of a text through the provider, when one is set up (else false: the send_sms address carries it).
   * Taken, it is sent and carries the provider's message id; the provider's callbacks then say whether it was
   * delivered. A refusal about the message or the account fails it at once with the provider's reason; the provider
   * out of reach or busy is tried again.
   */
  const deliverByCarrier = async (job: Job<{ outboxId: string }>, sms: z.infer<typeof smsPayload>) => {
    const { outboxId } = job.data;
    const about = { outboxId, provider: carrier.name, attempt: job.attempt };
    let providerId: string | null;
    try {
      providerId = await carrier.send(db, sms, outboxId);
    } catch (caught) {
      if (!(caught instanceof TextNotSent)) throw caught;
      const final = job.lastAttempt || caught.permanent;
      await finish(outboxId, { status: final ? 'failed' : 'pending', error: caught.message });
      await textChanged(outboxId);
      log.warn({ ...about, reason: caught.message, final }, final ? 'text failed' : 'text not sent yet');
      if (!final) throw new Error(`text ${outboxId} not sent: ${caught.message}`);
      return true;
    }
    if (providerId === null) return false;
    await db
      .updateTable('outbox')
      .set({
        status: 'sent',
        attempts: sql`attempts + 1`,
        sent_at: sql`coalesce(sent_at, now())`,
        provider_id: sql`coalesce(provider_id, ${providerId})`,
      })
      .where('id', '=', outboxId)
      .where('status', '=', 'pending')
      .execute();
    log.info(about, 'text handed to the provider');
    await textChanged(outboxId);
    return true;
  };

  jobs.work(WEBHOOK_JOB, deliver, { ...WEBHOOK_RETRY, ...options.retry, expireInSeconds: 60 });

  const enqueue = (tx: Transaction<DB>, outboxId: string, sendAfter: Date | null) =>
    jobs.enqueue(tx, WEBHOOK_JOB, { outboxId }, sendAfter && sendAfter > new Date() ? { startAfter: sendAfter } : {});

  return {
    async queue(tx, event, fields, createdBy, queueOptions = {}) {
      const endpoint = await endpointOf(tx, event);
      if (!endpoint) return null;
      const body = JSON.stringify({ action: event, ...fields, timestamp: new Date().toISOString() });
      const sendAfter = queueOptions.sendAfter ?? null;
      const { id } = await tx
        .insertInto('outbox')
        .values({
          kind: 'webhook',
          payload: JSON.stringify({ to: endpoint.url, subject: event, event, text: body }),
          status: 'pending',
          send_after: sendAfter,
          created_by: createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueue(tx, id, sendAfter);
      return id;
    },

    async queueSms(tx, sms, createdBy, queueOptions = {}) {
      const carried = await carriesTexts(tx);
      const sendAfter = queueOptions.sendAfter ?? null;
      const { id } = await tx
        .insertInto('outbox')
        .values({
          kind: 'sms',
          payload: JSON.stringify({ to: sms.to, text: sms.text }),
          status: carried ? 'pending' : 'held',
          send_after: sendAfter,
          created_by: createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (carried) await enqueue(tx, id, sendAfter);
      return id;
    },

    async releaseHeldSms(tx) {
      const released = await tx
        .updateTable('outbox')
        .set({ status: 'pending' })
        .where('kind', '=', 'sms')
        .where('status', '=', 'held')
        .returning(['id', 'send_after'])
        .execute();
      for (const row of released) await enqueue(tx, row.id, row.send_after);
      return released.length;
    },

    carriesTexts,
  };
}
