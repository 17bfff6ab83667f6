import { toDollars } from '../money.js';
import type { CustomerFormValues } from './schemas.js';
import type { CustomerDetail } from './types.js';

/** The New Customer / Edit form filled from a saved customer; blanks for nulls, the budget in dollars. */
export function customerToForm(c: CustomerDetail): CustomerFormValues {
  return {
    name: c.name,
    status: c.status,
    email: c.email ?? '',
    phone: c.phone ?? '',
    location: c.location ?? '',
    preferred_cars: c.preferred_cars,
    referral_type: c.referred_by_customer_id ? 'existing' : c.referred_by_name ? 'new' : 'none',
    referred_by_customer_id: c.referred_by_customer_id,
    referred_by_name: c.referred_by_name ?? '',
    birthday: c.birthday ?? '',
    notes: c.notes ?? '',
    lead_source: c.lead_source ?? '',
    budget: c.budget_cents === null ? '' : String(toDollars(c.budget_cents)),
  };
}
