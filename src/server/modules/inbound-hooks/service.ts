import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { hookNames, hookPaths, type HookName, type HookSecret } from '../../../shared/inbound-hooks/types.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { requireRole } from '../../auth/scope.js';
import { recordAudit } from '../../platform/audit.js';
import { SETTINGS_ENTITY_ID } from '../../platform/settings.js';

const newSecret = () => crypto.randomBytes(32).toString('base64url');

/** The secret a webhook is signed with, made the first time it is needed. */
export async function hookSecret(db: Kysely<DB>, name: HookName): Promise<string> {
  await db
    .insertInto('hook_secrets')
    .values({ name, secret: newSecret() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('hook_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow()).secret;
}

/** Every inbound webhook with its path and secret, for admins to give to the services that call them. */
export async function listHookSecrets(db: Kysely<DB>, actor: Actor): Promise<HookSecret[]> {
  requireRole(actor, 'admin');
  return Promise.all(hookNames.map(async (name) => ({ name, path: hookPaths[name], secret: await hookSecret(db, name) })));
}

/** A new secret: calls signed with the old one are refused from now on. Audited, never with the secret. */
export async function rotateHookSecret(db: Kysely<DB>, actor: Actor, name: HookName): Promise<HookSecret> {
  requireRole(actor, 'admin');
  const secret = newSecret();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('hook_secrets')
      .values({ name, secret })
      .onConflict((oc) => oc.column('name').doUpdateSet({ secret, created_at: new Date() }))
      .execute();
    await recordAudit(tx, actor, { entityType: 'settings', entityId: SETTINGS_ENTITY_ID, action: `rotated.${name}_secret` });
  });
  return { name, path: hookPaths[name], secret };
}
