import { sql, type Kysely } from 'kysely';
import { rangeBounds, type AnalyticsRange, type RangeAnalytics } from '../../../shared/analytics/range-analytics.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { getSetting } from '../settings/service.js';
import { addDays, todayUtc } from './scope.js';

type Db = Kysely<DB>;
type Bounds = ReturnType<typeof rangeBounds>;

type SalesRow = {
  grouping: number;
  manufacturer: string | null;
  model: string | null;
  user_id: string | null;
  name: string | null;
  units: number;
  gross: number;
  fees: number;
  previous_units: number;
  previous_gross: number;
};

/**
 * Completed sales of the range and of the span before it in one pass: the totals, the top manufacturers and models
 * and every agent's figures. GROUPING() tells the sets apart: 7 total, 3 manufacturer, 1 model, 6 agent.
 */
async function salesOfRange(db: Db, actor: Actor, b: Bounds) {
  const { rows } = await sql<SalesRow>`
    WITH sales AS (
      SELECT manufacturer, model, user_id, GROUPING(manufacturer, model, user_id) AS grouping,
             count(*) FILTER (WHERE date >= ${b.from}::date) AS units,
             coalesce(sum(contract_price_cents) FILTER (WHERE date >= ${b.from}::date), 0) AS gross,
             coalesce(sum(broker_fee_cents) FILTER (WHERE date >= ${b.from}::date), 0) AS fees,
             count(*) FILTER (WHERE date < ${b.from}::date) AS previous_units,
             coalesce(sum(contract_price_cents) FILTER (WHERE date < ${b.from}::date), 0) AS previous_gross
      FROM deals
      WHERE status = 'completed' AND date >= ${b.previousFrom}::date AND date < ${addDays(b.to, 1)}::date
        AND ${visibleTo(actor, 'user_id')}
      GROUP BY GROUPING SETS ((), (manufacturer), (manufacturer, model), (user_id))
    ),
    ranked AS (
      SELECT s.*, row_number() OVER (PARTITION BY s.grouping ORDER BY s.gross DESC, s.units DESC, s.manufacturer, s.model) AS place
      FROM sales s WHERE s.grouping = 7 OR s.units > 0
    )
    SELECT r.grouping, r.manufacturer, r.model, r.user_id, u.name, r.units, r.gross, r.fees, r.previous_units, r.previous_gross
    FROM ranked r LEFT JOIN users u ON u.id = r.user_id
    WHERE r.grouping = 7 OR (r.grouping IN (1, 3) AND r.place <= 5) OR (r.grouping = 6 AND r.place <= 10)
    ORDER BY r.grouping, r.place
  `.execute(db);
  return rows;
}

/**
 * Customers first recorded in the range (and the span before): how many, and how far they got towards a sale, from
 * the counts kept per owner and day added (migration 023).
 */
async function customersOfRange(db: Db, actor: Actor, b: Bounds) {
  const { rows } = await sql<{ leads: number; previous_leads: number; sold: number; previous_sold: number }>`
    SELECT coalesce(sum(customers) FILTER (WHERE day >= ${b.from}::date), 0) AS leads,
           coalesce(sum(customers) FILTER (WHERE day < ${b.from}::date), 0) AS previous_leads,
           coalesce(sum(sold) FILTER (WHERE day >= ${b.from}::date), 0) AS sold,
           coalesce(sum(sold) FILTER (WHERE day < ${b.from}::date), 0) AS previous_sold
    FROM customer_funnel_daily
    WHERE day >= ${b.previousFrom}::date AND day <= ${b.to}::date AND ${visibleTo(actor, 'user_id')}
  `.execute(db);
  return rows[0]!;
}

/** Customers first recorded in the range, per pipeline stage ('' without one), from the counts of migration 027. */
async function stagesOfRange(db: Db, actor: Actor, b: Bounds) {
  const { rows } = await sql<{ stage: string; customers: number }>`
    SELECT stage, sum(customers)::int AS customers
    FROM customer_stage_daily
    WHERE day >= ${b.from}::date AND day <= ${b.to}::date AND ${visibleTo(actor, 'user_id')}
    GROUP BY stage
  `.execute(db);
  return rows;
}

/**
 * The funnel: the customers first recorded in the range (Leads), those at each later pipeline stage or beyond (a
 * customer without a stage, or at one the settings no longer name, is at the first), and those with a completed
 * sale. Each figure carries the Customers list's query that shows exactly its customers.
 */
function funnelOf(stages: string[], counts: { stage: string; customers: number }[], sold: number, b: Bounds) {
  const at = new Array<number>(stages.length).fill(0);
  for (const row of counts) at[Math.max(0, stages.indexOf(row.stage))]! += row.customers;
  // At each stage or beyond: the sums from the last stage back.
  const reached = [...at];
  for (let i = reached.length - 2; i >= 0; i--) reached[i]! += reached[i + 1]!;
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ added_from: b.from, added_to: b.to, tz: 'UTC', ...extra }).toString();
  return [
    { stage: 'Leads', count: reached[0] ?? 0, query: query({}) },
    ...stages.slice(1).map((stage, i) => ({ stage, count: reached[i + 1]!, query: query({ stage_from: stage }) })),
    { stage: 'Sales Closed', count: sold, query: query({ sold: '1' }) },
  ];
}

async function monthlyTrends(db: Db, actor: Actor, b: Bounds) {
  const end = addDays(b.to, 1);
  const { rows } = await sql<RangeAnalytics['trends'][number]>`
    WITH sales AS (
      SELECT date_trunc('month', date)::date AS month, count(*) AS units, sum(contract_price_cents) AS revenue
      FROM deals
      WHERE status = 'completed' AND date >= ${b.from}::date AND date < ${end}::date AND ${visibleTo(actor, 'user_id')}
      GROUP BY 1
    ),
    leads AS (
      SELECT date_trunc('month', day)::date AS month, sum(customers) AS customers
      FROM customer_funnel_daily
      WHERE day >= ${b.from}::date AND day <= ${b.to}::date AND ${visibleTo(actor, 'user_id')}
      GROUP BY 1
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(s.revenue, 0) AS revenue_cents, coalesce(s.units, 0) AS units,
           coalesce(l.customers, 0) AS new_customers
    FROM generate_series(date_trunc('month', ${b.from}::date), date_trunc('month', ${b.to}::date), interval '1 month') AS m (month)
    LEFT JOIN sales s ON s.month = m.month::date
    LEFT JOIN leads l ON l.month = m.month::date
    ORDER BY m.month
  `.execute(db);
  return rows;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export async function rangeAnalytics(db: Db, actor: Actor, range: AnalyticsRange, today = todayUtc()): Promise<RangeAnalytics> {
  const bounds = rangeBounds(range, today);
  const [sales, book, trends, stageCounts, crm] = await Promise.all([
    salesOfRange(db, actor, bounds),
    customersOfRange(db, actor, bounds),
    monthlyTrends(db, actor, bounds),
    stagesOfRange(db, actor, bounds),
    getSetting(db, 'crm'),
  ]);
  const total = sales.find((r) => r.grouping === 7);
  return {
    range,
    from: bounds.from,
    to: bounds.to,
    cards: {
      revenue_cents: { current: total?.gross ?? 0, previous: total?.previous_gross ?? 0 },
      cars_sold: { current: total?.units ?? 0, previous: total?.previous_units ?? 0 },
      new_customers: { current: book.leads, previous: book.previous_leads },
      conversion_rate: { current: rate(book.sold, book.leads), previous: rate(book.previous_sold, book.previous_leads) },
    },
    top_manufacturers: sales
      .filter((r) => r.grouping === 3)
      .map((r) => ({ manufacturer: r.manufacturer!, units: r.units, gross_cents: r.gross })),
    top_models: sales
      .filter((r) => r.grouping === 1)
      .map((r) => ({ manufacturer: r.manufacturer!, model: r.model!, units: r.units, gross_cents: r.gross })),
    agent_performance: sales
      .filter((r) => r.grouping === 6)
      .map((r) => ({ user_id: r.user_id!, name: r.name ?? '', deals: r.units, gross_cents: r.gross, fees_cents: r.fees })),
    funnel: funnelOf(crm.pipeline_stages, stageCounts, book.sold, bounds),
    trends,
  };
}
