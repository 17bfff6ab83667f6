// The one way customers are added: the form, a deal's new customer, lead intake, a co-signer agreement and imports all
// come through `insertCustomers`, so each gets every rule of a new customer.
import crypto from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { CustomerInput } from '../../../shared/customers/schemas.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudits } from '../../platform/audit.js';
import { notify } from '../../platform/notifications.js';
import { emailKey, phoneKeys } from './contact-keys.js';

type CustomerRow = Row<'customers'>;

/** A customer to add: the columns a caller may set, and the owning agent. */
export type NewCustomer = Omit<Insertable<DB['customers']>, 'created_at' | 'updated_at'> & { user_id: string };

/** Where new customers come from; it names them on the owner's notification. */
export type CustomerOrigin = 'form' | 'deal' | 'lead' | 'cosigner' | 'import';

/**
 * How the owner is told of a customer from each origin, before the actor's name. A lead's customer is not: the lead's
 * own notification ('New lead') already names them to their agent.
 */
const noticeOf: Record<CustomerOrigin, string | null> = {
  form: 'added by',
  deal: 'added with a deal by',
  cosigner: 'added with a minor co-signer agreement by',
  import: 'imported by',
  lead: null,
};

export type InsertCustomersOptions = {
  origin: CustomerOrigin;
  /** The audit row of each new customer; by default `created` with the customer's name. */
  audit?: { action?: string; changes?: (row: CustomerRow, index: number) => Record<string, unknown> };
  /**
   * A new customer whose e-mail or phone is already a customer's (or an earlier one's of the same call) is not added;
   * the one that exists answers for them. Matched as lead intake and imports match (`contact-keys.ts`).
   */
  dedupe?: boolean;
};

/** A customer asked for: added now, or (with `dedupe`) the one that already had that e-mail or phone. */
export type WrittenCustomer = { row: CustomerRow; created: boolean };

/** New customers per statement: some twenty parameters each, well under PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 2_000;

type Referral = {
  referred_by_customer_id?: string | null;
  referred_by_name?: string | null;
  lead_source?: CustomerInput['lead_source'];
};

/** A referred customer's lead source is 'Referral', whatever else was chosen; a linked referrer makes the name moot. */
export function normalized<T extends Referral>(input: T) {
  const referred = Boolean(input.referred_by_customer_id || input.referred_by_name);
  return {
    ...input,
    referred_by_name: input.referred_by_customer_id ? null : input.referred_by_name,
    lead_source: referred ? ('Referral' as const) : input.lead_source,
  };
}

/**
 * A referrer is one of the customer's owner's own customers, so the link stays valid for the owner to see and save,
 * whoever sets it. A referrer the customer already has is kept as it is.
 */
export async function assertReferrer(
  db: Kysely<DB>,
  ownerId: string,
  referrerId: string | null | undefined,
  self: { id: string; kept: string | null } | null,
) {
  if (!referrerId || referrerId === self?.kept) return;
  if (referrerId === self?.id) throw notFound('Referring customer');
  await assertReferrers(db, [{ ownerId, referrerId }]);
}

/** Every referrer named is one of its customer's owner's customers (one query), or 404. */
async function assertReferrers(db: Kysely<DB>, links: { ownerId: string; referrerId: string }[]) {
  const wanted = new Map(links.map((link) => [`${link.referrerId}:${link.ownerId}`, link]));
  if (wanted.size === 0) return;
  const found = await db
    .selectFrom('customers')
    .select(['id', 'user_id'])
    .where(
      'id',
      'in',
      [...wanted.values()].map((link) => link.referrerId),
    )
    .execute();
  const valid = new Set(found.map((row) => `${row.id}:${row.user_id}`));
  for (const key of wanted.keys()) if (!valid.has(key)) throw notFound('Referring customer');
}

/** The keys a customer is matched on: lower-case e-mail, and the digits of the phone with and without the country code. */
const keysOf = (customer: { email?: string | null; phone?: string | null }) => {
  const email = emailKey(customer.email);
  return [...(email ? [`e:${email}`] : []), ...(phoneKeys(customer.phone)?.digits.map((d) => `p:${d}`) ?? [])];
};

/** A stored customer's keys: a stored phone is matched on its digits as typed, too. */
const storedKeysOf = (customer: CustomerRow) => {
  const digits = customer.phone?.replace(/\D/g, '');
  return [...keysOf(customer), ...(digits ? [`p:${digits}`] : [])];
};

/** The existing customers holding any of these keys, the earliest first, locked until the transaction ends. */
async function customersWithKeys(db: Kysely<DB>, keys: string[]) {
  const emails = keys.filter((k) => k.startsWith('e:')).map((k) => k.slice(2));
  const phones = keys.filter((k) => k.startsWith('p:')).map((k) => k.slice(2));
  if (emails.length === 0 && phones.length === 0) return [];
  return db
    .selectFrom('customers')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(emails.length > 0 ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
        ...(phones.length > 0 ? [eb(sql`regexp_replace(phone, '\\D', '', 'g')`, 'in', phones)] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Adds customers, in the caller's transaction: one statement inserts them all, then each rule of a new customer is
 * applied once for the set — the referral (a referred customer's source is 'Referral'; a referrer is one of the owner's
 * customers), an audit row each, the owners' notification, and the refresh of the customer lists of the actor and the
 * owners. With `dedupe`, a customer already known by e-mail or phone is answered instead of added again. Returns one
 * entry per customer asked for, in order.
 */
export async function insertCustomers(
  tx: Kysely<DB>,
  actor: Actor | null,
  customers: readonly NewCustomer[],
  options: InsertCustomersOptions,
): Promise<WrittenCustomer[]> {
  if (!tx.isTransaction) throw new Error('insertCustomers runs in the caller’s transaction');
  // Ids are given here, so each customer is known by theirs whatever order the insert answers in.
  const values = customers.map((customer) =>
    normalized({ lead_source: null, referred_by_name: null, ...customer, id: customer.id ?? crypto.randomUUID() }),
  );
  await assertReferrers(
    tx,
    values.flatMap((v) => (v.referred_by_customer_id ? [{ ownerId: v.user_id, referrerId: v.referred_by_customer_id }] : [])),
  );

  // With dedupe, each customer is the first that holds one of their keys: one stored, an earlier one of this set, or them.
  const answers: (CustomerRow | number)[] = values.map((_, index) => index);
  if (options.dedupe) {
    const holders = new Map<string, CustomerRow | number>();
    for (const row of await customersWithKeys(tx, values.flatMap(keysOf)))
      for (const key of storedKeysOf(row)) if (!holders.has(key)) holders.set(key, row);
    values.forEach((value, index) => {
      const keys = keysOf(value);
      const holder = keys.map((key) => holders.get(key)).find((found) => found !== undefined);
      if (holder !== undefined) answers[index] = holder;
      else for (const key of keys) holders.set(key, index);
    });
  }

  const fresh = values.filter((_, index) => answers[index] === index);
  const inserted = new Map<string, CustomerRow>();
  for (let start = 0; start < fresh.length; start += ROWS_PER_STATEMENT) {
    const chunk = fresh.slice(start, start + ROWS_PER_STATEMENT);
    for (const row of await tx.insertInto('customers').values(chunk).returningAll().execute()) inserted.set(row.id, row);
  }
  const created = new Map<number, CustomerRow>();
  answers.forEach((answer, index) => {
    if (answer === index) created.set(index, inserted.get(values[index]!.id)!);
  });

  await announce(tx, actor, [...created.entries()], options);
  return answers.map((answer, index) => {
    if (typeof answer !== 'number') return { row: answer, created: false };
    return { row: created.get(answer)!, created: answer === index };
  });
}

/** The rules of customers just added: an audit row each, the owners told, the lists of everyone concerned refreshed. */
async function announce(
  tx: Kysely<DB>,
  actor: Actor | null,
  created: [number, CustomerRow][],
  { origin, audit }: InsertCustomersOptions,
) {
  if (created.length === 0) return;
  await recordAudits(
    tx,
    actor,
    created.map(([index, row]) => ({
      entityType: 'customer',
      entityId: row.id,
      action: audit?.action ?? 'created',
      changes: audit?.changes?.(row, index) ?? { name: row.name },
    })),
  );
  const notice = noticeOf[origin];
  const byOwner = new Map<string, CustomerRow[]>();
  for (const [, row] of created) byOwner.set(row.user_id, [...(byOwner.get(row.user_id) ?? []), row]);
  if (notice) {
    const by = actor ? `, ${notice} ${actor.name}` : '';
    for (const [ownerId, rows] of byOwner) {
      const one = rows.length === 1 ? rows[0]! : null;
      await notify(tx, actor, {
        event: 'customer_created',
        ownerIds: [ownerId],
        title: one ? 'New customer' : 'New customers',
        content: one ? `${one.name}${by}` : `${rows.length.toLocaleString('en-US')} new customers${by}`,
        link: one ? `/customers/${one.id}` : '/customers',
      });
    }
  }
  await publishChange(tx, 'customers', [actor?.userId, ...byOwner.keys()]);
}
