import { sql, type Kysely } from 'kysely';
import {
  rangeBounds,
  type AnalyticsRange,
  type RangeAnalytics,
  type ShowRate,
} from '../../../shared/analytics/range-analytics.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { productFigures } from '../../../shared/analytics/deal-analytics.js';
import { getSetting } from '../../platform/settings.js';
import { addDays, monthStart } from '../../../shared/common/time.js';
import { businessClock } from '../../platform/time.js';

type Db = Kysely<DB>;
type Bounds = ReturnType<typeof rangeBounds>;

/**
 * A span of days, `from` inclusive to `until` exclusive, as the whole months inside it (their first days, `until`
 * exclusive) and the days before and after them.
 */
function splitByMonths(from: string, until: string) {
  const firstWhole = from.endsWith('-01') ? from : monthStart(from, 1);
  const wholeUntil = monthStart(until);
  if (firstWhole >= wholeUntil) return { months: [], days: [[from, until]] };
  return {
    months: [[firstWhole, wholeUntil]],
    days: [
      [from, firstWhole],
      [wholeUntil, until],
    ].filter(([a, b]) => a! < b!),
  };
}

/**
 * The completed sales of spans of days (`from` inclusive, `until` exclusive) as rows of (user_id, manufacturer, model,
 * units, gross_cents, fees_cents, products_cents, products_cost_cents, day): each whole month from the figures kept per agent, month, manufacturer and model
 * (migration 035), and only the days outside whole months from the deals themselves, each stretch a branch of its
 * own so that each reads one stretch of a covering index.
 */
function completedSales(actor: Actor, ...ranges: [from: string, until: string][]) {
  const spans = ranges.map(([from, until]) => splitByMonths(from, until));
  const kept = spans
    .flatMap((span) => span.months)
    .map(
      ([from, until]) => sql`
        SELECT user_id, manufacturer, model, units, gross_cents, fees_cents, products_cents, products_cost_cents, month AS day
        FROM deal_model_sales_monthly
        WHERE month >= ${from}::date AND month < ${until}::date AND ${visibleTo(actor, 'user_id')}`,
    );
  const days = spans
    .flatMap((span) => span.days)
    .map(
      ([from, until]) => sql`
        SELECT user_id, manufacturer, model, 1, contract_price_cents, broker_fee_cents, products_cents, products_cost_cents, date
        FROM deals
        WHERE status = 'completed' AND date >= ${from}::date AND date < ${until}::date AND ${visibleTo(actor, 'user_id')}`,
    );
  return sql.join([...kept, ...days], sql` UNION ALL `);
}

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
  products: number;
  products_cost: number;
};

/**
 * Completed sales of the range and of the span before it in one pass: the totals, the top manufacturers and models
 * and every agent's figures. GROUPING() tells the sets apart: 7 total, 3 manufacturer, 1 model, 6 agent.
 */
async function salesOfRange(db: Db, actor: Actor, b: Bounds) {
  const { rows } = await sql<SalesRow>`
    WITH completed (user_id, manufacturer, model, units, gross_cents, fees_cents, products_cents, products_cost_cents, day) AS (
      ${completedSales(actor, [b.previousFrom, b.from], [b.from, addDays(b.to, 1)])}
    ),
    sales AS (
      SELECT manufacturer, model, user_id, GROUPING(manufacturer, model, user_id) AS grouping,
             coalesce(sum(units) FILTER (WHERE day >= ${b.from}::date), 0) AS units,
             coalesce(sum(gross_cents) FILTER (WHERE day >= ${b.from}::date), 0) AS gross,
             coalesce(sum(fees_cents) FILTER (WHERE day >= ${b.from}::date), 0) AS fees,
             coalesce(sum(products_cents) FILTER (WHERE day >= ${b.from}::date), 0) AS products,
             coalesce(sum(products_cost_cents) FILTER (WHERE day >= ${b.from}::date), 0) AS products_cost,
             coalesce(sum(units) FILTER (WHERE day < ${b.from}::date), 0) AS previous_units,
             coalesce(sum(gross_cents) FILTER (WHERE day < ${b.from}::date), 0) AS previous_gross
      FROM completed
      GROUP BY GROUPING SETS ((), (manufacturer), (manufacturer, model), (user_id))
    ),
    ranked AS (
      SELECT s.*, row_number() OVER (PARTITION BY s.grouping ORDER BY s.gross DESC, s.units DESC, s.manufacturer, s.model) AS place
      FROM sales s WHERE s.grouping = 7 OR s.units > 0
    )
    SELECT r.grouping, r.manufacturer, r.model, r.user_id, u.name, r.units, r.gross, r.fees, r.products, r.products_cost,
           r.previous_units, r.previous_gross
    FROM ranked r LEFT JOIN users u ON u.id = r.user_id
    WHERE r.grouping = 7 OR (r.grouping IN (1, 3) AND r.place <= 5) OR (r.grouping = 6 AND r.place <= 10)
    ORDER BY r.grouping, r.place
  `.execute(db);
  return rows;
}

type StageCount = { stage: string; customers: number; previous: number };

/**
 * Customers first recorded in the range and in the span before it, per pipeline stage ('' without one), from the
 * counts kept per owner, day added and stage (migration 027).
 */
async function stagesOfRange(db: Db, actor: Actor, b: Bounds) {
  const { rows } = await sql<StageCount>`
    SELECT stage, coalesce(sum(customers) FILTER (WHERE day >= ${b.from}::date), 0)::int AS customers,
           coalesce(sum(customers) FILTER (WHERE day < ${b.from}::date), 0)::int AS previous
    FROM customer_stage_daily
    WHERE day >= ${b.previousFrom}::date AND day <= ${b.to}::date AND ${visibleTo(actor, 'user_id')}
    GROUP BY stage
  `.execute(db);
  return rows;
}

/**
 * How many customers are at each stage or beyond: a customer without a stage, or at one the settings no longer name,
 * is at the first.
 */
function reachedStages(stages: string[], counts: StageCount[], figure: 'customers' | 'previous') {
  const reached = new Array<number>(stages.length).fill(0);
  for (const row of counts) reached[Math.max(0, stages.indexOf(row.stage))]! += row[figure];
  for (let i = reached.length - 2; i >= 0; i--) reached[i]! += reached[i + 1]!;
  return reached;
}

/**
 * The funnel is the pipeline's own stages (decision 021): the customers first recorded in the range at each stage or
 * beyond. Each figure carries the Customers list's query that shows exactly its customers.
 */
function funnelOf(stages: string[], reached: number[], b: Bounds) {
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ added_from: b.from, added_to: b.to, ...extra }).toString();
  return stages.map((stage, i) => ({ stage, count: reached[i]!, query: query(i === 0 ? {} : { stage_from: stage }) }));
}

async function monthlyTrends(db: Db, actor: Actor, b: Bounds) {
  const { rows } = await sql<RangeAnalytics['trends'][number]>`
    WITH completed (user_id, manufacturer, model, units, gross_cents, fees_cents, products_cents, products_cost_cents, day) AS (
      ${completedSales(actor, [b.from, addDays(b.to, 1)])}
    ),
    sales AS (
      SELECT date_trunc('month', day)::date AS month, sum(units) AS units, sum(gross_cents) AS revenue
      FROM completed
      GROUP BY 1
    ),
    leads AS (
      SELECT date_trunc('month', day)::date AS month, sum(customers) AS customers
      FROM customer_stage_daily
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

/**
 * Appointments whose day is in the range, per agent and per the customer's lead source, as the actor sees tasks (their
 * own or their customers'), from the counts kept per day, agent, customer's agent, source and outcome (migration 035).
 */
async function showRates(db: Db, actor: Actor, b: Bounds): Promise<RangeAnalytics['show_rate']> {
  const { rows } = await sql<Omit<ShowRate, 'rate'> & { by: 'source' | 'agent' }>`
    SELECT CASE WHEN grouping(k.source) = 0 THEN 'source' ELSE 'agent' END AS by, coalesce(k.source, u.name) AS name,
           coalesce(sum(k.appointments) FILTER (WHERE k.outcome <> 'cancelled'), 0)::int AS booked,
           coalesce(sum(k.appointments) FILTER (WHERE k.outcome = 'showed'), 0)::int AS showed,
           coalesce(sum(k.appointments) FILTER (WHERE k.outcome = 'no_show'), 0)::int AS no_show,
           coalesce(sum(k.appointments) FILTER (WHERE k.outcome = 'sold'), 0)::int AS sold
    FROM appointment_outcomes_daily k JOIN users u ON u.id = k.assignee_id
    WHERE k.day BETWEEN ${b.from}::date AND ${b.to}::date AND k.appointments <> 0
      AND (${visibleTo(actor, 'k.assignee_id')} OR ${visibleTo(actor, 'k.owner_id')})
    GROUP BY GROUPING SETS ((k.source), (k.assignee_id, u.name))
    ORDER BY booked DESC, name`.execute(db);
  const pick = (by: 'source' | 'agent') =>
    rows
      .filter((row) => row.by === by)
      .map(({ by: _by, ...row }) => ({ ...row, rate: rate(row.showed + row.sold, row.showed + row.sold + row.no_show) }));
  return { by_agent: pick('agent'), by_source: pick('source') };
}

/** The range ending `today` (by default today in the company's time zone). */
export async function rangeAnalytics(db: Db, actor: Actor, range: AnalyticsRange, today?: string): Promise<RangeAnalytics> {
  const bounds = rangeBounds(range, today ?? (await businessClock(db)).today);
  const [sales, trends, stageCounts, crm, showRate] = await Promise.all([
    salesOfRange(db, actor, bounds),
    monthlyTrends(db, actor, bounds),
    stagesOfRange(db, actor, bounds),
    getSetting(db, 'crm'),
    showRates(db, actor, bounds),
  ]);
  const total = sales.find((r) => r.grouping === 7);
  const reached = reachedStages(crm.pipeline_stages, stageCounts, 'customers');
  const before = reachedStages(crm.pipeline_stages, stageCounts, 'previous');
  return {
    range,
    from: bounds.from,
    to: bounds.to,
    cards: {
      revenue_cents: { current: total?.gross ?? 0, previous: total?.previous_gross ?? 0 },
      cars_sold: { current: total?.units ?? 0, previous: total?.previous_units ?? 0 },
      products: productFigures(total?.products ?? 0, total?.products_cost ?? 0),
      new_customers: { current: reached[0]!, previous: before[0]! },
      // The funnel's last figure over its first, so the card and the funnel's last share always agree.
      conversion_rate: { current: rate(reached.at(-1)!, reached[0]!), previous: rate(before.at(-1)!, before[0]!) },
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
    funnel: funnelOf(crm.pipeline_stages, reached, bounds),
    trends,
    show_rate: showRate,
  };
}
