import type { VehicleStatus } from './options.js';
import type { VehicleStatusRule } from './status-rule.js';

/** A vehicle as the API returns it: the database's column names, money in cents, moments as ISO strings. */
export type Vehicle = {
  id: string;
  user_id: string;
  make: string;
  model: string;
  year: number;
  vin: string | null;
  color: string | null;
  mileage: number;
  price_cents: number;
  status: VehicleStatus;
  location: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  features: string[];
  notes: string | null;
  created_at: string;
  updated_at: string;
};

/** GET /api/vehicles/:id: the vehicle, and what its deals allow its status to be. */
export type VehicleDetail = Vehicle & { status_rule: VehicleStatusRule };

export type VehicleSummary = {
  total: number;
  available: number;
  pending: number;
  sold: number;
  reserved: number;
  total_value_cents: number;
};

/** One row of the deal form's vehicle picker. */
export type VehicleOption = Pick<Vehicle, 'id' | 'make' | 'model' | 'year' | 'vin' | 'price_cents' | 'status'>;

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
