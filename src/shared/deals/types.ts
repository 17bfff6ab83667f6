import type { DealClassification, DealStatus } from './options.js';

/** A deal as the API returns it: the table's columns, money in cents, `date` as 'YYYY-MM-DD'. */
export type Deal = {
  id: string;
  user_id: string;
  customer_id: string | null;
  vehicle_id: string | null;
  date: string;
  manufacturer: string;
  model: string;
  year: number;
  customer_name: string;
  customer_phone: string | null;
  customer_email: string | null;
  agent_name: string;
  contract_price_cents: number;
  monthly_payment_cents: number | null;
  broker_fee_cents: number;
  status: DealStatus;
  deal_classification: DealClassification;
  notes: string | null;
  created_at: string;
  updated_at: string;
};

export type LinkedCustomer = { id: string; name: string; email: string | null; phone: string | null; status: string };
export type LinkedVehicle = {
  id: string;
  make: string;
  model: string;
  year: number;
  vin: string | null;
  price_cents: number;
  status: string;
};

/** GET /api/deals/:id: the deal with the records it links to. */
export type DealDetail = Deal & { customer: LinkedCustomer | null; vehicle: LinkedVehicle | null };

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
