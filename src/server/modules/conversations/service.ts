import { sql, type Kysely } from 'kysely';
import {
  textRefusal,
  type ConversationEntry,
  type ConversationState,
  type SendTextInput,
} from '../../../shared/conversations/types.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import { executePrepared } from '../../db/prepared-statements.js';
import type { DB } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { momentIdCursor, newestFirstKey, olderThan, pageOf } from '../../http/paging.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { quietUntil, timeZoneOf } from '../consent/index.js';
import { latestConsent } from '../consent/index.js';
import { sendingMailbox } from '../emails/index.js';
import { assertCustomerVisible } from '../customers/index.js';
import { getSetting } from '../../platform/settings.js';
import { closeAnsweredLeadTasks } from '../tasks/index.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';

type EntryRow = {
  id: string;
  channel: ConversationEntry['channel'];
  direction: ConversationEntry['direction'];
  title: string | null;
  body: string;
  created_at: Date;
  by: string | null;
  status: 'pending' | 'sent' | 'failed' | 'held' | null;
  attempts: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  send_after: Date | null;
};

/**
 * A customer's e-mails and texts, both ways, and the calls, meetings and notes logged with them, as one thread read
 * newest first. Each part is read through its own index on the customer (emails and texts by customer and time,
 * the audit log by record); the page is the newest `limit` of their union.
 */
function entries(customerId: string) {
  const delivery = (table: string) =>
    sql`o.status, o.attempts, o.last_error, o.delivered_at, o.send_after FROM ${sql.table(table)} m
      LEFT JOIN users u ON u.id = m.sent_by LEFT JOIN outbox o ON o.id = m.outbox_id WHERE m.customer_id = ${customerId}`;
  return sql<EntryRow>`(
    SELECT m.id, 'email' AS channel, m.direction, m.subject AS title, m.body, m.created_at, u.name AS by, ${delivery('emails')}
    UNION ALL
    SELECT m.id, 'text', m.direction, NULL, m.body, m.created_at, u.name, ${delivery('texts')}
    UNION ALL
    SELECT a.id, 'logged', 'outbound', a.changes->>'label', coalesce(a.changes->>'note', ''), a.created_at, u.name,
      NULL, NULL, NULL, NULL, NULL
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
    WHERE a.entity_type = 'customer' AND a.entity_id = ${customerId} AND a.action = 'contact_logged'
  )`;
}

const toEntry = (row: EntryRow): ConversationEntry => ({
  id: row.id,
  channel: row.channel,
  direction: row.direction,
  title: row.title,
  body: row.body,
  at: new Date(row.created_at).toISOString(),
  by: row.by,
  delivery:
    row.status === null
      ? null
      : {
          status: row.status,
          attempts: row.attempts ?? 0,
          last_error: row.last_error,
          delivered_at: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
          send_after: row.send_after ? new Date(row.send_after).toISOString() : null,
        },
});

/** One page of a customer's conversation, newest first; another agent's customer answers 404. */
export async function conversationOf(
  db: Kysely<DB>,
  actor: Actor,
  customerId: string,
  query: { limit: number; cursor?: string },
): Promise<Page<ConversationEntry>> {
  await assertCustomerVisible(db, actor, customerId);
  const cursor = momentIdCursor(query.cursor);
  // The newest page, which opening a customer shows, is planned once per connection (its LIMIT written in for that).
  const page = sql<EntryRow>`
    SELECT * FROM ${entries(customerId)} e
    ${cursor ? sql`WHERE ${olderThan(cursor, 'e')}` : sql``}
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${sql.lit(query.limit + 1)}`;
  const rows = cursor ? (await page.execute(db)).rows : await executePrepared(db, page);
  const { nextCursor, items } = pageOf(rows, query.limit, newestFirstKey);
  return { nextCursor, items: items.map(toEntry) };
}

/** The customer the actor may see, with what the reply box needs of them; 404 otherwise. */
async function visibleCustomer(db: Kysely<DB>, actor: Actor, customerId: string) {
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'name', 'user_id', 'phone', 'email', 'location'])
    .where('id', '=', customerId)
    .where(visibleTo(actor, 'customers.user_id'))
    .executeTakeFirst();
  if (!customer) throw notFound('Customer');
  return customer;
}

/** Whether Torque's mail is held for want of a way out, and the sender that says whether texts have one. */
type Outbound = { mailHeld: boolean; webhooks: WebhookSender };

async function stateOf(
  db: Kysely<DB>,
  actor: Actor,
  customer: { id: string; phone: string | null; email: string | null; location: string | null },
  now: Date,
  { mailHeld, webhooks }: Outbound,
): Promise<ConversationState> {
  const [sms, email, company, texting, mailbox, latest] = await Promise.all([
    latestConsent(db, [customer.id], 'sms'),
    latestConsent(db, [customer.id], 'email'),
    getSetting(db, 'company'),
    webhooks.carriesTexts(db),
    sendingMailbox(db, actor),
    db
      .selectFrom('emails')
      .select(['id', 'subject'])
      .where('customer_id', '=', customer.id)
      .where('direction', '=', 'inbound')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const until = quietUntil(now, await timeZoneOf(customer.location, company.time_zone));
  return {
    phone: customer.phone,
    email: customer.email,
    sms_consent: sms.get(customer.id) ?? null,
    email_consent: email.get(customer.id) ?? null,
    texting,
    quiet_until: until ? until.toISOString() : null,
    email_from: mailbox?.address ?? null,
    email_held: !mailbox && mailHeld,
    reply_to: latest ?? null,
  };
}

/** What the reply box may do for this customer now, and why not. */
export async function conversationState(
  db: Kysely<DB>,
  actor: Actor,
  customerId: string,
  outbound: Outbound,
  now = new Date(),
): Promise<ConversationState> {
  return stateOf(db, actor, await visibleCustomer(db, actor, customerId), now, outbound);
}

/**
 * A text to the customer from their conversation: only to a customer whose latest SMS consent is an opt-in (else 409,
 * saying why, and nothing is kept); held until 8 am where they are when it is 9 pm–8 am there; held in the outbox
 * until an admin sets up texting when nothing carries texts yet. It answers the customer's waiting leads.
 */
export async function sendText(
  db: Kysely<DB>,
  webhooks: WebhookSender,
  actor: Actor,
  customerId: string,
  input: SendTextInput,
  now = new Date(),
): Promise<ConversationEntry> {
  const customer = await visibleCustomer(db, actor, customerId);
  const state = await stateOf(db, actor, customer, now, { mailHeld: false, webhooks });
  const refusal = textRefusal(state, customer.name);
  if (refusal) throw new AppError(409, state.sms_consent === 'opted_out' ? 'OPTED_OUT' : 'CONFLICT', refusal);
  const id = await db.transaction().execute(async (tx) => {
    const sendAfter = state.quiet_until ? new Date(state.quiet_until) : undefined;
    const outboxId = await webhooks.queueSms(tx, { to: state.phone!, text: input.body }, actor.userId, { sendAfter });
    const text = await tx
      .insertInto('texts')
      .values({
        direction: 'outbound',
        customer_id: customerId,
        phone: state.phone!,
        body: input.body,
        sent_by: actor.userId,
        outbox_id: outboxId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: customerId,
      action: 'text_sent',
      changes: { text_id: text.id },
    });
    // A text to a lead's customer is the lead's first answer (migration 036's trigger) and closes its first-response task.
    await closeAnsweredLeadTasks(tx, actor, [customerId]);
    await publishChange(tx, 'conversations', [customer.user_id]);
    return text.id;
  });
  const { rows } = await sql<EntryRow>`SELECT * FROM ${entries(customerId)} e WHERE e.id = ${id}`.execute(db);
  return toEntry(rows[0]!);
}

/** Tells the tabs showing a text's conversation that its delivery changed (after each attempt, and each report). */
export async function publishTextDelivery(db: Kysely<DB>, outboxId: string) {
  const owners = await db
    .selectFrom('texts')
    .innerJoin('customers', 'customers.id', 'texts.customer_id')
    .select('customers.user_id')
    .where('texts.outbox_id', '=', outboxId)
    .execute();
  if (owners.length > 0)
    await publishChange(
      db,
      'conversations',
      owners.map((o) => o.user_id),
    );
}
