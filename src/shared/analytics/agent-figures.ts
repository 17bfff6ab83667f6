/**
 * What each per-agent figure counts and over which period. A label names one figure on every screen that shows it
 * (the Agents page, Accounting, the dashboard, Analytics), and the period is said beside it, never left to guess.
 */
export const agentFigures = {
  /** Every deal the agent owns, whatever its status. */
  deals: { label: 'Deals', period: 'Any status, all time' },
  /** Completed deals' contract prices. */
  totalSales: { label: 'Total Sales', period: 'Completed, all time' },
  /** How many deals the agent completed. */
  completedDeals: { label: 'Completed Deals', period: 'All time' },
  /** The commissions frozen on the agent's completed deals. */
  totalCommission: { label: 'Total Commission', period: 'Completed, all time' },
} as const;

/** 'n completed', under an agent's name in the dashboard's Top Agents (whose description names the deals). */
export const completedDealsCount = (n: number) => `${n} completed`;

/** Whose completed deals Accounting's summary adds up, and over which period. */
export const completedDealsOf = (seesAll: boolean) =>
  seesAll ? 'Completed deals of every agent, all time' : 'Your completed deals, all time';

/** What the dashboard's Top Agents ranks, and over which period. */
export const topAgentsPeriod = (year: number) => `Completed deals and their sales, this year (${year})`;

/** An agent's own place in that ranking. */
export const ownStandingOf = (ranked: number, year: number) =>
  `Your completed deals and sales this year (${year}), among ${ranked} agents`;
