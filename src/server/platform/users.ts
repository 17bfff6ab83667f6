import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../auth/actor.js';
import { hashPassword } from '../auth/passwords.js';
import type { DB } from '../db/schema.js';
import type { Role } from '../../shared/users/roles.js';
import type { SessionUser } from '../../shared/auth/sign-in.js';
import { recordAudit } from './audit.js';
import { AppError, badRequest, forbidden } from '../http/errors.js';
import { REASSIGN_CHOOSE_OWNER } from '../../shared/common/reassign.js';
import { requireRole } from '../auth/scope.js';
import type { ProfileInput } from '../../shared/users/schemas.js';

export type NewUser = { name: string; email: string; role: Role; password: string };

/** Creates a user with an e-mail + password credential, in the shape better-auth signs in against. */
export async function createUserWithPassword(db: Kysely<DB>, input: NewUser): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute((tx) => insertUserWithPassword(tx, input, passwordHash));
}

/** The inserts of createUserWithPassword, inside the caller's transaction, with the password already hashed. */
export async function insertUserWithPassword(tx: Kysely<DB>, input: Omit<NewUser, 'password'>, passwordHash: string) {
  const email = z.string().email().parse(input.email.trim().toLowerCase());
  const user = await tx
    .insertInto('users')
    .values({
      name: input.name,
      email,
      role: input.role,
      email_verified: true,
      image: null,
      ban_reason: null,
      ban_expires: null,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('accounts')
    .values({ user_id: user.id, account_id: user.id, provider_id: 'credential', password: passwordHash })
    .execute();
  return user.id;
}

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function getSessionUser(db: Kysely<DB>, id: string): Promise<SessionUser | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', id).executeTakeFirst();
}

/** The agents an admin may switch to, by name. */
export async function listSwitchableUsers(db: Kysely<DB>, actor: Actor): Promise<SessionUser[]> {
  requireRole(actor, 'admin');
  if (actor.impersonatorId) throw forbidden('Switch back to your own account to switch to another user');
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('role', '=', 'agent')
    .where((eb) => eb.or([eb('banned', 'is', null), eb('banned', '=', false)]))
    .orderBy('name')
    .execute();
}

export async function updateProfile(db: Kysely<DB>, actor: Actor, input: ProfileInput): Promise<SessionUser> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('users').select(['name']).where('id', '=', actor.userId).executeTakeFirst();
    if (!before) throw new AppError(404, 'NOT_FOUND', 'User not found');
    const user = await tx
      .updateTable('users')
      .set({ name: input.name, updated_at: new Date() })
      .where('id', '=', actor.userId)
      .returning(['id', 'name', 'email', 'role'])
      .executeTakeFirstOrThrow();
    if (before.name !== input.name) {
      await recordAudit(tx, actor, {
        entityType: 'user',
        entityId: actor.userId,
        action: 'updated',
        changes: { name: { from: before.name, to: input.name } },
      });
    }
    return user;
  });
}

export type NewOwner = { id: string; name: string };

/** The user customers or vehicles are given to: an active user, else 400 on the field. */
export async function activeOwner(db: Kysely<DB>, userId: string): Promise<NewOwner> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .where(sql<boolean>`banned IS NOT TRUE`)
    .executeTakeFirst();
  if (!user) throw badRequest(REASSIGN_CHOOSE_OWNER, { user_id: REASSIGN_CHOOSE_OWNER });
  return user;
}
