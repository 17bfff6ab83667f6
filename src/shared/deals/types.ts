import { z } from 'zod';
import { dealBuyersGuideSchema } from '../vehicles/buyers-guide.js';
import { pageSchema } from '../http/paging.js';
import { commissionBases } from '../settings/schemas.js';
import { dealClassifications, dealStatuses } from './options.js';

/** A deal as the API returns it: the table's columns, money in cents, `date` as 'YYYY-MM-DD'. */
export const dealSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  customer_id: z.string().nullable(),
  vehicle_id: z.string().nullable(),
  date: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  year: z.number(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  customer_email: z.string().nullable(),
  agent_name: z.string(),
  contract_price_cents: z.number(),
  monthly_payment_cents: z.number().nullable(),
  broker_fee_cents: z.number(),
  /** The F&I products on the deal's worksheet: what they sell for and what they cost the store (0 until desked). */
  products_cents: z.number(),
  products_cost_cents: z.number(),
  status: z.enum(dealStatuses),
  deal_classification: z.enum(dealClassifications),
  notes: z.string().nullable(),
  /** Set while the deal is completed, frozen when it completed (see shared/accounting): percent, basis, amount. */
  commission_rate: z.number().nullable(),
  commission_basis: z.enum(commissionBases).nullable(),
  commission_cents: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;
export const dealPageSchema = pageSchema(dealSchema);

const linkedCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
});
export type LinkedCustomer = z.infer<typeof linkedCustomerSchema>;
const linkedVehicleSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  vin: z.string().nullable(),
  price_cents: z.number(),
  status: z.string(),
});
export type LinkedVehicle = z.infer<typeof linkedVehicleSchema>;

/** GET /api/deals/:id: the deal with the records it links to. */
export const dealDetailSchema = dealSchema.extend({
  customer: linkedCustomerSchema.nullable(),
  vehicle: linkedVehicleSchema.nullable(),
  /** True once the deal has a saved worksheet: its contract price and monthly payment are then read from it. */
  desked: z.boolean(),
  /** The Buyers Guide its used vehicle carried when the sale completed, kept as part of the contract; null otherwise. */
  buyers_guide: dealBuyersGuideSchema.nullable(),
});
export type DealDetail = z.infer<typeof dealDetailSchema>;

export type DealAgent = { id: string; name: string; email: string; role: string };

export type DealTimelineEntry = {
  id: string;
  entity_type: string;
  action: string;
  changes: Record<string, unknown>;
  actor_name: string | null;
  impersonator_name: string | null;
  created_at: string;
};
