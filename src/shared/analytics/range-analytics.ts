import { z } from 'zod';
// Its checks speak plain words even when this module is the first of src/shared a screen loads.
import '../common/plain-errors.js';
import type { ProductFigures } from './deal-analytics.js';

export const analyticsRanges = ['30d', '90d', '12m', 'ytd'] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

export const analyticsRangeLabels: Record<AnalyticsRange, string> = {
  '30d': 'Last 30 Days',
  '90d': 'Last 90 Days',
  '12m': 'Last 12 Months',
  ytd: 'Year to Date',
};

/** What Agent Performance counts: completed deals dated in the range, by sales. */
export const agentPerformanceOf = (period: string) => `Completed deals dated ${period}, by sales`;

export const FUNNEL_DESCRIPTION =
  'Customers first recorded in the range at each pipeline stage or beyond; a completed sale moves its customer to the last. Select a figure to see its customers.';

/** What the Conversion Rate card counts: the funnel's last figure over its first. */
export const conversionRateHint = (lastStage: string) => `New customers of the range who reached ${lastStage}`;

export const rangeAnalyticsQuerySchema = z.object({ range: z.enum(analyticsRanges).default('30d') });

/** The first and last day of a range ending today, both inclusive, and the equal span before it. */
export function rangeBounds(range: AnalyticsRange, today: string) {
  const end = new Date(`${today}T00:00:00Z`);
  const start = new Date(end);
  if (range === '30d') start.setUTCDate(start.getUTCDate() - 29);
  else if (range === '90d') start.setUTCDate(start.getUTCDate() - 89);
  else if (range === '12m') start.setUTCFullYear(start.getUTCFullYear() - 1, start.getUTCMonth(), start.getUTCDate() + 1);
  else start.setUTCMonth(0, 1);
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000) + 1;
  const previousEnd = new Date(start);
  previousEnd.setUTCDate(previousEnd.getUTCDate() - 1);
  const previousStart = new Date(previousEnd);
  previousStart.setUTCDate(previousStart.getUTCDate() - (days - 1));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(start), to: today, previousFrom: iso(previousStart), previousTo: iso(previousEnd) };
}

/**
 * A figure of the funnel: one of Settings → CRM's pipeline stages, the customers first recorded in the range who are at
 * it or beyond, and the Customers list's query that lists exactly them.
 */
export type FunnelStage = { stage: string; count: number; query: string };

/**
 * Appointments of one agent or lead source whose day is in the range: those booked (not called off), and how the ones
 * that happened went; the show rate is those who came (showed or bought) over those who came or did not (no-show),
 * null before any.
 */
export type ShowRate = {
  name: string;
  booked: number;
  showed: number;
  no_show: number;
  sold: number;
  rate: number | null;
};

export const SHOW_RATE_DESCRIPTION =
  'Appointments of the range: booked, and those who came (showed or bought) over those held or missed (cancelled ones left out)';

/** GET /api/analytics?range= */
export type RangeAnalytics = {
  range: AnalyticsRange;
  from: string;
  to: string;
  cards: {
    revenue_cents: { current: number; previous: number };
    cars_sold: { current: number; previous: number };
    /** The F&I products sold on the range's completed deals, their cost and the back-end gross. */
    products: ProductFigures;
    new_customers: { current: number; previous: number };
    /**
     * Customers first recorded in the range who reached the pipeline's last stage (where a completed sale moves them),
     * 0..1: the funnel's last figure over its first; null with no new customers.
     */
    conversion_rate: { current: number | null; previous: number | null };
  };
  top_manufacturers: { manufacturer: string; units: number; gross_cents: number }[];
  top_models: { manufacturer: string; model: string; units: number; gross_cents: number }[];
  agent_performance: { user_id: string; name: string; deals: number; gross_cents: number; fees_cents: number }[];
  funnel: FunnelStage[];
  trends: { month: string; revenue_cents: number; units: number; new_customers: number }[];
  show_rate: { by_agent: ShowRate[]; by_source: ShowRate[] };
};
