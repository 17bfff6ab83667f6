import { z } from 'zod';
import { commissionBases } from '../settings/schemas.js';
import { pageSchema } from '../http/paging.js';
import { roles } from '../users/roles.js';

/**
 * Commissions are paid on completed deals only. A deal's rate and basis are frozen when it completes; the amount is
 * round-half-away-from-zero of basis_cents × rate / 100, in cents (src/server/db/migrations/012_commissions.sql).
 */

/** Summary cards of the actor's completed deals (their own for an agent, everyone's for admins and editors). */
export const commissionSummarySchema = z.object({
  total_commission_cents: z.number(),
  total_sales_cents: z.number(),
  completed_deals: z.number(),
  /** The mean of the deals' frozen rates, in percent to two decimals; null without completed deals. */
  average_rate: z.number().nullable(),
  /** The F&I products sold on the completed deals (from their worksheets) and what they earned: price less cost. */
  products_cents: z.number(),
  back_end_gross_cents: z.number(),
});
export type CommissionSummary = z.infer<typeof commissionSummarySchema>;

/** One row of Commission Management (the specification's "agent commission"). */
export const agentCommissionSchema = z.object({
  user_id: z.string(),
  agent_email: z.string(),
  agent_name: z.string(),
  role: z.enum(roles),
  /** The rate the agent's next completed deal is paid at: their own, else the default. */
  commission_rate: z.number(),
  /** False while the agent has no rate of their own and is paid the default. */
  own_rate: z.boolean(),
  total_deals: z.number(),
  total_sales_cents: z.number(),
  total_commission_cents: z.number(),
});
export type AgentCommission = z.infer<typeof agentCommissionSchema>;

/** GET /api/accounting/agents: every agent, with the default rate and basis new completions use. */
export const commissionAgentsSchema = z.object({
  default_rate: z.number(),
  basis: z.enum(commissionBases),
  agents: z.array(agentCommissionSchema),
});
export type CommissionAgents = z.infer<typeof commissionAgentsSchema>;

/** One completed deal with its commission (the specification's "commission deal"). */
export const commissionDealSchema = z.object({
  id: z.string(),
  date: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  customer_name: z.string(),
  /** The sale price: the deal's contract price. */
  contract_price_cents: z.number(),
  broker_fee_cents: z.number(),
  /** The F&I products sold on the deal and what they cost the store. */
  products_cents: z.number(),
  products_cost_cents: z.number(),
  user_id: z.string(),
  agent_name: z.string(),
  commission_rate: z.number(),
  commission_basis: z.enum(commissionBases),
  commission_cents: z.number(),
});
export type CommissionDeal = z.infer<typeof commissionDealSchema>;
export const commissionDealPageSchema = pageSchema(commissionDealSchema);

/** One agent's completed deals of one month. */
export const commissionMonthSchema = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  user_id: z.string(),
  agent_name: z.string(),
  deals: z.number(),
  sales_cents: z.number(),
  broker_fees_cents: z.number(),
  commission_cents: z.number(),
  products_cents: z.number(),
  back_end_gross_cents: z.number(),
});
export type CommissionMonth = z.infer<typeof commissionMonthSchema>;

/** GET /api/accounting/report?year=: the year's commission per agent and month, months in order. */
export const commissionReportSchema = z.object({
  year: z.number(),
  /** Years with completed deals, newest first (always including the year shown). */
  years: z.array(z.number()),
  rows: z.array(commissionMonthSchema),
});
export type CommissionReport = z.infer<typeof commissionReportSchema>;
