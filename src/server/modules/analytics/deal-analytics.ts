import { sql, type Kysely } from 'kysely';
import type { DealAnalytics, ManufacturerSales, MonthSales, SalesFigures } from '../../../shared/analytics/deal-analytics.js';
import { changeBetween, productFigures } from '../../../shared/analytics/deal-analytics.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { monthStart } from '../../../shared/common/time.js';
import { businessClock } from '../../platform/time.js';

type Db = Kysely<DB>;

type SalesRow = {
  kind: 'total' | 'manufacturer' | 'month';
  key: string | null;
  units: number;
  gross: number;
  fees: number;
  products: number;
  products_cost: number;
  previous_gross: number | null;
  share: number | null;
};

type Sums = { units: number; gross: number; fees: number; products: number; products_cost: number };

export const figures = ({ units, gross, fees, products, products_cost }: Sums): SalesFigures => ({
  units,
  gross_cents: gross,
  fees_cents: fees,
  average_deal_cents: units > 0 ? Math.round(gross / units) : 0,
  ...productFigures(products, products_cost),
});

const noSales: Sums = { units: 0, gross: 0, fees: 0, products: 0, products_cost: 0 };

/**
 * The year's completed sales in one pass over the monthly sales table: the total, one row per manufacturer and
 * one per month (with the December before, so January has a month to compare with).
 */
async function salesOfYear(db: Db, actor: Actor, year: number, today: string): Promise<SalesRow[]> {
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const previousDecember = `${year - 1}-12-01`;
  // The current year lists its months up to this one; later months appear only once they have sales.
  const lastListed = Number(today.slice(0, 4)) === year ? monthStart(today) : `${year}-12-01`;
  const { rows } = await sql<SalesRow>`
    WITH sales AS (
      SELECT manufacturer, month, GROUPING(manufacturer) AS no_make, GROUPING(month) AS no_month,
             coalesce(sum(units) FILTER (WHERE month >= ${from}::date), 0) AS units,
             coalesce(sum(gross_cents) FILTER (WHERE month >= ${from}::date), 0) AS gross,
             coalesce(sum(fees_cents) FILTER (WHERE month >= ${from}::date), 0) AS fees,
             coalesce(sum(products_cents) FILTER (WHERE month >= ${from}::date), 0) AS products,
             coalesce(sum(products_cost_cents) FILTER (WHERE month >= ${from}::date), 0) AS products_cost,
             sum(units) AS month_units, sum(gross_cents) AS month_gross, sum(fees_cents) AS month_fees,
             sum(products_cents) AS month_products, sum(products_cost_cents) AS month_products_cost
      FROM deal_sales_monthly
      WHERE month >= ${previousDecember}::date AND month < ${to}::date AND ${visibleTo(actor, 'user_id')}
      GROUP BY GROUPING SETS ((manufacturer), (month), ())
    ),
    monthly AS (
      SELECT m.month, coalesce(s.month_units, 0) AS units, coalesce(s.month_gross, 0) AS gross,
             coalesce(s.month_fees, 0) AS fees, coalesce(s.month_products, 0) AS products,
             coalesce(s.month_products_cost, 0) AS products_cost,
             lag(coalesce(s.month_gross, 0)) OVER (ORDER BY m.month) AS previous_gross
      FROM generate_series(${previousDecember}::date, ${`${year}-12-01`}::date, interval '1 month') AS m (month)
      LEFT JOIN sales s ON s.no_month = 0 AND s.month = m.month
    )
    SELECT * FROM (
    SELECT 'total' AS kind, NULL AS key, units, gross, fees, products, products_cost, NULL::numeric AS previous_gross,
           NULL::float8 AS share
      FROM sales WHERE no_make = 1 AND no_month = 1
    UNION ALL
    SELECT 'manufacturer', manufacturer, units, gross, fees, products, products_cost, NULL,
           units::float8 / nullif(sum(units) OVER (), 0)
      FROM sales WHERE no_make = 0 AND units > 0
    UNION ALL
    SELECT 'month', to_char(month, 'YYYY-MM'), units, gross, fees, products, products_cost, previous_gross, NULL
      FROM monthly WHERE month >= ${from}::date AND (month <= ${lastListed}::date OR units > 0)
    ) figures
    ORDER BY kind, CASE WHEN kind = 'manufacturer' THEN gross END DESC, key
  `.execute(db);
  return rows;
}

/** Years with deals, newest first, found by hopping down the date index one year at a time. */
async function yearsWithDeals(db: Db, actor: Actor): Promise<number[]> {
  const owner = sql`AND ${visibleTo(actor, 'user_id')}`;
  const { rows } = await sql<{ year: number }>`
    WITH RECURSIVE years AS (
      (SELECT date FROM deals WHERE true ${owner} ORDER BY date DESC LIMIT 1)
      UNION ALL
      SELECT (SELECT date FROM deals WHERE date < date_trunc('year', years.date)::date ${owner} ORDER BY date DESC LIMIT 1)
      FROM years WHERE years.date IS NOT NULL
    )
    SELECT extract(year FROM date)::int AS year FROM years WHERE date IS NOT NULL
  `.execute(db);
  return rows.map((r) => r.year);
}

/** The year's deals (by default this year), as of `today` (by default today in the company's time zone). */
export async function dealAnalytics(db: Db, actor: Actor, year: number | undefined, day?: string): Promise<DealAnalytics> {
  const today = day ?? (await businessClock(db)).today;
  const currentYear = Number(today.slice(0, 4));
  const selected = year ?? currentYear;
  const [rows, years] = await Promise.all([salesOfYear(db, actor, selected, today), yearsWithDeals(db, actor)]);

  const total = rows.find((r) => r.kind === 'total');
  const byManufacturer: ManufacturerSales[] = rows
    .filter((r) => r.kind === 'manufacturer')
    .map((r) => ({
      manufacturer: r.key!,
      ...figures(r),
      average_fee_cents: r.units > 0 ? Math.round(r.fees / r.units) : 0,
      share: r.share ?? 0,
    }));
  const monthly: MonthSales[] = rows
    .filter((r) => r.kind === 'month')
    .map((r) => ({ month: r.key!, ...figures(r), change: changeBetween(r.gross, r.previous_gross ?? 0) }));

  return {
    year: selected,
    years: [...new Set([...years, selected, currentYear])].sort((a, b) => b - a),
    has_deals: years.length > 0,
    totals: figures(total ?? noSales),
    by_manufacturer: byManufacturer,
    monthly,
  };
}

export type AgentSales = SalesFigures & { user_id: string; name: string };

/** Completed sales of the year per agent, biggest first; an agent gets only their own line. */
export async function salesByAgent(db: Db, actor: Actor, year: number): Promise<AgentSales[]> {
  const { rows } = await sql<Sums & { user_id: string; name: string }>`
    SELECT s.user_id, u.name, sum(s.units) AS units, sum(s.gross_cents) AS gross, sum(s.fees_cents) AS fees,
           sum(s.products_cents) AS products, sum(s.products_cost_cents) AS products_cost
    FROM deal_sales_monthly s JOIN users u ON u.id = s.user_id
    WHERE s.month >= ${`${year}-01-01`}::date AND s.month < ${`${year + 1}-01-01`}::date AND ${visibleTo(actor, 's.user_id')}
    GROUP BY s.user_id, u.name
    HAVING sum(s.units) > 0
    ORDER BY gross DESC, u.name
  `.execute(db);
  return rows.map((r) => ({ user_id: r.user_id, name: r.name, ...figures(r) }));
}
