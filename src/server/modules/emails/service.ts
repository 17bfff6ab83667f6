import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
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
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { cursorValue, decodeCursor, pageOf } from '../../http/paging.js';
import { callInFlight, HOOK_MEMORY_SECONDS } from '../../http/signed-hook.js';
import type { Mailer } from '../../mail/mailer.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../audit/service.js';
import { latestConsent } from '../consent/service.js';
import { getSetting, mailFooter } from '../settings/service.js';
import { stopPlans } from '../tasks/plans.js';
import { closeAnsweredLeadTasks } from '../tasks/rules.js';

type Db = Kysely<DB>;
type Row = Omit<EmailDetail, 'created_at'> & { created_at: Date };

/**
 * Who reads an e-mail (`email` names its row): admins and editors all of it, unlinked mail included; agents the mail
 * of their own customers and the mail they wrote. The mail screens and the full export read through this one rule.
 */
export const emailReadable = (actor: Actor, email: string): RawBuilder<SqlBool> =>
  seesAll(actor)
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(${sql.ref(`${email}.sent_by`)} = ${actor.userId} OR EXISTS (
        SELECT 1 FROM customers rc WHERE rc.id = ${sql.ref(`${email}.customer_id`)} AND ${visibleTo(actor, 'rc.user_id')}))`;

/** The e-mails the actor may read, with the customer and their latest deal where the actor may see those. */
function emailsOf(db: Db, actor: Actor, where: ReturnType<typeof sql>, limit: number) {
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
    LIMIT ${limit}`.execute(db);
}

const toItem = ({ body: _body, ...row }: Row): EmailItem => ({ ...row, created_at: row.created_at.toISOString() });

/** The inbox (mail that came in) or the sent mail, newest first, paged. */
export async function listEmails(db: Db, actor: Actor, query: EmailListQuery): Promise<Page<EmailItem>> {
  const after = decodeCursor(query.cursor, 2);
  if (after && !(cursorValue.moment(after[0]) && cursorValue.uuid(after[1]))) throw badRequest('Invalid cursor');
  const direction = query.box === 'inbox' ? 'inbound' : 'outbound';
  const where = after
    ? sql`e.direction = ${direction} AND (e.created_at, e.id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
    : sql`e.direction = ${direction}`;
  const { rows } = await emailsOf(db, actor, where, query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.created_at.toISOString(), row.id]);
  return { ...page, items: page.items.map(toItem) };
}

/** One e-mail with its body; one the actor may not read answers 404. */
export async function getEmail(db: Db, actor: Actor, id: string): Promise<EmailDetail> {
  const { rows } = await emailsOf(db, actor, sql`e.id = ${id}`, 1);
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
  const id = await db.transaction().execute(async (tx) => {
    const { customer, optedOut } = await recipientAt(tx, actor, input.to);
    if (optedOut.length > 0 && !input.transactional) throw optedOutRefusal(input.to);
    const company = await getSetting(tx, 'company');
    const outboxId = await mailer.queue(
      tx,
      { to: input.to, subject: input.subject, text: `${input.message}\n\n${mailFooter(company)}` },
      actor.userId,
    );
    const email = await tx
      .insertInto('emails')
      .values({
        direction: 'outbound',
        customer_id: customer?.id ?? null,
        from_address: actor.email,
        to_address: input.to,
        subject: input.subject,
        body: input.message,
        is_read: true,
        sent_by: actor.userId,
        outbox_id: outboxId,
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
  });
  const { body: _body, ...item } = await getEmail(db, actor, id);
  return item;
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
    const customer = await tx
      .selectFrom('customers')
      .select(['id', 'user_id'])
      .where(sql`lower(email)`, '=', input.from.toLowerCase())
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const stored = await tx
      .insertInto('emails')
      .values({
        direction: 'inbound',
        customer_id: customer?.id ?? null,
        from_address: input.from,
        to_address: input.to,
        subject: input.subject,
        body: input.text,
        provider_id: input.message_id ?? null,
      })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return earlierEmail(tx, input);
    // Everyone who may read it sees it arrive: the customer's agent, and the admins and editors.
    const readers = await tx
      .selectFrom('users')
      .select('id')
      .where('banned', 'is not', true)
      .where((eb) => eb.or([eb('role', 'in', ['admin', 'editor']), eb('id', '=', customer?.user_id ?? null)]))
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
        changes: { email_id: stored.id, subject: input.subject },
      });
      await stopPlans(tx, null, [customer.id], 'answered');
    }
    return { id: stored.id, customer_linked: Boolean(customer), repeated: false };
  });
}
