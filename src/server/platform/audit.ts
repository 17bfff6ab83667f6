import { sql, type Kysely } from 'kysely';
import type { Actor } from '../auth/actor.js';
import type { DB } from '../db/schema.js';

export type AuditEntry = {
  entityType:
    | 'customer'
    | 'vehicle'
    | 'deal'
    | 'customer_document'
    | 'deal_document'
    | 'user'
    | 'invitation'
    | 'session'
    | 'settings'
    | 'commission_rate'
    | 'custom_offer'
    | 'instagram_account'
    | 'import'
    | 'outbox';
  entityId: string;
  action: string;
  changes?: Record<string, unknown>;
};

/**
 * Writes who changed what, with the admin behind the change while switched to another user. `null` is the customer,
 * acting on their own record through a link or a reply (an unsubscribe, an SMS 'STOP'), or Torque itself when the
 * entry's changes name the `rule` that acted.
 */
export async function recordAudit(db: Kysely<DB>, actor: Actor | null, entry: AuditEntry) {
  await recordAudits(db, actor, [entry]);
}

/** Entries per statement: six parameters each, well under PostgreSQL's 65,535. */
const AUDIT_ROWS_PER_STATEMENT = 5_000;

/** Writes one audit row per entry, all by the same actor, a statement per 5,000. */
export async function recordAudits(db: Kysely<DB>, actor: Actor | null, entries: readonly AuditEntry[]) {
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_STATEMENT) {
    await db
      .insertInto('audit_log')
      .values(
        entries.slice(start, start + AUDIT_ROWS_PER_STATEMENT).map((entry) => ({
          actor_id: actor?.userId ?? null,
          impersonator_id: actor?.impersonatorId ?? null,
          entity_type: entry.entityType,
          entity_id: entry.entityId,
          action: entry.action,
          changes: JSON.stringify(entry.changes ?? {}),
        })),
      )
      .execute();
  }
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

export type AuditTimelineRow = {
  id: string;
  action: string;
  changes: Record<string, unknown>;
  created_at: string;
  actor_name: string;
  impersonator_name: string | null;
};

const TIMELINE_LIMIT = 200;
/** Who the timeline names for a change without a user: the customer's own. */
export const CUSTOMER_ACTOR = 'The customer';
/** Who it names for a change Torque made by itself, by a rule of the settings (its entry names the `rule`). */
export const RULE_ACTOR = 'Torque';

/** A record's history from the audit log, newest first, with who did it and the admin behind them. */
export async function auditTimeline(
  db: Kysely<DB>,
  entityType: AuditEntry['entityType'],
  entityId: string,
): Promise<AuditTimelineRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_id')
    .leftJoin('users as impersonator', 'impersonator.id', 'audit_log.impersonator_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.changes',
      'audit_log.created_at',
      sql<string>`coalesce(actor.name, CASE WHEN audit_log.changes ? 'rule' THEN ${RULE_ACTOR} ELSE ${CUSTOMER_ACTOR} END)`.as(
        'actor_name',
      ),
      'impersonator.name as impersonator_name',
    ])
    .where('audit_log.entity_type', '=', entityType)
    .where('audit_log.entity_id', '=', entityId)
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(TIMELINE_LIMIT)
    .execute();
  return rows.map((row) => ({
    ...row,
    changes: (row.changes ?? {}) as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
  }));
}
