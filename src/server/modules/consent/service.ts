import { sql, type Kysely } from 'kysely';
import type { ConsentChannel, ConsentInput, ConsentSource, ConsentStatus } from '../../../shared/consent/schemas.js';
import type { ConsentEntry, ConsentState } from '../../../shared/consent/types.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../audit/service.js';
import { assertCustomerVisible } from '../customers/visible.js';

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

/** A customer's consent the actor may see: in force per channel, and the ledger newest first. */
export async function consentOf(db: Db, actor: Actor, customerId: string): Promise<ConsentState> {
  await assertCustomerVisible(db, actor, customerId);
  const history = (
    await ledger(db).where('c.customer_id', '=', customerId).orderBy('c.recorded_at', 'desc').orderBy('c.id', 'desc').execute()
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

/** What is in force for these customers on one channel: each one's latest status (none: never recorded). */
export async function latestConsent(db: Db, customerIds: string[], channel: ConsentChannel): Promise<Map<string, ConsentStatus>> {
  if (customerIds.length === 0) return new Map();
  const { rows } = await sql<{ customer_id: string; status: ConsentStatus }>`
    SELECT DISTINCT ON (customer_id) customer_id, status
    FROM contact_consents
    WHERE customer_id = ANY(${customerIds}::uuid[]) AND channel = ${channel}
    ORDER BY customer_id, recorded_at DESC, id DESC`.execute(db);
  return new Map(rows.map((row) => [row.customer_id, row.status]));
}

/** The customers who may be sent marketing on this channel now: those whose latest entry is an opt-in. */
export async function consentingCustomers(db: Db, customerIds: string[], channel: ConsentChannel): Promise<Set<string>> {
  const latest = await latestConsent(db, customerIds, channel);
  return new Set(customerIds.filter((id) => latest.get(id) === 'opted_in'));
}
