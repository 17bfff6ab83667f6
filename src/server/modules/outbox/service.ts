import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  HeldMailDiscarded,
  HeldMailSent,
  MailStatus,
  OutboxItem,
  OutboxListQuery,
  OutboxMessage,
} from '../../../shared/outbox/types.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { requireRole } from '../../auth/scope.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudits } from '../../platform/audit.js';
import { momentIdCursor, newestFirstKey, olderThan, pageOf } from '../../http/paging.js';
import type { Matches, Wire } from '../../http/wire.js';

/** The outbox row as the list reads it: the recipient and subject out of its payload, never the body. */
type OutboxListRow = Pick<
  Row<'outbox'>,
  | 'id'
  | 'kind'
  | 'status'
  | 'attempts'
  | 'last_error'
  | 'created_at'
  | 'sent_at'
  | 'delivered_at'
  | 'send_after'
  | 'appointment_starts_at'
  | 'discarded_at'
> & {
  to: string | null;
  subject: string | null;
  appointment_past: boolean;
  discarded_by: string | null;
};
const _itemIsRow: Matches<Wire<OutboxListRow>, OutboxItem> = true;
void _itemIsRow;

/** Mail can carry links with tokens (invitations): only admins read the outbox (switched to an agent, an admin is one). */
function assertAdmin(actor: Actor) {
  requireRole(actor, 'admin');
}

/** A mail about an appointment whose start has passed: too late to send. */
const appointmentPast = sql<boolean>`coalesce(o.appointment_starts_at < now(), false)`;

const listed = (db: Kysely<DB>) =>
  db
    .selectFrom('outbox as o')
    .leftJoin('users as d', 'd.id', 'o.discarded_by')
    .select([
      'o.id',
      'o.kind',
      'o.status',
      'o.attempts',
      'o.last_error',
      'o.created_at',
      'o.sent_at',
      'o.delivered_at',
      'o.send_after',
      'o.appointment_starts_at',
      appointmentPast.as('appointment_past'),
      'd.name as discarded_by',
      'o.discarded_at',
      sql<string | null>`o.payload->>'to'`.as('to'),
      sql<string | null>`o.payload->>'subject'`.as('subject'),
    ]);

/** The outbox, newest first. */
export async function listOutbox(db: Kysely<DB>, actor: Actor, query: OutboxListQuery): Promise<Page<OutboxListRow>> {
  assertAdmin(actor);
  const cursor = momentIdCursor(query.cursor);
  const rows = await listed(db)
    .$if(query.kind !== undefined, (qb) => qb.where('o.kind', '=', query.kind!))
    .$if(query.status !== undefined, (qb) => qb.where('o.status', '=', query.status!))
    .$if(cursor !== null, (qb) => qb.where(olderThan(cursor!, 'o')))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, newestFirstKey);
}

/** One message with its text body. */
export async function getOutboxMessage(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
): Promise<OutboxListRow & Pick<OutboxMessage, 'text'>> {
  assertAdmin(actor);
  const row = await listed(db)
    .select(sql<string | null>`o.payload->>'text'`.as('text'))
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Message');
  return row;
}

/**
 * Whether mail can leave at all (SMTP_URL, or the company's mailbox), and how much is held: the Communications page's
 * banner and the held mail's card for admins.
 */
export async function mailStatus(db: Kysely<DB>, actor: Actor, mailer: Pick<Mailer, 'canSend'>): Promise<MailStatus> {
  assertAdmin(actor);
  const { held } = await db
    .selectFrom('outbox')
    .select(sql<number>`count(*)::int`.as('held'))
    .where('kind', '=', 'email')
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return { mail_server: await mailer.canSend(db), held_mail: held };
}

const NOTHING_CAN_SEND =
  'No mail server is set up: held mail can be sent once SMTP_URL is set or the company mailbox is connected';

/** The held mail by these ids (or all of it), each with whether its appointment has passed, for update. */
const heldMail = (tx: Transaction<DB>, ids?: readonly string[]) =>
  tx
    .selectFrom('outbox as o')
    .select(['o.id', 'o.status', 'o.created_by', appointmentPast.as('appointment_past')])
    .where('o.kind', '=', 'email')
    .$if(ids !== undefined, (qb) => qb.where('o.id', 'in', ids!))
    .$if(ids === undefined, (qb) => qb.where('o.status', '=', 'held'))
    .forUpdate()
    .execute();

/** The one held mail an admin acts on: 404 when there is no such mail, 409 when it is no longer held. */
async function oneHeldMail(tx: Transaction<DB>, id: string) {
  const [row] = await heldMail(tx, [id]);
  if (!row) throw notFound('Message');
  if (row.status !== 'held') throw conflict('This mail is no longer held');
  return row;
}

/** The outbox's and the writers' mail lists refresh in every tab. */
async function tellLists(tx: Transaction<DB>, writers: (string | null)[]) {
  await publishChange(tx, 'outbox', []);
  await publishChange(tx, 'emails', writers);
}

async function send(
  tx: Transaction<DB>,
  actor: Actor,
  mailer: Pick<Mailer, 'release'>,
  rows: Awaited<ReturnType<typeof heldMail>>,
) {
  const sent = new Set(
    await mailer.release(
      tx,
      rows.map((row) => row.id),
    ),
  );
  const done = rows.filter((row) => sent.has(row.id));
  await recordAudits(
    tx,
    actor,
    done.map((row) => ({
      entityType: 'outbox',
      entityId: row.id,
      action: 'held_mail_sent',
      changes: row.appointment_past ? { appointment_past: true } : {},
    })),
  );
  await tellLists(
    tx,
    done.map((row) => row.created_by),
  );
  return done.length;
}

async function discard(tx: Transaction<DB>, actor: Actor, rows: Awaited<ReturnType<typeof heldMail>>) {
  if (rows.length === 0) return 0;
  const discarded = await tx
    .updateTable('outbox')
    .set({ status: 'discarded', discarded_by: actor.userId, discarded_at: new Date() })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .where('status', '=', 'held')
    .returning(['id', 'created_by'])
    .execute();
  await recordAudits(
    tx,
    actor,
    discarded.map((row) => ({ entityType: 'outbox', entityId: row.id, action: 'held_mail_discarded' })),
  );
  await tellLists(
    tx,
    discarded.map((row) => row.created_by),
  );
  return discarded.length;
}

/**
 * Sends one held mail now that something can send it. A mail about an appointment already past is sent too when an
 * admin chooses it alone (the list warns of it); "Send all" leaves such mail.
 */
export async function sendHeldMail(db: Kysely<DB>, actor: Actor, mailer: Pick<Mailer, 'canSend' | 'release'>, id: string) {
  assertAdmin(actor);
  await db.transaction().execute(async (tx) => {
    const row = await oneHeldMail(tx, id);
    if (!(await mailer.canSend(tx))) throw conflict(NOTHING_CAN_SEND);
    await send(tx, actor, mailer, [row]);
  });
  return getOutboxMessage(db, actor, id).then(({ text: _text, ...item }) => item);
}

/** Sends every held mail but those about an appointment already past, which stay held. */
export async function sendAllHeldMail(
  db: Kysely<DB>,
  actor: Actor,
  mailer: Pick<Mailer, 'canSend' | 'release'>,
): Promise<HeldMailSent> {
  assertAdmin(actor);
  return db.transaction().execute(async (tx) => {
    if (!(await mailer.canSend(tx))) throw conflict(NOTHING_CAN_SEND);
    const rows = await heldMail(tx);
    const past = rows.filter((row) => row.appointment_past);
    const sent = await send(
      tx,
      actor,
      mailer,
      rows.filter((row) => !row.appointment_past),
    );
    return { sent, skipped_past: past.length };
  });
}

/** Discards one held mail: kept as a record (who and when), never sent. */
export async function discardHeldMail(db: Kysely<DB>, actor: Actor, id: string) {
  assertAdmin(actor);
  await db.transaction().execute(async (tx) => discard(tx, actor, [await oneHeldMail(tx, id)]));
  return getOutboxMessage(db, actor, id).then(({ text: _text, ...item }) => item);
}

/** Discards every held mail, those about a past appointment included. */
export async function discardAllHeldMail(db: Kysely<DB>, actor: Actor): Promise<HeldMailDiscarded> {
  assertAdmin(actor);
  return { discarded: await db.transaction().execute(async (tx) => discard(tx, actor, await heldMail(tx))) };
}
