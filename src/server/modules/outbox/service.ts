import { sql, type Kysely } from 'kysely';
import type { MailStatus, OutboxItem, OutboxListQuery, OutboxMessage } from '../../../shared/outbox/types.js';
import { companyMailbox, type Mailer } from '../../mail/mailer.js';
import type { Page } from '../../../shared/http/paging.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { requireRole } from '../../auth/scope.js';
import { momentIdCursor, newestFirstKey, olderThan, pageOf } from '../../http/paging.js';
import type { Matches, Wire } from '../../http/wire.js';

/** The outbox row as the list reads it: the recipient and subject out of its payload, never the body. */
type OutboxListRow = Pick<
  Row<'outbox'>,
  'id' | 'kind' | 'status' | 'attempts' | 'last_error' | 'created_at' | 'sent_at' | 'delivered_at' | 'send_after'
> & {
  to: string | null;
  subject: string | null;
};
const _itemIsRow: Matches<Wire<OutboxListRow>, OutboxItem> = true;
void _itemIsRow;

/** Mail can carry links with tokens (invitations): only admins read the outbox (switched to an agent, an admin is one). */
function assertAdmin(actor: Actor) {
  requireRole(actor, 'admin');
}

const listed = (db: Kysely<DB>) =>
  db
    .selectFrom('outbox')
    .select([
      'id',
      'kind',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
      'delivered_at',
      'send_after',
      sql<string | null>`payload->>'to'`.as('to'),
      sql<string | null>`payload->>'subject'`.as('subject'),
    ]);

/** The outbox, newest first. */
export async function listOutbox(db: Kysely<DB>, actor: Actor, query: OutboxListQuery): Promise<Page<OutboxListRow>> {
  assertAdmin(actor);
  const cursor = momentIdCursor(query.cursor);
  const rows = await listed(db)
    .$if(query.kind !== undefined, (qb) => qb.where('kind', '=', query.kind!))
    .$if(cursor !== null, (qb) => qb.where(olderThan(cursor!)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
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
    .select(sql<string | null>`payload->>'text'`.as('text'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Message');
  return row;
}

/**
 * Whether mail can leave at all (SMTP_URL, or the company's mailbox), and how much waits for a mail server: the
 * Communications page's banner for admins.
 */
export async function mailStatus(db: Kysely<DB>, actor: Actor, mailer: Pick<Mailer, 'holding'>): Promise<MailStatus> {
  assertAdmin(actor);
  const { held } = await db
    .selectFrom('outbox')
    .select(sql<number>`count(*)::int`.as('held'))
    .where('kind', '=', 'email')
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return { mail_server: !mailer.holding || Boolean(await companyMailbox(db)), held_mail: held };
}
