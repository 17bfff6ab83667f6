import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';

export type AuditEntry = {
  entityType: 'customer' | 'vehicle' | 'deal' | 'customer_document' | 'deal_document' | 'user' | 'session' | 'settings';
  entityId: string;
  action: string;
  changes?: Record<string, unknown>;
};

/** Writes who changed what, with the admin behind the change while switched to another user. */
export async function recordAudit(db: Kysely<DB>, actor: Actor, entry: AuditEntry) {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.userId,
      impersonator_id: actor.impersonatorId,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      action: entry.action,
      changes: JSON.stringify(entry.changes ?? {}),
    })
    .execute();
}

/** The fields whose values differ, as { field: { from, to } }. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  }
  return changes;
}
