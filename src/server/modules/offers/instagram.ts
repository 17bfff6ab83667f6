import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { instagramAccountInputSchema, instagramAccountUpdateSchema } from '../../../shared/offers/schemas.js';
import type { InstagramAccount } from '../../../shared/offers/types.js';
import type { Actor } from '../../auth/actor.js';
import { hasRole, requireRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { isUniqueViolation } from '../../db/errors.js';

/**
 * The spec's visibility: admins see every account; others the company's and their own. (An admin switched to an
 * agent acts as the agent.)
 */
export function instagramAccountVisible(actor: Actor): RawBuilder<SqlBool> {
  return hasRole(actor, 'admin')
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(instagram_accounts.type = 'company' OR instagram_accounts.user_id = ${actor.userId})`;
}

/** Manage/Connect: admins on any account, others on their own only. */
const mayManage = (actor: Actor, account: { user_id: string | null }) =>
  hasRole(actor, 'admin') || account.user_id === actor.userId;

export async function listInstagramAccounts(db: Kysely<DB>, actor: Actor): Promise<InstagramAccount[]> {
  const rows = await db
    .selectFrom('instagram_accounts')
    .leftJoin('users', 'users.id', 'instagram_accounts.user_id')
    .select([
      'instagram_accounts.id',
      'instagram_accounts.username',
      'instagram_accounts.type',
      'instagram_accounts.user_id',
      'instagram_accounts.is_connected',
      'instagram_accounts.followers',
      'users.name as agent_name',
      'users.email as agent_email',
    ])
    .where(instagramAccountVisible(actor))
    .orderBy(sql`instagram_accounts.type = 'company'`, 'desc')
    .orderBy('instagram_accounts.username')
    .execute();
  return rows.map((row) => ({ ...row, manageable: mayManage(actor, row) }));
}

const byId = async (db: Kysely<DB>, actor: Actor, id: string) => {
  const account = (await listInstagramAccounts(db, actor)).find((a) => a.id === id);
  if (!account) throw notFound('Instagram account');
  return account;
};

/** Admins add the company's account or any agent's; others add their own agent account. */
export async function addInstagramAccount(
  db: Kysely<DB>,
  actor: Actor,
  input: z.output<typeof instagramAccountInputSchema>,
): Promise<InstagramAccount> {
  if (input.type === 'company' || (input.user_id && input.user_id !== actor.userId)) requireRole(actor, 'admin');
  const userId = input.type === 'company' ? null : (input.user_id ?? actor.userId);
  if (userId) {
    const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('User');
  }
  try {
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('instagram_accounts')
        .values({ username: input.username, type: input.type, user_id: userId, followers: input.followers })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(tx, actor, {
        entityType: 'instagram_account',
        entityId: row.id,
        action: 'created',
        changes: { username: { from: null, to: input.username }, type: { from: null, to: input.type } },
      });
      return row.id;
    });
    return byId(db, actor, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`@${input.username} is already listed`);
    throw error;
  }
}

/** Connect, disconnect, rename or set followers: admins on any account, others on their own. */
export async function updateInstagramAccount(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  input: z.output<typeof instagramAccountUpdateSchema>,
): Promise<InstagramAccount> {
  const account = await byId(db, actor, id);
  if (!account.manageable) throw forbidden('Only admins can manage another person’s account');
  const changes = Object.fromEntries(
    Object.entries(input)
      .filter(([key, value]) => value !== undefined && value !== account[key as keyof typeof account])
      .map(([key, value]) => [key, { from: account[key as keyof typeof account], to: value }]),
  );
  if (Object.keys(changes).length === 0) return account;
  try {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('instagram_accounts')
        .set({
          ...(input.username !== undefined && { username: input.username }),
          ...(input.is_connected !== undefined && { is_connected: input.is_connected }),
          ...(input.followers !== undefined && { followers: input.followers }),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await recordAudit(tx, actor, { entityType: 'instagram_account', entityId: id, action: 'updated', changes });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`@${input.username} is already listed`);
    throw error;
  }
  return byId(db, actor, id);
}

export async function removeInstagramAccount(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  const account = await byId(db, actor, id);
  if (!account.manageable) throw forbidden('Only admins can remove another person’s account');
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('instagram_accounts').where('id', '=', id).execute();
    await recordAudit(tx, actor, {
      entityType: 'instagram_account',
      entityId: id,
      action: 'deleted',
      changes: { username: { from: account.username, to: null } },
    });
  });
}
