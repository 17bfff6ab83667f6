import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { createUserWithPassword, findUserByEmail } from '../platform/users.js';

/** Makes sure the configured first admin exists; an existing account keeps its password and is made admin. */
export async function ensureAdmin(db: Kysely<DB>, admin: { email: string; password: string; name?: string }) {
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    if (existing.role !== 'admin') await db.updateTable('users').set({ role: 'admin' }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  return createUserWithPassword(db, {
    name: admin.name ?? admin.email.split('@')[0]!,
    email: admin.email,
    role: 'admin',
    password: admin.password,
  });
}
