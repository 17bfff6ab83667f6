import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import {
  emailOptedOutMessage,
  type ComposeInput,
  type EmailListQuery,
  type InboundEmail,
} from '../../../shared/emails/schemas.js';
import type { ConsentStatus } from '../../../shared/consent/schemas.js';
import type { EmailDetail, EmailItem, EmailRecipient, RecipientConsent } from '../../../shared/emails/types.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import { maySee, seesAll, visibleTo } from '../../auth/scope.js';
import { executePrepared } from '../../db/prepared-statements.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { cursorValue, decodeCursor, pageOf } from '../../http/paging.js';
import { callInFlight, HOOK_MEMORY_SECONDS } from '../../http/signed-hook.js';
import type { Mailer } from '../../mail/mailer.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { latestConsent } from '../consent/index.js';
import { getSetting, mailFooter } from '../../platform/settings.js';
import { announce } from '../../platform/events.js';
import { closeAnsweredLeadTasks } from '../tasks/index.js';

type Db = Kysely<DB>;
type Row = Omit<EmailDetail, 'created_at'> & { created_at: Date };

/**
 * Who reads an e-mail (`email` names its row): admins and editors all of it, unlinked mail included; agents the mail
 * of their own customers, the mail they wrote and the mail read from their own mailbox. The mail screens and the full export read through this one rule.
 */
export const emailReadable = (actor: Actor, email: string): RawBuilder<SqlBool> =>
  seesAll(actor)
    ? sql<SqlBool>`true`
    : // Each e-mail's customer and mailbox are looked up by key as the rows are read, newest first, so a page stops
      // after its rows; an EXISTS here is planned as a hash of all the agent's customers, built for every page.
      sql<SqlBool>`(${sql.ref(`${email}.sent_by`)} = ${actor.userId}
        OR (SELECT ${visibleTo(actor, 'rc.user_id')} FROM customers rc WHERE rc.id = ${sql.ref(`${email}.customer_id`)})
        OR (SELECT rm.user_id = ${actor.userId} FROM mailboxes rm WHERE rm.id = ${sql.ref(`${email}.mailbox_id`)}))`;

/** The e-mails the actor may read, with the customer and their latest deal where the actor may see those. */
function emailsOf(actor: Actor, where: ReturnType<typeof sql>, limit: number) {
  const customerSeen = sql`c.id IS NOT NULL AND ${visibleTo(actor, 'c.user_id')}`;
  return sql<Row>`
    SELECT e.id, e.direction, e.from_address, e.to_address, e.subject, left(e.body, 200) AS preview, e.body, e.is_read,
      e.created_at, s.name AS sent_by_name,
      CASE WHEN o.id IS NOT NULL THEN json_build_object('status', o.status, 'attempts', o.attempts, 'last_error', o.last_error)
      END AS delivery,
      CASE WHEN ${customerSeen} THEN json_build_object('id', c.id, 'name', c.name) END AS customer,
      CASE WHEN ${customerSeen} THEN (
        SELECT json_build_object('id', d.id, 'label', d.manufacturer || ' ' || d.model) FROM deals d
        WHERE d.customer_id = c.id AND ${visibleTo(actor, 'd.user_id')} ORDER BY d.date DESC, d.id DESC LIMIT 1
      ) END AS deal
    FROM emails e
    LEFT JOIN customers c ON c.id = e.customer_id
    LEFT JOIN users s ON s.id = e.sent_by
    LEFT JOIN outbox o ON o.id = e.outbox_id
    WHERE ${emailReadable(actor, 'e')} AND ${where}
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${sql.lit(limit)}`;
}

const toItem = ({ body: _body, ...row }: Row): EmailItem => ({ ...row, created_at: row.created_at.toISOString() });

/** The inbox (mail that came in), the sent mail, or the mail that came in from no known customer; newest first, paged. */
export async function listEmails(db: Db, actor: Actor, query: EmailListQuery): Promise<Page<EmailItem>> {
  const after = decodeCursor(query.cursor, 2);
  if (after && !(cursorValue.moment(after[0]) && cursorValue.uuid(after[1]))) throw badRequest('Invalid cursor');
  const box =
    query.box === 'unmatched'
      ? sql`e.direction = 'inbound' AND e.customer_id IS NULL`
      : sql`e.direction = ${sql.lit(query.box === 'inbox' ? 'inbound' : 'outbound')}`;
  const where = after ? sql`${box} AND (e.created_at, e.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : box;
  // A box's first page, which opening it shows, is planned once per connection; later pages each time.
  const emails = emailsOf(actor, where, query.limit + 1);
  const rows = after ? (await emails.execute(db)).rows : await executePrepared(db, emails);
  const page = pageOf(rows, query.limit, (row) => [row.created_at.toISOString(), row.id]);
  return { ...page, items: page.items.map(toItem) };
}

/** One e-mail with its body; one the actor may not read answers 404. */
export async function getEmail(db: Db, actor: Actor, id: string): Promise<EmailDetail> {
  const { rows } = await emailsOf(actor, sql`e.id = ${id}`, 1).execute(db);
  const row = rows[0];
  if (!row) throw notFound('E-mail');
  return { ...row, created_at: row.created_at.toISOString() };
}

export async function markEmailRead(db: Db, actor: Actor, id: string) {
  await getEmail(db, actor, id);
  await db.updateTable('emails').set({ is_read: true }).where('id', '=', id).execute();
}

type AddressCustomer = { id: string; name: string; user_id: string };

/**
 * Who mail to `address` is for. The linked customer is one the actor may see (their own first, then the newest). The
 * address is opted out when any customer with it, whoever's, last opted out of e-mail: the opt-out is the person's,
 * whichever record it was given on.
 */
async function recipientAt(db: Db, actor: Actor, address: string) {
  const customers: AddressCustomer[] = await db
    .selectFrom('customers')
    .select(['id', 'name', 'user_id'])
    .where(sql`lower(email)`, '=', address.toLowerCase())
    .orderBy(sql`user_id = ${actor.userId}`, 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const latest = await latestConsent(
    db,
    customers.map((c) => c.id),
    'email',
  );
  const optedOut = customers.filter((c) => latest.get(c.id) === 'opted_out');
  const customer = customers.find((c) => maySee(actor, c.user_id)) ?? null;
  return { customer, optedOut, consent: consentAt(optedOut.length > 0, customer && latest.get(customer.id)) };
}

function consentAt(optedOut: boolean, linked: ConsentStatus | undefined | null): RecipientConsent {
  if (optedOut) return 'opted_out';
  if (linked === null) return 'not_customer';
  return linked === 'opted_in' ? 'opted_in' : 'none';
}

/** What compose shows beside To: the customer the mail would be linked to, and the address's e-mail consent. */
export async function emailRecipient(db: Db, actor: Actor, address: string): Promise<EmailRecipient> {
  const { customer, consent } = await recipientAt(db, actor, address);
  return { customer: customer && { id: customer.id, name: customer.name }, email_consent: consent };
}

const optedOutRefusal = (address: string) => {
  const message = emailOptedOutMessage(address);
  return new AppError(409, 'OPTED_OUT', message, { to: message });
};

/**
 * Sends a written e-mail through the outbox (delivered by the job queue, with the company's footer) and keeps it in
 * Sent. When the address is a customer's the actor may see, it is linked to them and written on their timeline. An
 * address that has opted out gets only a message marked transactional, which is written on the timeline of every
 * customer who opted out with it too.
 */
export async function sendEmail(db: Db, mailer: Mailer, actor: Actor, input: ComposeInput): Promise<EmailItem> {
  const id = await db.transaction().execute((tx) => queueEmail(tx, mailer, actor, input));
  const { body: _body, ...item } = await getEmail(db, actor, id);
  return item;
}

/**
 * `sendEmail` within the caller's transaction, for a mail that goes with a change of its own (a customer's quote):
 * the mail is kept and queued only if that change commits. Returns the e-mail's id.
 */
export async function queueEmail(tx: Transaction<DB>, mailer: Mailer, actor: Actor, input: ComposeInput): Promise<string> {
  const { customer, optedOut } = await recipientAt(tx, actor, input.to);
  if (optedOut.length > 0 && !input.transactional) throw optedOutRefusal(input.to);
  const answered = input.reply_to ? await answeredEmail(tx, actor, input.reply_to) : null;
  const mailbox = await sendingMailbox(tx, actor);
  const messageId = `<${crypto.randomUUID()}@${domainOf(mailbox?.address ?? actor.email)}>`;
  const company = await getSetting(tx, 'company');
  const outboxId = await mailer.queue(
    tx,
    {
      to: input.to,
      subject: input.subject,
      text: `${input.message}\n\n${mailFooter(company)}`,
      mailboxId: mailbox?.id,
      messageId,
      inReplyTo: answered?.provider_id ?? undefined,
      references: answered?.provider_id
        ? [...(answered.in_reply_to ? [answered.in_reply_to] : []), answered.provider_id]
        : undefined,
    },
    actor.userId,
  );
  const email = await tx
    .insertInto('emails')
    .values({
      direction: 'outbound',
      customer_id: customer?.id ?? null,
      from_address: mailbox?.address ?? actor.email,
      to_address: input.to,
      subject: input.subject,
      body: input.message,
      is_read: true,
      sent_by: actor.userId,
      outbox_id: outboxId,
      mailbox_id: mailbox?.id ?? null,
      provider_id: messageId,
      in_reply_to: answered?.provider_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const onRecord = new Set([...(customer ? [customer.id] : []), ...optedOut.map((c) => c.id)]);
  for (const customerId of onRecord) {
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: customerId,
      action: 'email_sent',
      changes: { email_id: email.id, subject: input.subject, transactional: input.transactional },
    });
  }
  // A mail to a lead's customer is the lead's first answer (migration 025's trigger) and closes its first-response task.
  await closeAnsweredLeadTasks(tx, actor, [...onRecord]);
  return email.id;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1) || 'torque.invalid';

/**
 * The mailbox a person's mail leaves through: their own, else the company's; null when neither is connected (the mail
 * then leaves through SMTP_URL, or is held).
 */
export async function sendingMailbox(db: Db, actor: Pick<Actor, 'userId'>) {
  const row = await db
    .selectFrom('mailboxes')
    .select(['id', 'address'])
    .where((eb) => eb.or([eb('user_id', '=', actor.userId), eb('user_id', 'is', null)]))
    .orderBy(sql`user_id IS NULL`)
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The mail a reply answers, for its Message-ID: one the actor may read, else 404. */
async function answeredEmail(db: Db, actor: Actor, id: string) {
  const row = await db
    .selectFrom('emails as e')
    .select(['e.provider_id', 'e.in_reply_to'])
    .where('e.id', '=', id)
    .where(emailReadable(actor, 'e'))
    .executeTakeFirst();
  if (!row) throw notFound('E-mail');
  return row;
}

/**
 * The mail a repeated post stored when it first arrived: found by its Message-ID or, for a signed call sent again
 * without one, by its content, within the time the call's signature is remembered.
 */
async function earlierEmail(db: Db, input: InboundEmail) {
  const earlier = await db
    .selectFrom('emails')
    .select(['id', 'customer_id'])
    .$call((qb) =>
      input.message_id
        ? qb.where('provider_id', '=', input.message_id)
        : qb
            .where('direction', '=', 'inbound')
            .where('created_at', '>=', sql<Date>`now() - make_interval(secs => ${HOOK_MEMORY_SECONDS})`)
            .where('provider_id', 'is', null)
            .where('from_address', '=', input.from)
            .where('to_address', '=', input.to)
            .where('subject', '=', input.subject)
            .where('body', '=', input.text),
    )
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!earlier) throw callInFlight();
  return { id: earlier.id, customer_linked: earlier.customer_id !== null, repeated: true };
}

/**
 * Mail that reached the signed inbound webhook: kept in the inbox, unread, linked to the customer with that address
 * (the newest, if several) and written on their timeline. A repeated post of one Message-ID, or of one signed call, is
 * stored once.
 */
export async function receiveEmail(db: Db, input: InboundEmail, repeatedCall = false) {
  if (repeatedCall) return earlierEmail(db, input);
  return db.transaction().execute(async (tx) => {
    const customer = await customerAt(tx, [input.from], null);
    const stored = await keepEmail(tx, {
      customer,
      from_address: input.from,
      to_address: input.to,
      subject: input.subject,
      body: input.text,
      provider_id: input.message_id ?? null,
    });
    if (!stored) return earlierEmail(tx, input);
    return { id: stored, customer_linked: Boolean(customer), repeated: false };
  });
}

type LinkedCustomer = { id: string; user_id: string };

/**
 * The customer mail from or to these addresses is theirs: the newest with the first address that is a customer's,
 * those of `ownerId` (the mailbox's owner) first.
 */
export async function customerAt(db: Db, addresses: readonly string[], ownerId: string | null): Promise<LinkedCustomer | null> {
  const lower = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (lower.length === 0) return null;
  const row = await db
    .selectFrom('customers')
    .select(['id', 'user_id'])
    .where(sql`lower(email)`, 'in', lower)
    .orderBy(sql`array_position(${sql.val(lower)}::text[], lower(email))`)
    .orderBy(sql`user_id = ${ownerId} DESC NULLS LAST`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** A mail to keep: who sent it to whom, its content, and its customer, when it is one's. */
export type MailToKeep = {
  customer: LinkedCustomer | null;
  from_address: string;
  to_address: string;
  subject: string;
  body: string;
  provider_id: string | null;
  mailbox_id?: string | null;
  mailbox_owner?: string | null;
  in_reply_to?: string | null;
  is_read?: boolean;
  created_at?: Date;
};

/**
 * Keeps mail that came in, in the caller's transaction, unread unless said otherwise: linked to its customer and
 * written on their timeline, seen arriving by everyone who may read it. Mail whose Message-ID is kept already is not
 * kept again: the answer is then null.
 */
export async function keepEmail(tx: Db, { customer, mailbox_owner, ...mail }: MailToKeep): Promise<string | null> {
  const stored = await tx
    .insertInto('emails')
    .values({ ...mail, direction: 'inbound', customer_id: customer?.id ?? null, is_read: mail.is_read ?? false })
    .onConflict((oc) => oc.column('provider_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!stored) return null;
  // Everyone who may read it sees it arrive: the customer's agent, the mailbox's owner, and the admins and editors.
  const readers = await tx
    .selectFrom('users')
    .select('id')
    .where('banned', 'is not', true)
    .where((eb) =>
      eb.or([eb('role', 'in', ['admin', 'editor']), eb('id', 'in', [customer?.user_id ?? null, mailbox_owner ?? null])]),
    )
    .execute();
  await publishChange(
    tx,
    'emails',
    readers.map((reader) => reader.id),
  );
  if (customer) {
    await recordAudit(tx, null, {
      entityType: 'customer',
      entityId: customer.id,
      action: 'email_received',
      changes: { email_id: stored.id, subject: mail.subject },
    });
    await announce(tx, 'customersAnswered', { customerIds: [customer.id] });
  }
  return stored.id;
}

/**
 * Files mail that came in from an address no customer has into a customer's conversation: the actor must read the
 * mail and see the customer. It then waits for an answer as mail from them does, and is written on their timeline.
 * Mail already linked answers 409.
 */
export async function assignEmail(db: Db, actor: Actor, id: string, customerId: string): Promise<EmailItem> {
  await db.transaction().execute(async (tx) => {
    const mail = await tx
      .selectFrom('emails as e')
      .select(['e.direction', 'e.customer_id', 'e.subject', 'e.mailbox_id'])
      .where('e.id', '=', id)
      .where(emailReadable(actor, 'e'))
      .forUpdate()
      .executeTakeFirst();
    if (!mail) throw notFound('E-mail');
    if (mail.direction !== 'inbound' || mail.customer_id !== null) {
      throw conflict('This e-mail is already filed with a customer');
    }
    const customer = await tx
      .selectFrom('customers')
      .select(['id', 'user_id'])
      .where('id', '=', customerId)
      .where(visibleTo(actor, 'user_id'))
      .executeTakeFirst();
    if (!customer) throw notFound('Customer');
    await tx.updateTable('emails').set({ customer_id: customer.id }).where('id', '=', id).execute();
    await recordAudit(tx, actor, {
      entityType: 'customer',
      entityId: customer.id,
      action: 'email_assigned',
      changes: { email_id: id, subject: mail.subject },
    });
    const readers = await tx
      .selectFrom('users')
      .select('id')
      .where('banned', 'is not', true)
      .where((eb) => eb.or([eb('role', 'in', ['admin', 'editor']), eb('id', '=', customer.user_id)]))
      .execute();
    await publishChange(tx, 'emails', [actor.userId, ...readers.map((reader) => reader.id)]);
  });
  const { body: _body, ...item } = await getEmail(db, actor, id);
  return item;
}
