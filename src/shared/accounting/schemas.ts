import { z } from 'zod';
import { recordId } from '../common/fields.js';
import { dealAnalyticsQuerySchema } from '../analytics/deal-analytics.js';
import { pageQuerySchema } from '../http/paging.js';
import { commissionRate } from '../settings/schemas.js';

/** PUT /api/accounting/rates/:userId — the agent's commission rate in percent, 0 to 100 with two decimals. */
export const commissionRateInputSchema = z.object({ rate: commissionRate });
export type CommissionRateInput = z.infer<typeof commissionRateInputSchema>;

/** `:userId` in a path; a malformed one answers 404, as a missing user does. */
export const commissionRateParams = z.object({ userId: recordId });

/** GET /api/accounting/deals: completed deals, newest first, a page at a time. */
export const commissionDealQuerySchema = pageQuerySchema;
export type CommissionDealQuery = z.infer<typeof commissionDealQuerySchema>;

/** GET /api/accounting/report and /api/accounting/export.csv: one year (`?year=`, as Deal Analytics), else this one. */
export const commissionReportQuerySchema = dealAnalyticsQuerySchema;
export type CommissionReportQuery = z.infer<typeof commissionReportQuerySchema>;

/** The header of the commission report's CSV, as the specification lists its columns. */
export const commissionCsvHeader = [
  'Deal ID',
  'Date',
  'Manufacturer',
  'Model',
  'Customer',
  'Sale Price',
  'Broker Fee',
  'Commission Rate',
  'Commission Amount',
] as const;

/** A rate as screens show it: '2.5%', '3.75%'. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${Number(rate.toFixed(2))}%`);
