import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  AttachUnmatchedText,
  FiledText,
  UnmatchedText,
  UnmatchedTextLead,
} from '../../../shared/conversations/unmatched.js';
import type { Page } from '../../../shared/http/paging.js';
import type { ParsedLead } from '../../../shared/leads/types.js';
import type { Actor } from '../../auth/actor.js';
import { seesAll, visibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { momentIdCursor, pageOf } from '../../http/paging.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { intakeLeadIn } from '../leads/index.js';

type Db = Kysely<DB>;
type Tx = Transaction<DB>;
type Customer = { id: string; name: string; user_id: string };

/** The lead source and name a lead made from a text carries. */
const TEXT_LEAD_SOURCE = 'Phone';
const TEXT_LEAD_ORIGIN = 'Text message';

/**
 * Texts from numbers no customer has reach the dealership's own number, as mail reaches the company mailbox: like
 * that mail's unmatched list (`emailReadable`), admins and editors read and file them; to an agent they are not there.
 */
const readsUnmatchedTexts = (actor: Actor) => seesAll(actor);

const unfiled = sql<boolean>`customer_ids = '{}' AND outcome <> 'opted_out'`;

/** The texts from numbers no customer has that nobody has filed yet, newest first, paged. */
export async function listUnmatchedTexts(
  db: Db,
  actor: Actor,
  query: { limit: number; cursor?: string },
): Promise<Page<UnmatchedText>> {
  const after = momentIdCursor(query.cursor);
  if (!readsUnmatchedTexts(actor)) return { items: [], nextCursor: null };
  const rows = await db
    .selectFrom('sms_replies')
    .select(['id', 'from_phone as phone', 'body', 'received_at'])
    .where(unfiled)
    .$if(after !== null, (qb) => qb.where(sql<boolean>`(received_at, id) < (${after![0]}::timestamptz, ${after![1]}::uuid)`))
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = pageOf(rows, query.limit, (row) => [row.received_at.toISOString(), row.id]);
  return { ...page, items: page.items.map((row) => ({ ...row, received_at: row.received_at.toISOString() })) };
}

/**
 * The unmatched text the actor files, with every text from its number, locked in one order so that two people filing
 * texts of one number wait for each other; one they may not read answers 404, one filed meanwhile 409.
 */
async function unmatchedText(tx: Tx, actor: Actor, id: string) {
  const text = readsUnmatchedTexts(actor)
    ? await tx.selectFrom('sms_replies').select(['from_phone', 'outcome']).where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!text || text.outcome === 'opted_out') throw notFound('Text');
  const sameNumber = await tx
    .selectFrom('sms_replies')
    .select(['id', 'from_phone', 'body', 'customer_ids', 'received_at'])
    .where(sql<boolean>`sms_number(from_phone) = sms_number(${text.from_phone})`)
    .where('outcome', '<>', 'opted_out')
    .orderBy('id')
    .forUpdate()
    .execute();
  const filed = sameNumber.find((row) => row.id === id);
  if (!filed || filed.customer_ids.length > 0) throw conflict('This text is already filed with a customer');
  return { ...filed, unfiled: sameNumber.filter((row) => row.customer_ids.length === 0) };
}

type Unmatched = Awaited<ReturnType<typeof unmatchedText>>;

/**
 * Files every unmatched text from this number with the customer: each joins their conversation at the moment it came,
 * and waits for an answer as a text from them does (migration 036's trigger). Audited on the customer as
 * `text_assigned`, and published to the customer's agent, the actor, and the admins and editors whose Unmatched it
 * leaves.
 */
async function fileTexts(tx: Tx, actor: Actor, text: Unmatched, customer: Customer, as: 'lead' | 'attached') {
  const texts = [...text.unfiled].sort((a, b) => a.received_at.getTime() - b.received_at.getTime());
  await tx
    .insertInto('texts')
    .values(
      texts.map((row) => ({
        direction: 'inbound' as const,
        customer_id: customer.id,
        phone: row.from_phone,
        body: row.body,
        sms_reply_id: row.id,
        created_at: row.received_at,
      })),
    )
    .execute();
  await tx
    .updateTable('sms_replies')
    .set({ customer_ids: sql<string[]>`ARRAY[${customer.id}]::uuid[]` })
    .where(
      'id',
      'in',
      texts.map((row) => row.id),
    )
    .execute();
  await recordAudit(tx, actor, {
    entityType: 'customer',
    entityId: customer.id,
    action: 'text_assigned',
    changes: { phone: text.from_phone, texts: texts.length, as },
  });
  await publishChange(tx, 'conversations', [actor.userId, customer.user_id]);
}

/** A lead as a text is read into it: the number as the phone, the text as the comment, the name if a person gave one. */
function textLead(phone: string, body: string, name: string | null): ParsedLead {
  return {
    request_date: null,
    customer: { name, first_name: null, last_name: null, email: null, phones: [{ type: 'cell', number: phone }], comments: body },
    vehicle: null,
    trade: null,
    vendor: { name: null, contact: null },
    provider: { name: null, service: null, url: null, email: null },
  };
}

/**
 * 'Create lead': the text becomes a lead through the one intake (joined to a customer with the number, else a new
 * customer given by the rotation, the agent told), in the same transaction as the texts from that number join the
 * customer's conversation.
 */
export async function leadFromText(db: Db, actor: Actor, id: string, input: UnmatchedTextLead): Promise<FiledText> {
  return db.transaction().execute(async (tx) => {
    const text = await unmatchedText(tx, actor, id);
    const lead = await intakeLeadIn(
      tx,
      {
        source: { id: null, name: TEXT_LEAD_ORIGIN },
        channel: 'manual',
        raw: JSON.stringify({ from: text.from_phone, body: text.body, received_at: text.received_at.toISOString() }),
        leadSource: TEXT_LEAD_SOURCE,
        addedBy: actor,
      },
      textLead(text.from_phone, text.body, input.name ?? null),
    );
    const customer = await tx
      .selectFrom('customers')
      .select(['id', 'name', 'user_id'])
      .where('id', '=', lead.customer_id!)
      .executeTakeFirstOrThrow();
    await fileTexts(tx, actor, text, customer, 'lead');
    return { customer_id: customer.id, customer_name: customer.name };
  });
}

/**
 * 'Attach to customer': the texts from that number join the conversation of a customer the actor may see; the number
 * is saved as their phone when they have none and the actor asks it (audited as an edit of the customer).
 */
export async function attachText(db: Db, actor: Actor, id: string, input: AttachUnmatchedText): Promise<FiledText> {
  return db.transaction().execute(async (tx) => {
    const text = await unmatchedText(tx, actor, id);
    const customer = await tx
      .selectFrom('customers')
      .select(['id', 'name', 'user_id', 'phone'])
      .where('id', '=', input.customer_id)
      .where(visibleTo(actor, 'user_id'))
      .forUpdate()
      .executeTakeFirst();
    if (!customer) throw notFound('Customer');
    if (input.save_phone && customer.phone === null) {
      await tx
        .updateTable('customers')
        .set({ phone: text.from_phone, updated_at: sql<Date>`greatest(now(), customers.updated_at + interval '1 millisecond')` })
        .where('id', '=', customer.id)
        .execute();
      await recordAudit(tx, actor, {
        entityType: 'customer',
        entityId: customer.id,
        action: 'updated',
        changes: { phone: { from: null, to: text.from_phone } },
      });
      await publishChange(tx, 'customers', [customer.user_id]);
    }
    await fileTexts(tx, actor, text, customer, 'attached');
    return { customer_id: customer.id, customer_name: customer.name };
  });
}
