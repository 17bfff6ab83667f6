// Who a new customer may already be: the duplicates the customer form warns of, and the customer a deal's typed new
// one turns out to be. Both name only a customer the actor may see.
import { sql, type Kysely } from 'kysely';
import type { DuplicateMatch } from '../../../shared/customers/types.js';
import type { Actor } from '../../auth/actor.js';
import { maySee, visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { emailKey } from './contact-keys.js';

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The columns a match is shown with: the customer, their contact details and whose they are. */
const withOwner = (db: Kysely<DB>) =>
  db
    .selectFrom('customers')
    .innerJoin('users', 'users.id', 'customers.user_id')
    .select([
      'customers.id',
      'customers.name',
      'customers.email',
      'customers.phone',
      'customers.user_id',
      'users.name as owner_name',
    ]);

/** Customers the actor can see with the same e-mail (any case) or the same phone digits. */
export async function findDuplicates(
  db: Kysely<DB>,
  actor: Actor,
  { email, phone, exclude }: { email?: string; phone?: string; exclude?: string },
): Promise<DuplicateMatch[]> {
  const digits = phone ? digitsOf(phone) : '';
  const byEmail = email && email.includes('@') ? email.toLowerCase() : null;
  const byPhone = digits.length >= 7 ? digits : null;
  if (!byEmail && !byPhone) return [];
  const rows = await withOwner(db)
    .where(visibleTo(actor, 'customers.user_id'))
    .where((eb) =>
      eb.or([
        ...(byEmail ? [eb(eb.fn('lower', ['customers.email']), '=', byEmail)] : []),
        ...(byPhone ? [eb(sql`regexp_replace(customers.phone, '\\D', '', 'g')`, '=', byPhone)] : []),
      ]),
    )
    .$if(Boolean(exclude), (qb) => qb.where('customers.id', '<>', exclude!))
    .orderBy('customers.name')
    .limit(5)
    .execute();
  return rows.map((row) => ({ ...row, matched: byEmail && row.email?.toLowerCase() === byEmail ? 'email' : 'phone' }));
}

/**
 * The existing customer a typed new one turned out to be (`insertCustomers` with `dedupe` answered them instead), as
 * the actor may be shown them: with whose they are, or null when the actor may not see them.
 */
export async function existingCustomer(
  db: Kysely<DB>,
  actor: Actor,
  existing: Row<'customers'>,
  typed: { email: string | null },
): Promise<{ matched: DuplicateMatch['matched']; match: DuplicateMatch | null }> {
  const key = emailKey(typed.email);
  const matched = key && key === emailKey(existing.email) ? 'email' : 'phone';
  if (!maySee(actor, existing.user_id)) return { matched, match: null };
  const row = await withOwner(db).where('customers.id', '=', existing.id).executeTakeFirstOrThrow();
  return { matched, match: { ...row, matched } };
}
