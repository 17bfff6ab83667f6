import type { CustomerStatus, LeadSource } from './options.js';

/** A customer as the API sends it: the table's own column names, money in cents, moments as ISO text. */
export type Customer = {
  id: string;
  user_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  location: string | null;
  status: CustomerStatus;
  preferred_cars: string[];
  referred_by_customer_id: string | null;
  referred_by_name: string | null;
  birthday: string | null;
  notes: string | null;
  lead_source: LeadSource | null;
  budget_cents: number | null;
  created_at: string;
  updated_at: string;
};

export type CustomerDetail = Customer & {
  owner_name: string;
  /** The referring customer's name, when the viewer may see that customer. */
  referred_by_customer_name: string | null;
};

export type CustomerSummary = { total: number; active: number; prospects: number; inactive: number };

/** One entry of the referral picker. */
export type CustomerOption = { id: string; name: string; email: string | null; phone: string | null };

export type DuplicateMatch = { id: string; name: string; matched: 'email' | 'phone' };

export type TimelineEntry = {
  id: string;
  action: 'created' | 'updated' | 'document_added' | 'document_removed' | (string & {});
  changes: Record<string, unknown>;
  created_at: string;
  actor_name: string;
  impersonator_name: string | null;
};
