import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { UNKNOWN_STAGE, type CustomerFilter, type CustomerSort } from '../../../shared/customers/schemas.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { cursorValue } from '../../http/paging.js';
import { escapeLike } from '../../db/like.js';
import { getSettings } from '../../platform/settings.js';
import { clockIn } from '../../platform/time.js';

type Eb = ExpressionBuilder<DB, 'customers'>;

/**
 * The name of the referring customer joined as `referrer`, or null when the actor may not see that customer: an
 * agent's customer can have been referred by another agent's. The customer page, the export and the dashboard agree.
 */
export function visibleReferrerName(actor: Actor, referrer: string): RawBuilder<string | null> {
  return sql<string | null>`CASE WHEN ${visibleTo(actor, `${referrer}.user_id`)} THEN ${sql.ref(`${referrer}.name`)} END`;
}

/**
 * A filter read against the settings: its pipeline stage as the names of that stage and the ones after it, and the
 * company's time zone, in which its days are read.
 */
type StagedFilter = CustomerFilter & { stages?: string[] | null; timeZone?: string; today?: string };

/**
 * The filter with the company's time zone and today, and `stage_from` as the stages it covers: null for the first (every
 * customer: one without a stage, or with a stage the settings no longer name, is at the first), else that stage and
 * the later ones. An unknown stage is refused.
 */
export async function resolveFilter<F extends CustomerFilter>(
  db: Kysely<DB>,
  filter: F,
): Promise<F & StagedFilter & { timeZone: string; today: string }> {
  const { company, crm } = await getSettings(db);
  const resolved = { ...filter, timeZone: company.time_zone, today: clockIn(company.time_zone).today };
  if (!filter.stage_from) return resolved;
  const at = crm.pipeline_stages.indexOf(filter.stage_from);
  if (at === -1) throw badRequest(UNKNOWN_STAGE, { stage_from: UNKNOWN_STAGE });
  return { ...resolved, stages: at === 0 ? null : crm.pipeline_stages.slice(at) };
}

/** One WHERE for the list, the summary counts and the export, so the three always agree. */
export function matchesFilter(eb: Eb, actor: Actor, filter: StagedFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [visibleTo(actor, 'customers.user_id')];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(eb.or([eb('customers.name', 'ilike', pattern), eb('customers.email', 'ilike', pattern)]));
  }
  if (filter.status) conditions.push(eb('customers.status', '=', filter.status));
  if (filter.preference) conditions.push(sql<SqlBool>`customers.preferred_cars @> ARRAY[${filter.preference}]::text[]`);
  if (filter.source) conditions.push(eb('customers.lead_source', '=', filter.source));
  if (filter.stages) conditions.push(sql<SqlBool>`customers.pipeline_stage = ANY(${filter.stages}::text[])`);
  if (filter.sold) {
    conditions.push(sql<SqlBool>`EXISTS (SELECT 1 FROM deals d WHERE d.customer_id = customers.id AND d.status = 'completed')`);
  }
  if (filter.follow_up) {
    if (!filter.today) throw new Error('The follow-up filter needs the company’s today: read it with resolveFilter');
    conditions.push(
      sql<SqlBool>`customers.id IN (SELECT t.customer_id FROM tasks t WHERE t.completed_at IS NULL AND t.due_date <= ${filter.today}::date)`,
    );
  }
  if (filter.added_from || filter.added_to) {
    // 'Date added' days are business days: they begin at midnight in the company's time zone.
    if (!filter.timeZone) throw new Error('A filter by day needs the company time zone: read it with resolveFilter');
  }
  const tz = filter.timeZone ?? 'UTC';
  if (filter.added_from) {
    conditions.push(sql<SqlBool>`customers.created_at >= (${filter.added_from}::date)::timestamp AT TIME ZONE ${tz}`);
  }
  if (filter.added_to) {
    conditions.push(sql<SqlBool>`customers.created_at < (${filter.added_to}::date + 1)::timestamp AT TIME ZONE ${tz}`);
  }
  return eb.and(conditions);
}

type SortSpec = { key: 'created_at' | 'name'; direction: 'asc' | 'desc' };

export const sortSpecs: Record<CustomerSort, SortSpec> = {
  newest: { key: 'created_at', direction: 'desc' },
  oldest: { key: 'created_at', direction: 'asc' },
  name_asc: { key: 'name', direction: 'asc' },
  name_desc: { key: 'name', direction: 'desc' },
};

/** Rows after the cursor's (sort key, id) in the list's own order. */
export function afterCursor(spec: SortSpec, cursor: (string | number | null)[]): Expression<SqlBool> {
  const [value, id] = cursor;
  const valueOk = spec.key === 'created_at' ? cursorValue.moment(value) : cursorValue.text(value);
  if (!valueOk || !cursorValue.uuid(id)) throw badRequest('Invalid cursor');
  const comparison = sql.raw(spec.direction === 'desc' ? '<' : '>');
  if (spec.key === 'created_at') {
    return sql<SqlBool>`(customers.created_at, customers.id) ${comparison} (${value}::timestamptz, ${id}::uuid)`;
  }
  return sql<SqlBool>`(customers.name, customers.id) ${comparison} (${value}, ${id}::uuid)`;
}

export function cursorOf(spec: SortSpec, row: { created_at: Date; name: string; id: string }): (string | number | null)[] {
  return [spec.key === 'created_at' ? row.created_at.toISOString() : row.name, row.id];
}
