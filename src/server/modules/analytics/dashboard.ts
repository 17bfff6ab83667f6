import { unsoldStatuses } from '../../../shared/vehicles/options.js';
import { sql, type Kysely } from 'kysely';
import type { Dashboard } from '../../../shared/analytics/dashboard.js';
import type { Actor } from '../../auth/actor.js';
import { inventoryVisibleTo, maySee, visibleTo } from '../../auth/scope.js';
import { executePrepared } from '../../db/prepared-statements.js';
import type { DB } from '../../db/schema.js';
import { visibleReferrerName } from '../customers/index.js';
import { customerSource } from '../../../shared/customers/source.js';
import { completedSalesByAgent, yearSpan } from '../deals/index.js';
import { monthStart } from '../../../shared/common/time.js';
import { businessClock } from '../../platform/time.js';

type Db = Kysely<DB>;

/** This month's broker fees and closed deals beside last month's, from the monthly sales table. */
async function dealStats(db: Db, actor: Actor, today: string) {
  const thisMonth = monthStart(today);
  const { rows } = await sql<{ fees: number; fees_before: number; closed: number; closed_before: number }>`
    SELECT coalesce(sum(fees_cents) FILTER (WHERE month = ${thisMonth}::date), 0) AS fees,
           coalesce(sum(fees_cents) FILTER (WHERE month < ${thisMonth}::date), 0) AS fees_before,
           coalesce(sum(units) FILTER (WHERE month = ${thisMonth}::date), 0) AS closed,
           coalesce(sum(units) FILTER (WHERE month < ${thisMonth}::date), 0) AS closed_before
    FROM deal_sales_monthly
    WHERE month >= ${monthStart(today, -1)}::date AND month <= ${thisMonth}::date AND ${visibleTo(actor, 'user_id')}
  `.execute(db);
  return rows[0]!;
}

/**
 * Active customers and the value of unsold stock now, and the same over the records that already existed when the
 * month began (the state of last month as far as Torque can tell without history tables): from the kept counts per
 * owner, status and month added, a few rows instead of the tables. Two queries, side by side on a server database.
 */
async function bookStats(db: Db, actor: Actor, today: string) {
  const thisMonth = monthStart(today);
  const [customers, stock] = await Promise.all([
    sql<{ active: number; active_before: number }>`
      SELECT coalesce(sum(n), 0) AS active, coalesce(sum(n) FILTER (WHERE month < ${thisMonth}::date), 0) AS active_before
      FROM customer_counts WHERE status = 'active' AND ${visibleTo(actor, 'user_id')}
    `.execute(db),
    sql<{ stock: number; stock_before: number }>`
      SELECT coalesce(sum(value_cents), 0) AS stock,
             coalesce(sum(value_cents) FILTER (WHERE month < ${thisMonth}::date), 0) AS stock_before
      FROM vehicle_stock WHERE status IN (${sql.join([...unsoldStatuses])}) AND ${inventoryVisibleTo(actor, 'user_id')}
    `.execute(db),
  ]);
  return { ...customers.rows[0]!, ...stock.rows[0]! };
}

async function recentDeals(db: Db, actor: Actor) {
  const query = db
    .selectFrom('deals')
    .select(['id', 'date', 'customer_name', 'manufacturer', 'model', 'year', 'agent_name', 'contract_price_cents', 'status'])
    .where(visibleTo(actor, 'user_id'))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(5));
  return executePrepared(db, query);
}

/**
 * Agents ranked by this year's completed sales (the Agents page's and Accounting's figure, over this year); an agent
 * sees only their own place in the ranking.
 */
async function topAgents(db: Db, actor: Actor, today: string) {
  const sales = await completedSalesByAgent(db, yearSpan(Number(today.slice(0, 4))));
  // Ranked as rank() does: agents with equal sales share a place, and the next place skips.
  const ranked = sales.map((row) => ({
    user_id: row.user_id,
    name: row.name,
    rank: 1 + sales.filter((other) => other.gross_cents > row.gross_cents).length,
    deals: row.units,
    revenue_cents: row.gross_cents,
  }));
  const shown = ranked.filter((row) => maySee(actor, row.user_id));
  return { agents: shown.slice(0, 5), ranked: ranked.length };
}

type LeadRow = Omit<Dashboard['recent_leads'][number], 'source'> & Parameters<typeof customerSource>[0];

/**
 * The newest prospects, with where each came from; one is 'contacted' once a person has answered them (an e-mail, an
 * offer, a logged call, text or note: what answers a lead), and 'qualified' once a deal that is not cancelled is
 * recorded for them.
 */
async function recentLeads(db: Db, actor: Actor): Promise<Dashboard['recent_leads']> {
  // The lookups run for the five leads only (LIMIT 1 keeps each a per-row index probe, not a hash of a whole table).
  // Planning it took six times as long as running it, so each connection plans it once.
  const rows = await executePrepared(
    db,
    sql<LeadRow>`
    SELECT l.id, l.name, l.phone, l.email, l.lead_source, l.lead_source_name, l.lead_channel, l.referred_by, l.interest,
           l.budget_cents, l.agent_name,
           CASE WHEN open.found IS NOT NULL THEN 'qualified' WHEN answered.found IS NOT NULL THEN 'contacted' ELSE 'new' END
             AS status
    FROM (
      SELECT c.id, c.name, c.phone, c.email, c.lead_source, c.lead_source_name, c.lead_channel,
             coalesce(${visibleReferrerName(actor, 'r')}, c.referred_by_name) AS referred_by,
             c.preferred_cars AS interest, c.budget_cents, u.name AS agent_name, c.created_at
      FROM customers c
      JOIN users u ON u.id = c.user_id
      LEFT JOIN customers r ON r.id = c.referred_by_customer_id
      WHERE c.status = 'prospect' AND ${visibleTo(actor, 'c.user_id')}
      ORDER BY c.created_at DESC, c.id DESC
      LIMIT 5
    ) l
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM deals d WHERE d.customer_id = l.id AND d.status <> 'cancelled' LIMIT 1
    ) open ON true
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM audit_log a
      WHERE a.entity_type = 'customer' AND a.entity_id = l.id AND a.actor_id IS NOT NULL
        AND a.action IN (${sql.join(answeringActions)})
      LIMIT 1
    ) answered ON true
    ORDER BY l.created_at DESC, l.id DESC
  `,
  );
  return rows.map(({ lead_source, lead_source_name, lead_channel, ...lead }) => ({
    ...lead,
    source: customerSource({ lead_source, lead_source_name, lead_channel }),
  }));
}

/** What answers a lead: the audit actions migration 025's trigger reads as a first response. */
const answeringActions = ['email_sent', 'offer_sent', 'contact_logged'];
const SPEED_DAYS = 30;

/**
 * Speed to lead over the last 30 days: per source and per agent, the leads, how many were answered, and the median
 * and 90th percentile of the time from arrival to the first answer (of the answered ones). An agent sees their own.
 */
async function speedToLead(db: Db, actor: Actor, today: string): Promise<Dashboard['speed_to_lead']> {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - (SPEED_DAYS - 1) * 86_400_000);
  const { rows } = await sql<SpeedRow & { by: 'source' | 'agent' }>`
    WITH l AS (
      SELECT l.source_name, coalesce(u.name, 'Nobody') AS agent,
             extract(epoch FROM l.first_response_at - l.received_at)::float8 AS seconds
      FROM leads l LEFT JOIN users u ON u.id = l.assigned_user_id
      WHERE l.status = 'parsed' AND l.received_at >= ${since} AND ${visibleTo(actor, 'l.assigned_user_id')}
    )
    SELECT CASE WHEN grouping(source_name) = 0 THEN 'source' ELSE 'agent' END AS by,
           coalesce(source_name, agent) AS name, count(*)::int AS leads, count(seconds)::int AS answered,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds))::int AS p50_seconds,
           round(percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds))::int AS p90_seconds
    FROM l
    GROUP BY GROUPING SETS ((source_name), (agent))
    ORDER BY leads DESC, name
  `.execute(db);
  const pick = (by: 'source' | 'agent') =>
    rows
      .filter((row) => row.by === by)
      .slice(0, 10)
      .map(({ by: _, ...row }) => row);
  return { days: SPEED_DAYS, by_source: pick('source'), by_agent: pick('agent') };
}
type SpeedRow = Dashboard['speed_to_lead']['by_source'][number];

/** The dashboard on `today` (by default today in the company's time zone). */
export async function dashboard(db: Db, actor: Actor, day?: string): Promise<Dashboard> {
  const today = day ?? (await businessClock(db)).today;
  const [deals, book, recent, agents, leads, speed] = await Promise.all([
    dealStats(db, actor, today),
    bookStats(db, actor, today),
    recentDeals(db, actor),
    topAgents(db, actor, today),
    recentLeads(db, actor),
    speedToLead(db, actor, today),
  ]);
  return {
    month: today.slice(0, 7),
    stats: {
      broker_fees_cents: { current: deals.fees, previous: deals.fees_before },
      deals_closed: { current: deals.closed, previous: deals.closed_before },
      active_customers: { current: book.active, previous: book.active_before },
      inventory_value_cents: { current: book.stock, previous: book.stock_before },
    },
    recent_deals: recent,
    top_agents: agents.agents,
    ranked_agents: agents.ranked,
    recent_leads: leads,
    speed_to_lead: speed,
  };
}
