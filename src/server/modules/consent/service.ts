import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ConsentChannel, ConsentInput, ConsentSource, ConsentStatus } from '../../../shared/consent/schemas.js';
import type { ConsentEntry, ConsentState } from '../../../shared/consent/types.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../../platform/audit.js';
import { assertCustomerVisible } from '../customers/index.js';

type Db = Kysely<DB>;

const ledger = (db: Db) =>
  db
    .selectFrom('contact_consents as c')
    .leftJoin('users as u', 'u.id', 'c.recorded_by')
    .select(['c.id', 'c.channel', 'c.status', 'c.source', 'c.wording', 'u.name as recorded_by_name', 'c.recorded_at']);

const toEntry = (row: Omit<ConsentEntry, 'recorded_at'> & { recorded_at: Date }): ConsentEntry => ({
  ...row,
  recorded_at: row.recorded_at.toISOString(),
});

/**
 * An opt-out kept for a number alone (a keyword from a number no customer had, or of a deleted customer) is the
 * person's, whichever record has that number later: it applies to each customer with the number until they opt in
 * again (47 CFR 64.1200(a)(10)). An opt-in is never carried over this way. `entry` and `phone` name the columns.
 */
const numberOptOut = (entry: string, phone: string) =>
  sql<SqlBool>`${sql.ref(`${entry}.customer_id`)} IS NULL AND ${sql.ref(`${entry}.channel`)} = 'sms'
    AND ${sql.ref(`${entry}.status`)} = 'opted_out' AND ${sql.ref(phone)} IS NOT NULL
    AND sms_number(${sql.ref(`${entry}.address`)}) = sms_number(${sql.ref(phone)})`;

/** A customer's consent the actor may see: in force per channel, and the ledger newest first. */
export async function consentOf(db: Db, actor: Actor, customerId: string): Promise<ConsentState> {
  await assertCustomerVisible(db, actor, customerId);
  const history = (
    await ledger(db)
      .innerJoin('customers as cu', (join) => join.onTrue())
      .where('cu.id', '=', customerId)
      .where((eb) => eb.or([eb('c.customer_id', '=', customerId), numberOptOut('c', 'cu.phone')]))
      .orderBy('c.recorded_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute()
  ).map(toEntry);
  return {
    current: {
      email: history.find((entry) => entry.channel === 'email') ?? null,
      sms: history.find((entry) => entry.channel === 'sms') ?? null,
    },
    history,
  };
}

export type ConsentChange = {
  channel: ConsentChannel;
  status: ConsentStatus;
  source: ConsentSource;
  wording: string | null;
};

/**
 * Adds a change to a customer's ledger and audits it, in the caller's transaction. `actor` null is the customer,
 * through an unsubscribe link or an SMS reply. The entry keeps the address it applies to, the customer's e-mail or
 * phone as it is now, so it still says whose consent it was once the customer is deleted.
 */
export async function appendConsent(tx: Db, actor: Actor | null, customerId: string, change: ConsentChange) {
  await tx
    .insertInto('contact_consents')
    .columns(['customer_id', 'channel', 'status', 'source', 'wording', 'recorded_by', 'address'])
    .expression((eb) =>
      eb
        .selectFrom('customers')
        .select((s) => [
          'id',
          s.val(change.channel).as('channel'),
          s.val(change.status).as('status'),
          s.val(change.source).as('source'),
          s.val(change.wording).as('wording'),
          s.val(actor?.userId ?? null).as('recorded_by'),
          (change.channel === 'email' ? 'email' : 'phone') as 'email' | 'phone',
        ])
        .where('id', '=', customerId),
    )
    .execute();
  await recordAudit(tx, actor, {
    entityType: 'customer',
    entityId: customerId,
    action: 'consent',
    changes: { channel: change.channel, status: change.status, source: change.source },
  });
}

/** Staff record what a customer told them. */
export async function recordConsent(db: Db, actor: Actor, customerId: string, input: ConsentInput): Promise<ConsentState> {
  await assertCustomerVisible(db, actor, customerId);
  await db.transaction().execute((tx) => appendConsent(tx, actor, customerId, input));
  return consentOf(db, actor, customerId);
}

/**
 * What is in force for these customers on one channel: each one's latest status (none: never recorded). On SMS, an
 * opt-out kept for the customer's number alone counts as theirs (`numberOptOut`).
 */
export async function latestConsent(db: Db, customerIds: string[], channel: ConsentChannel): Promise<Map<string, ConsentStatus>> {
  if (customerIds.length === 0) return new Map();
  const byNumber =
    channel === 'sms'
      ? sql`UNION ALL SELECT n.status, n.recorded_at, n.id FROM contact_consents n WHERE ${numberOptOut('n', 'cu.phone')}`
      : sql``;
  const { rows } = await sql<{ customer_id: string; status: ConsentStatus }>`
    SELECT DISTINCT ON (cu.id) cu.id AS customer_id, e.status
    FROM customers cu
    CROSS JOIN LATERAL (
      SELECT c.status, c.recorded_at, c.id FROM contact_consents c WHERE c.customer_id = cu.id AND c.channel = ${channel}
      ${byNumber}
    ) e
    WHERE cu.id = ANY(${customerIds}::uuid[])
    ORDER BY cu.id, e.recorded_at DESC, e.id DESC`.execute(db);
  return new Map(rows.map((row) => [row.customer_id, row.status]));
}

/**
 * An opt-out keyword from a number no customer has, kept on the ledger for the number alone (no customer, no user),
 * unless the number has one already. Whether it was kept.
 */
export async function appendNumberOptOut(tx: Db, phone: string, wording: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO contact_consents (customer_id, channel, status, source, wording, recorded_by, address)
    SELECT NULL, 'sms', 'opted_out', 'sms_reply', ${wording}, NULL, ${phone}
    WHERE NOT EXISTS (
      SELECT 1 FROM contact_consents n
      WHERE n.customer_id IS NULL AND n.channel = 'sms' AND n.status = 'opted_out'
        AND sms_number(n.address) = sms_number(${phone})
    )
    RETURNING id`.execute(tx);
  return rows.length > 0;
}

/** The customers who may be sent marketing on this channel now: those whose latest entry is an opt-in. */
export async function consentingCustomers(db: Db, customerIds: string[], channel: ConsentChannel): Promise<Set<string>> {
  const latest = await latestConsent(db, customerIds, channel);
  return new Set(customerIds.filter((id) => latest.get(id) === 'opted_in'));
}
