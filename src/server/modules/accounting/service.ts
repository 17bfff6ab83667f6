import { sql, type Kysely, type NotNull } from 'kysely';
import type { CommissionDealQuery, CommissionReportQuery } from '../../../shared/accounting/schemas.js';
import type {
  AgentCommission,
  CommissionAgents,
  CommissionDeal,
  CommissionReport,
  CommissionSummary,
} from '../../../shared/accounting/types.js';
import type { CommissionBasis } from '../../../shared/settings/schemas.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import { requireRole, visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { pageByDate, yearBounds } from '../deals/index.js';
import { completedSalesByAgent } from '../deals/index.js';
import { businessClock } from '../../platform/time.js';

type Db = Kysely<DB>;

/**
 * Commissions are figures of completed deals. Each completed deal carries its rate, basis and amount, frozen by the
 * database when it completed (migration 012); this module only reads them, and keeps the agents' rates.
 */
const completedDeals = (db: Db, actor: Actor) =>
  db.selectFrom('deals').where('deals.status', '=', 'completed').where(visibleTo(actor, 'deals.user_id'));

/** Commission Management is for admins only (`mayManageCommissions`, which the Accounting page reads too). */
const assertMayManage = (actor: Actor) => requireRole(actor, 'admin');

/** The default rate and basis a completion uses now: the settings' CRM section as the database trigger reads it. */
async function commissionDefaults(db: Db): Promise<{ rate: number; basis: CommissionBasis }> {
  const { rows } = await sql<{ rate: number; basis: CommissionBasis }>`SELECT rate, basis FROM commission_defaults()`.execute(db);
  return rows[0]!;
}

/**
 * The summary cards: Completed Deals and Total Sales are the agents' figures of the Agents page and Commission
 * Management added up (all time); the commission and the mean rate are the deals' own frozen figures, and the F&I
 * products and their back-end gross the deals' own, as the desk last saved them.
 */
export async function commissionSummary(db: Db, actor: Actor): Promise<CommissionSummary> {
  const [sales, paid] = await Promise.all([
    completedSalesByAgent(db, null, actor),
    completedDeals(db, actor)
      .select([
        sql<number>`coalesce(sum(deals.commission_cents), 0)`.as('total_commission_cents'),
        sql<number | null>`round(avg(deals.commission_rate), 2)`.as('average_rate'),
        sql<number>`coalesce(sum(deals.products_cents), 0)`.as('products_cents'),
        sql<number>`coalesce(sum(deals.products_cents - deals.products_cost_cents), 0)`.as('back_end_gross_cents'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total_commission_cents: paid.total_commission_cents,
    total_sales_cents: sales.reduce((sum, row) => sum + row.gross_cents, 0),
    completed_deals: sales.reduce((sum, row) => sum + row.units, 0),
    average_rate: paid.average_rate,
    products_cents: paid.products_cents,
    back_end_gross_cents: paid.back_end_gross_cents,
  };
}

type AgentRate = Omit<AgentCommission, 'total_deals' | 'total_sales_cents'>;

/**
 * Every agent with their rate and all-time figures: users with the agent role, and anyone else who owns a deal (an
 * editor or admin selling too). `only` narrows it to one user.
 */
async function agentCommissions(db: Db, only?: string): Promise<AgentCommission[]> {
  const [{ rows }, sales] = await Promise.all([
    sql<AgentRate>`
      SELECT u.id AS user_id, u.email AS agent_email, u.name AS agent_name, u.role,
             coalesce(r.rate, d.rate) AS commission_rate, r.rate IS NOT NULL AS own_rate,
             coalesce(t.commission, 0) AS total_commission_cents
      FROM users u
      CROSS JOIN commission_defaults() d
      LEFT JOIN commission_rates r ON r.user_id = u.id
      LEFT JOIN LATERAL (
        SELECT sum(x.commission_cents) AS commission FROM deals x WHERE x.user_id = u.id AND x.status = 'completed'
      ) t ON true
      WHERE (u.role = 'agent' OR EXISTS (SELECT 1 FROM deals o WHERE o.user_id = u.id))
        AND (${only ?? null}::uuid IS NULL OR u.id = ${only ?? null}::uuid)
      ORDER BY u.name, u.id`.execute(db),
    completedSalesByAgent(db, null),
  ]);
  const salesOf = new Map(sales.map((row) => [row.user_id, row]));
  return rows.map((row) => ({
    ...row,
    total_deals: salesOf.get(row.user_id)?.units ?? 0,
    total_sales_cents: salesOf.get(row.user_id)?.gross_cents ?? 0,
  }));
}

/** Commission Management: admins only. */
export async function listAgentCommissions(db: Db, actor: Actor): Promise<CommissionAgents> {
  assertMayManage(actor);
  const [defaults, agents] = await Promise.all([commissionDefaults(db), agentCommissions(db)]);
  return { default_rate: defaults.rate, basis: defaults.basis, agents };
}

/**
 * Sets a user's own commission rate (admins only), audited with the rate it replaces. Deals that are already
 * completed keep the rate they were frozen at; the agent's next completion uses this one.
 */
export async function setCommissionRate(db: Db, actor: Actor, userId: string, rate: number): Promise<AgentCommission> {
  assertMayManage(actor);
  return db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select(['id', 'name']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) throw notFound('User');
    const own = await tx.selectFrom('commission_rates').select('rate').where('user_id', '=', userId).executeTakeFirst();
    const before = own?.rate ?? (await commissionDefaults(tx)).rate;
    if (own?.rate !== rate) {
      await tx
        .insertInto('commission_rates')
        .values({ user_id: userId, rate, updated_by: actor.userId })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ rate, updated_by: actor.userId, updated_at: sql`now()` }))
        .execute();
      await recordAudit(tx, actor, {
        entityType: 'commission_rate',
        entityId: userId,
        action: 'updated',
        changes: { agent: user.name, rate: { from: before, to: rate }, was_default: own === undefined },
      });
    }
    const [row] = await agentCommissions(tx, userId);
    return row!;
  });
}

/** Deal Commission: the actor's completed deals with their commission, newest first, by keyset on (date, id). */
export async function listCommissionDeals(db: Db, actor: Actor, query: CommissionDealQuery): Promise<Page<CommissionDeal>> {
  const q = completedDeals(db, actor)
    .select([
      'deals.id',
      'deals.date',
      'deals.manufacturer',
      'deals.model',
      'deals.customer_name',
      'deals.contract_price_cents',
      'deals.broker_fee_cents',
      'deals.products_cents',
      'deals.products_cost_cents',
      'deals.user_id',
      'deals.agent_name',
      'deals.commission_rate',
      'deals.commission_basis',
      'deals.commission_cents',
    ])
    // A completed deal always has its commission (the table's deals_commission_when_completed check).
    .$narrowType<{ commission_rate: NotNull; commission_basis: NotNull; commission_cents: NotNull }>();
  return pageByDate(q, query);
}

/** The report's year: the one asked for, else this year in the company's time zone. */
export const yearOf = async (db: Db, query: CommissionReportQuery) => query.year ?? (await businessClock(db)).year;

/** Reports: the year's completed deals per agent and month, with the years that have any. */
export async function commissionReport(db: Db, actor: Actor, query: CommissionReportQuery): Promise<CommissionReport> {
  const clock = await businessClock(db);
  const year = query.year ?? clock.year;
  const { from, to } = yearBounds(year);
  const [rows, years] = await Promise.all([
    completedDeals(db, actor)
      .innerJoin('users', 'users.id', 'deals.user_id')
      .where('deals.date', '>=', from)
      .where('deals.date', '<', to)
      .select([
        sql<string>`to_char(deals.date, 'YYYY-MM')`.as('month'),
        'deals.user_id',
        'users.name as agent_name',
        sql<number>`count(*)`.as('deals'),
        sql<number>`sum(deals.contract_price_cents)`.as('sales_cents'),
        sql<number>`sum(deals.broker_fee_cents)`.as('broker_fees_cents'),
        sql<number>`sum(deals.commission_cents)`.as('commission_cents'),
        sql<number>`sum(deals.products_cents)`.as('products_cents'),
        sql<number>`sum(deals.products_cents - deals.products_cost_cents)`.as('back_end_gross_cents'),
      ])
      .groupBy([sql`to_char(deals.date, 'YYYY-MM')`, 'deals.user_id', 'users.name'])
      .orderBy('month')
      .orderBy('users.name')
      .orderBy('deals.user_id')
      .execute(),
    completedDeals(db, actor)
      .select(sql<number>`extract(year FROM deals.date)::int`.as('year'))
      .distinct()
      .execute(),
  ]);
  const known = new Set([year, clock.year, ...years.map((y) => y.year)]);
  return { year, years: [...known].sort((a, b) => b - a), rows };
}
