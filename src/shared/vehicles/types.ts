import { z } from 'zod';
import { pageSchema } from '../http/paging.js';
import { vehicleConditions, vehicleStatuses, type VehicleStatus } from './options.js';

/** A vehicle as the API returns it: the database's column names, money in cents, moments as ISO strings. */
export const vehicleSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  vin: z.string().nullable(),
  color: z.string().nullable(),
  mileage: z.number(),
  price_cents: z.number(),
  status: z.enum(vehicleStatuses),
  condition: z.enum(vehicleConditions),
  listed: z.boolean(),
  /** The random part of the vehicle's public page's address (`shared/listings`), never derived from its id. */
  public_key: z.string(),
  location: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  features: z.array(z.string()),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
/**
 * A row of the inventory list: the vehicle, its cover photo's thumbnail when it has photos, and whether it is a used
 * vehicle offered for sale without a completed Buyers Guide.
 */
export const vehicleListItemSchema = vehicleSchema.extend({ cover_url: z.string().nullable(), needs_buyers_guide: z.boolean() });
export type VehicleListItem = z.infer<typeof vehicleListItemSchema>;
export const vehiclePageSchema = pageSchema(vehicleListItemSchema);

/**
 * GET /api/vehicles/:id: the vehicle, what its deals allow its status to be, and whether it is a used vehicle offered
 * for sale without a completed Buyers Guide (then neither its public page nor the feeds show it).
 */
export const vehicleDetailSchema = vehicleSchema.extend({
  /** The agent whose vehicle it is: shown where the whole dealership sees every vehicle. */
  owner_name: z.string(),
  status_rule: z.object({ allowed: z.array(z.enum(vehicleStatuses)), reason: z.string() }).nullable(),
  needs_buyers_guide: z.boolean(),
});
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;

const statusCounts = Object.fromEntries(vehicleStatuses.map((status) => [status, z.number()])) as Record<
  VehicleStatus,
  z.ZodNumber
>;

/** GET /api/vehicles/summary: the vehicles of the filter, how many of each status (they add up to the total), their value. */
export const vehicleSummarySchema = z.object({ total: z.number(), ...statusCounts, total_value_cents: z.number() });
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;

/** One row of the deal form's vehicle picker. */
export type VehicleOption = Pick<Vehicle, 'id' | 'make' | 'model' | 'year' | 'vin' | 'price_cents' | 'status'>;

/** A vehicle as people name it: '2022 Toyota Camry'. */
export const vehicleName = (v: { year: number; make: string; model: string }) => `${v.year} ${v.make} ${v.model}`;

export type VinDuplicate = { duplicate: Pick<Vehicle, 'id' | 'make' | 'model' | 'year'> | null };

/** One audit entry of a vehicle, newest first. */
export type VehicleTimelineEntry = {
  id: string;
  action: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  created_at: string;
  actor_name: string;
  impersonator_name: string | null;
};

/** GET /api/vehicles/makes: the makes of the inventory the user sees. */
export const vehicleMakesSchema = z.object({ items: z.array(z.string()) });
export type VehicleMakes = z.infer<typeof vehicleMakesSchema>;
