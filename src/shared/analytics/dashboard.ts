import type { CustomerSource } from '../customers/source.js';
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
    /** The lead source a lead brought them from (and how), or the source a person picked. */
    source: CustomerSource | null;
    referred_by: string | null;
    interest: string[];
    budget_cents: number | null;
    agent_name: string;
    status: LeadStatus;
  }[];
  /** The last `days` days' leads: how fast they were first answered, per source and per agent. */
  speed_to_lead: { days: number; by_source: SpeedToLead[]; by_agent: SpeedToLead[] };
};

/** Leads of one source or agent, how many were answered, and the median and 90th-percentile time to the first answer. */
export type SpeedToLead = {
  name: string;
  leads: number;
  answered: number;
  p50_seconds: number | null;
  p90_seconds: number | null;
};

/** A prospect is 'new' until a person answers them, 'contacted' then, and 'qualified' once a deal is recorded for them. */
export type LeadStatus = 'new' | 'contacted' | 'qualified';
