import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB>;

/** One agent's completed sales: how many, their contract prices and their broker fees. */
export type AgentSales = { user_id: string; name: string; units: number; gross_cents: number; fees_cents: number };

/** First days of the first and last month, both included; null is all time. */
export type MonthSpan = { from: string; to: string } | null;

/**
 * Completed sales per agent over whole months (all time without a span), from the monthly counts kept by migration
 * 006; only the actor's own when given an agent. The Agents page, Accounting and the dashboard's Top Agents read their
 * sales figures here, so the same label shows the same figure on each (shared/analytics/agent-figures.ts).
 */
export async function completedSalesByAgent(db: Db, span: MonthSpan, actor?: Actor): Promise<AgentSales[]> {
  const { rows } = await sql<AgentSales>`
    SELECT s.user_id, u.name, sum(s.units)::int AS units, sum(s.gross_cents) AS gross_cents, sum(s.fees_cents) AS fees_cents
    FROM deal_sales_monthly s JOIN users u ON u.id = s.user_id
    WHERE ${span ? sql`s.month >= ${span.from}::date AND s.month <= ${span.to}::date` : sql`true`}
      AND ${actor ? visibleTo(actor, 's.user_id') : sql`true`}
    GROUP BY s.user_id, u.name
    HAVING sum(s.units) > 0
    ORDER BY sum(s.gross_cents) DESC, u.name, s.user_id
  `.execute(db);
  return rows;
}

/** Deals of every status per agent, all time: the Agents page's Deals. */
export async function dealsByAgent(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('deals')
    .select(['user_id', sql<number>`count(*)::int`.as('deals')])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.deals]));
}

/** The span of one calendar year. */
export const yearSpan = (year: number): MonthSpan => ({ from: `${year}-01-01`, to: `${year}-12-01` });
