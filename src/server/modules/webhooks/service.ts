import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  WEBHOOK_PRIVATE_MESSAGE,
  WEBHOOK_URL_MESSAGE,
  webhookEvents,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../shared/webhooks/types.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { hasRole, requireRole } from '../../auth/scope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { SETTINGS_ENTITY_ID } from '../../platform/settings.js';
import { assertPublicHost, PrivateAddressError } from '../../net/public-address.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';

/**
 * Every event with whether its address is set. Admins also read the address and the signing secret; others learn only
 * that it is set (a hook's address is itself a credential: whoever has it can call it).
 */
export async function listWebhookEndpoints(db: Kysely<DB>, actor: Actor): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhook_endpoints').selectAll().execute();
  const admin = hasRole(actor, 'admin');
  return webhookEvents.map((event) => {
    const row = rows.find((r) => r.event === event);
    return {
      event,
      configured: Boolean(row),
      url: admin && row ? row.url : null,
      allow_private: row?.allow_private ?? false,
      secret: admin && row ? row.secret : null,
      updated_at: row ? row.updated_at.toISOString() : null,
    };
  });
}

/**
 * Sets an event's address. It must answer on a public address unless private ones are allowed. Setting the address
 * of texts sends the texts that were waiting for it. Audited without the secret.
 */
export async function saveWebhookEndpoint(
  db: Kysely<DB>,
  sender: WebhookSender,
  actor: Actor,
  event: WebhookEvent,
  input: { url: string; allow_private: boolean },
): Promise<WebhookEndpoint> {
  requireRole(actor, 'admin');
  if (!input.allow_private) {
    try {
      await assertPublicHost(new URL(input.url).hostname);
    } catch (error) {
      const message = error instanceof PrivateAddressError ? WEBHOOK_PRIVATE_MESSAGE : 'This address could not be found';
      throw badRequest(message, { url: message });
    }
  }
  await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('webhook_endpoints')
      .select(['url', 'allow_private'])
      .where('event', '=', event)
      .executeTakeFirst();
    await tx
      .insertInto('webhook_endpoints')
      .values({ event, url: input.url, allow_private: input.allow_private, secret: newSecret(), updated_by: actor.userId })
      .onConflict((oc) =>
        oc.column('event').doUpdateSet({
          url: input.url,
          allow_private: input.allow_private,
          updated_by: actor.userId,
          updated_at: new Date(),
        }),
      )
      .execute();
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: SETTINGS_ENTITY_ID,
      action: `updated.webhook_${event}`,
      changes: {
        url: { from: before?.url ?? null, to: input.url },
        allow_private: { from: before?.allow_private ?? null, to: input.allow_private },
      },
    });
    if (event === 'send_sms') await sender.releaseHeldSms(tx);
  });
  return (await listWebhookEndpoints(db, actor)).find((e) => e.event === event)!;
}

/** Removes an event's address: nothing more is sent for it (calls already queued fail, texts wait again). */
export async function removeWebhookEndpoint(db: Kysely<DB>, actor: Actor, event: WebhookEvent): Promise<void> {
  requireRole(actor, 'admin');
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('webhook_endpoints').where('event', '=', event).returning('url').executeTakeFirst();
    if (!removed) throw notFound('Webhook');
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: SETTINGS_ENTITY_ID,
      action: `removed.webhook_${event}`,
      changes: { url: { from: removed.url, to: null } },
    });
  });
}

/** A new signing secret for an event's calls; the receiver must be given it. */
export async function rotateWebhookSecret(db: Kysely<DB>, actor: Actor, event: WebhookEvent): Promise<WebhookEndpoint> {
  requireRole(actor, 'admin');
  await db.transaction().execute(async (tx) => {
    const rotated = await tx
      .updateTable('webhook_endpoints')
      .set({ secret: newSecret(), updated_by: actor.userId, updated_at: new Date() })
      .where('event', '=', event)
      .returning('event')
      .executeTakeFirst();
    if (!rotated) throw notFound('Webhook');
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: SETTINGS_ENTITY_ID,
      action: `rotated.webhook_${event}_secret`,
    });
  });
  return (await listWebhookEndpoints(db, actor)).find((e) => e.event === event)!;
}

/** Asks the Gmail sync service to sync now (the spec's body: action, timestamp, triggered_from). */
export async function triggerGmailSync(db: Kysely<DB>, sender: WebhookSender, actor: Actor): Promise<{ delivery_id: string }> {
  const id = await db
    .transaction()
    .execute((tx) => sender.queue(tx, 'sync_gmail', { triggered_from: 'torque_communications' }, actor.userId));
  if (!id) throw badRequest(WEBHOOK_URL_MESSAGE);
  return { delivery_id: id };
}

const newSecret = () => crypto.randomBytes(32).toString('base64url');
