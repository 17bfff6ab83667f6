// Who a lead is (a customer already, matched on e-mail or phone, or a new one), and whom a new person's lead goes to.
import { sql, type Transaction } from 'kysely';
import { customerInputSchema, type CustomerInput } from '../../../shared/customers/schemas.js';
import type { LeadSource as CustomerLeadSource } from '../../../shared/customers/options.js';
import { vehicleLabel, type ParsedLead } from '../../../shared/leads/types.js';
import type { DB } from '../../db/schema.js';
import { emailKey, phoneKeys } from '../customers/index.js';
import { getSetting } from '../../platform/settings.js';
import { normalizeVin } from '../../../shared/vehicles/vin.js';

type Tx = Transaction<DB>;

/** A lead's e-mail and phone as customers are matched on: lower-case e-mail; the phone in E.164 and as stored digits. */
export function contactOf(lead: ParsedLead) {
  return {
    email: emailKey(lead.customer.email),
    phone: lead.customer.phones.map((p) => phoneKeys(p.number)).find(Boolean) ?? null,
  };
}

/** The earliest customer with this e-mail or phone, with their agent (and whether that agent is still active). */
export async function knownCustomer(tx: Tx, contact: ReturnType<typeof contactOf>) {
  if (!contact.email && !contact.phone) return null;
  return tx
    .selectFrom('customers')
    .innerJoin('users', 'users.id', 'customers.user_id')
    .select([
      'customers.id',
      'customers.name',
      'customers.user_id',
      'users.name as owner_name',
      sql<boolean>`users.banned IS NOT TRUE`.as('owner_active'),
    ])
    .where((eb) =>
      eb.or([
        ...(contact.email ? [eb(eb.fn('lower', ['customers.email']), '=', contact.email)] : []),
        ...(contact.phone ? [eb(sql`regexp_replace(customers.phone, '\\D', '', 'g')`, 'in', contact.phone.digits)] : []),
      ]),
    )
    .orderBy('customers.created_at')
    .orderBy('customers.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The active owner of the stocked vehicle a lead is about (the vehicle of the page it came from, else the newest
 * unsold one with the lead's VIN), while each agent sees only their own vehicles (Settings → Team); null while the
 * dealership shares its inventory, or when no such vehicle or owner is found.
 */
export async function vehicleOwner(
  tx: Tx,
  vehicleId: string | null,
  vin: string | null,
): Promise<{ id: string; name: string; reason: string } | null> {
  const normalized = vin ? normalizeVin(vin) : '';
  if (!vehicleId && !normalized) return null;
  if ((await getSetting(tx, 'team')).inventory === 'dealership') return null;
  const owner = await tx
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.user_id')
    .select(['users.id', 'users.name', 'vehicles.year', 'vehicles.make', 'vehicles.model'])
    .where(sql<boolean>`users.banned IS NOT TRUE`)
    .where((eb) =>
      vehicleId
        ? eb('vehicles.id', '=', vehicleId)
        : eb.and([eb('vehicles.vin', '=', normalized), eb('vehicles.status', '<>', 'sold')]),
    )
    .orderBy('vehicles.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return owner ? { id: owner.id, name: owner.name, reason: `owner of the ${owner.year} ${owner.make} ${owner.model}` } : null;
}

/**
 * The active agent longest without a new customer's lead (one who never had one first), moved to the back of the
 * rotation; with no active agent, the first active admin. Deactivated users are never chosen.
 */
export async function nextInRotation(tx: Tx): Promise<{ id: string; name: string; reason: string } | null> {
  const agent = await tx
    .selectFrom('users')
    .leftJoin('lead_rotation', 'lead_rotation.user_id', 'users.id')
    .select(['users.id', 'users.name'])
    .where('users.role', '=', 'agent')
    .where(sql<boolean>`users.banned IS NOT TRUE`)
    .orderBy(sql`lead_rotation.assigned_at ASC NULLS FIRST`)
    .orderBy('users.created_at')
    .orderBy('users.id')
    .limit(1)
    .executeTakeFirst();
  if (agent) {
    await tx
      .insertInto('lead_rotation')
      .values({ user_id: agent.id, assigned_at: sql<Date>`clock_timestamp()` })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ assigned_at: sql<Date>`clock_timestamp()` }))
      .execute();
    return { ...agent, reason: 'next in rotation' };
  }
  const admin = await tx
    .selectFrom('users')
    .select(['id', 'name'])
    .where('role', '=', 'admin')
    .where(sql<boolean>`banned IS NOT TRUE`)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return admin ? { ...admin, reason: 'no active agent, so an admin' } : null;
}

/**
 * The customer a new lead becomes, checked by the customer form's own schema: a value it refuses (an e-mail that is
 * not one, a budget out of range) is left out, and the lead keeps it as sent. `leadSource` is the source a person
 * picked, for a lead added by hand.
 */
export function newCustomer(
  lead: ParsedLead,
  contact: ReturnType<typeof contactOf>,
  leadSource: CustomerLeadSource | null,
): CustomerInput {
  const interest = lead.vehicle ? vehicleLabel(lead.vehicle) : null;
  const candidate: Record<string, unknown> = {
    name: (lead.customer.name ?? contact.email ?? contact.phone?.shown ?? 'Lead').slice(0, 200),
    email: contact.email,
    phone: contact.phone?.shown ?? lead.customer.phones[0]?.number.slice(0, 40) ?? null,
    status: 'prospect',
    lead_source: leadSource,
    preferred_cars: interest ? [interest.slice(0, 40)] : [],
    budget_cents: lead.vehicle?.price_cents ?? null,
    notes: lead.customer.comments?.slice(0, 5000) ?? null,
  };
  for (let tries = 0; tries < 10; tries++) {
    const checked = customerInputSchema.safeParse(candidate);
    if (checked.success) return checked.data;
    const field = String(checked.error.issues[0]!.path[0]);
    if (field === 'name') candidate.name = 'Lead';
    else delete candidate[field];
  }
  return customerInputSchema.parse({ name: candidate.name, status: 'prospect', lead_source: leadSource });
}
