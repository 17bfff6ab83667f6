import type { DealStatus } from '../deals/options.js';

/** A figure of this month beside the same figure of last month. */
export type MonthOverMonth = { current: number; previous: number };

/** GET /api/dashboard */
export type Dashboard = {
  month: string;
  stats: {
    broker_fees_cents: MonthOverMonth;
    deals_closed: MonthOverMonth;
    active_customers: MonthOverMonth;
    inventory_value_cents: MonthOverMonth;
  };
  recent_deals: {
    id: string;
    date: string;
    customer_name: string;
    manufacturer: string;
    model: string;
    year: number;
    agent_name: string;
    contract_price_cents: number;
    status: DealStatus;
  }[];
  top_agents: { user_id: string; name: string; rank: number; deals: number; revenue_cents: number }[];
  /** Agents in the ranking, so an agent's own standing reads 'n of N'. */
  ranked_agents: number;
  recent_leads: {
    id: string;
    name: string;
    phone: string | null;
    email: string | null;
    source: string | null;
    referred_by: string | null;
    interest: string[];
    budget_cents: number | null;
    agent_name: string;
    status: LeadStatus;
  }[];
};

/** A prospect is 'new' until a deal (not cancelled) is recorded for them; then 'qualified'. */
export type LeadStatus = 'new' | 'qualified';
