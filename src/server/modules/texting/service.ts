import type { Kysely, Transaction } from 'kysely';
import {
  AUTH_TOKEN_MESSAGE,
  TWILIO_MESSAGES_PATH,
  TWILIO_STATUS_PATH,
  twilioInputSchema,
  type TextingProvider,
} from '../../../shared/texting/types.js';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { Encryption } from '../../auth/encryption.js';
import { requireRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { SETTINGS_ENTITY_ID } from '../../platform/settings.js';
import { checkTwilioAccount, TwilioError, type TwilioAccount } from './twilio.js';

/** The Twilio account texts leave through, its token opened; with the address Twilio calls back at. */
export type TwilioSetup = TwilioAccount & { callbackOrigin: string };

/**
 * The texting provider in force, or null (texts then go to the send_sms webhook). A token sealed with a previous
 * credentials key is sealed again with the current one.
 */
export async function twilioSetup(db: Kysely<DB>, encryption: Encryption): Promise<TwilioSetup | null> {
  const row = await db
    .selectFrom('texting_provider')
    .select(['account_sid', 'auth_token', 'sender', 'callback_origin'])
    .executeTakeFirst();
  if (!row) return null;
  const authToken = encryption.open(row.auth_token);
  if (encryption.stale(row.auth_token)) {
    await db
      .updateTable('texting_provider')
      .set({ auth_token: encryption.seal(authToken) })
      .where('auth_token', '=', row.auth_token)
      .execute();
  }
  return { accountSid: row.account_sid, authToken, sender: row.sender, callbackOrigin: row.callback_origin };
}

/** Whether texts leave through a provider of Torque's own (not the send_sms webhook). */
export const hasTextingProvider = async (db: Kysely<DB> | Transaction<DB>) =>
  Boolean(await db.selectFrom('texting_provider').select('id').executeTakeFirst());

/** The provider as admins read it, with the addresses to give Twilio: never the token. */
export async function describeTextingProvider(db: Kysely<DB>, actor: Actor, origin: string): Promise<TextingProvider> {
  requireRole(actor, 'admin');
  const row = await db
    .selectFrom('texting_provider')
    .select(['provider', 'account_sid', 'sender', 'callback_origin', 'updated_at'])
    .executeTakeFirst();
  const base = row?.callback_origin ?? origin;
  return {
    provider: row ? 'twilio' : null,
    account_sid: row?.account_sid ?? null,
    sender: row?.sender ?? null,
    auth_token_set: Boolean(row),
    messages_url: `${base}${TWILIO_MESSAGES_PATH}`,
    status_url: `${base}${TWILIO_STATUS_PATH}`,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

/**
 * Sets the Twilio account texts leave through, after Twilio has accepted its SID and token; the token may be left
 * blank to keep the saved one. Texts held for want of a provider are sent. Audited without the token.
 */
export async function saveTwilio(
  db: Kysely<DB>,
  deps: { encryption: Encryption; webhooks: { releaseHeldSms: (tx: Transaction<DB>) => Promise<number> }; apiUrl: string },
  actor: Actor,
  input: z.output<typeof twilioInputSchema>,
  origin: string,
): Promise<TextingProvider> {
  requireRole(actor, 'admin');
  const saved = await twilioSetup(db, deps.encryption);
  const authToken = input.auth_token || (saved?.accountSid === input.account_sid ? saved.authToken : '');
  if (!authToken) throw badRequest(AUTH_TOKEN_MESSAGE, { auth_token: AUTH_TOKEN_MESSAGE });
  try {
    await checkTwilioAccount(deps.apiUrl, { accountSid: input.account_sid, authToken });
  } catch (error) {
    if (!(error instanceof TwilioError)) throw error;
    throw badRequest(error.message, error.permanent ? { auth_token: error.message } : undefined);
  }
  const values = {
    provider: 'twilio',
    account_sid: input.account_sid,
    sender: input.sender,
    auth_token: deps.encryption.seal(authToken),
    callback_origin: origin,
    updated_by: actor.userId,
    updated_at: new Date(),
  };
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('texting_provider')
      .values(values)
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: SETTINGS_ENTITY_ID,
      action: 'updated.texting_provider',
      changes: {
        provider: { from: saved ? 'twilio' : null, to: 'twilio' },
        account_sid: { from: saved?.accountSid ?? null, to: input.account_sid },
        sender: { from: saved?.sender ?? null, to: input.sender },
        auth_token: { changed: authToken !== saved?.authToken },
      },
    });
    await deps.webhooks.releaseHeldSms(tx);
  });
  return describeTextingProvider(db, actor, origin);
}

/** Texts go back to the send_sms webhook (and wait when it is not set). */
export async function removeTextingProvider(db: Kysely<DB>, actor: Actor): Promise<void> {
  requireRole(actor, 'admin');
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('texting_provider').returning(['account_sid', 'sender']).executeTakeFirst();
    if (!removed) throw notFound('Texting provider');
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: SETTINGS_ENTITY_ID,
      action: 'removed.texting_provider',
      changes: { provider: { from: 'twilio', to: null }, account_sid: { from: removed.account_sid, to: null } },
    });
  });
}
