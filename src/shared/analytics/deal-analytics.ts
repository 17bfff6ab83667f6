import { z } from 'zod';
import { optionalParam } from '../http/paging.js';

/**
 * The F&I products sold on completed deals (from their worksheets): what the customers pay for them, what they cost
 * the store, and the difference, the back-end gross.
 */
export type ProductFigures = { products_cents: number; products_cost_cents: number; back_end_gross_cents: number };

export const productFigures = (sold: number, cost: number): ProductFigures => ({
  products_cents: sold,
  products_cost_cents: cost,
  back_end_gross_cents: sold - cost,
});

/** Sales figures of one group of completed deals. */
export type SalesFigures = {
  units: number;
  gross_cents: number;
  fees_cents: number;
  average_deal_cents: number;
} & ProductFigures;

export type ManufacturerSales = SalesFigures & {
  manufacturer: string;
  average_fee_cents: number;
  /** Unit share of the year's total, 0..1. */
  share: number;
};

export type MonthSales = SalesFigures & {
  /** 'YYYY-MM'. */
  month: string;
  /** Gross sales against the month before, as a fraction (0.125 = +12.5 %); null when the month before sold nothing. */
  change: number | null;
};

/** GET /api/analytics/deals?year= */
export type DealAnalytics = {
  year: number;
  /** Years that have deals, newest first (always including the year shown). */
  years: number[];
  /** Whether the actor has any deal at all, in any year and status. */
  has_deals: boolean;
  totals: SalesFigures;
  by_manufacturer: ManufacturerSales[];
  monthly: MonthSales[];
};

export const dealAnalyticsTabs = ['manufacturer', 'monthly', 'deals'] as const;
export type DealAnalyticsTab = (typeof dealAnalyticsTabs)[number];

export const dealAnalyticsQuerySchema = z.object({
  year: optionalParam(z.coerce.number().int().min(1900).max(9999)),
});

export const dealExportQuerySchema = dealAnalyticsQuerySchema.extend({
  tab: z.enum(dealAnalyticsTabs).default('manufacturer'),
});

/** Growth as the badge shows it: '+12.5%', '-3.0%'. */
export function formatChange(change: number | null): string | null {
  if (change === null || !Number.isFinite(change)) return null;
  const percent = change * 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/** (current − previous) / previous, or null when there is nothing to compare with. */
export function changeBetween(current: number, previous: number): number | null {
  return previous > 0 ? (current - previous) / previous : null;
}
