import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import type { DB } from '../../db/schema.js';
import { pendingKey, type BlobStore } from '../../storage/blob-store.js';
import type { Spool } from '../../storage/spool.js';
import { recordAudit } from '../../platform/audit.js';
import { detectDocumentType, displayName, nameForType, storageKey } from '../documents/index.js';
import { customerAt, keepEmail } from '../emails/index.js';
import { leadsInMail } from '../leads/index.js';
import { answerInvitation } from '../tasks/index.js';

export type FilingDeps = { store: BlobStore; spool: Spool; instanceId: string; uploadMaxBytes: number; log: FastifyBaseLogger };

/** The mailbox a message was read from, and the reader holding its lease. */
export type FilingMailbox = { id: string; user_id: string | null; address: string; reader: string };

export type ReadMessage = { mailbox: FilingMailbox; uid: number; source: Buffer; seen: boolean; receivedAt: Date | null };

const BODY_MAX = 100_000;
/** Files kept of one mail at most: what is beyond stays in the mailbox. */
const ATTACHMENTS_MAX = 10;
const CALENDAR_MAX = 100_000;

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((address) => [address.address, ...(address.group ?? []).map((member) => member.address)])
    .filter((address): address is string => Boolean(address));

/** Message-IDs as written in In-Reply-To and References: '<…>' each. */
const messageIds = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).map((id) => id.trim()).filter((id) => /^<[^<>\s]+>$/.test(id));

/** A mail without a Message-ID is known by its place in the mailbox. */
const placeId = (message: ReadMessage, validity: number) => `<${message.uid}.${validity}.${message.mailbox.id}@imap.torque>`;

const stripControl = (text: string) => text.replace(/\0/g, '');

/** The iCalendar parts of a mail (RFC 6047: text/calendar, or an .ics attached), as text; a large one is no reply. */
const calendarsOf = (parsed: ParsedMail) =>
  parsed.attachments
    .filter(
      (attachment) =>
        /^(text\/calendar|application\/ics)$/i.test(attachment.contentType) || /\.ics$/i.test(attachment.filename ?? ''),
    )
    .filter((attachment) => attachment.size <= CALENDAR_MAX)
    .slice(0, ATTACHMENTS_MAX)
    .map((attachment) => attachment.content.toString('utf8'));

/**
 * Files one message read from a mailbox, in one transaction that also moves the mailbox's `last_uid` past it (only
 * while this reader holds the lease: otherwise 'lost', and nothing is kept). The mail is linked to the customer whose
 * address sent it (the mailbox owner's customers first), else to the conversation it answers (In-Reply-To, then
 * References), else kept unmatched for a person to assign. A linked mail's attachments of the kinds documents may be
 * (checked by content) become the customer's documents. An ADF lead in the mail is read as the inbound hook reads it.
 * A calendar's REPLY to an appointment's invitation sets the customer's answer on it (`answerInvitation`).
 */
export async function fileMail(
  db: Kysely<DB>,
  deps: FilingDeps,
  message: ReadMessage,
): Promise<'filed' | 'known' | 'unreadable' | 'lost'> {
  const { mailbox } = message;
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(message.source, { skipImageLinks: true, skipTextToHtml: true });
  } catch (error) {
    // Beyond what the parser reads (a header over its size, parts nested past its limit): passed over, so that the
    // messages after it are read; it stays in the mailbox for the mail program.
    deps.log.warn({ err: error, mailbox: mailbox.id, uid: message.uid }, 'mailbox: a message could not be read; passed over');
    return passOver(db, message);
  }
  const from = addressesOf(parsed.from)[0] ?? '';
  const to = addressesOf(parsed.to)[0] ?? mailbox.address;
  const thread = [...messageIds(parsed.inReplyTo), ...messageIds(parsed.references).reverse()];
  const stored: { key: string; pending: string; name: string; size: number; contentType: string }[] = [];

  let emailId: string | null = null;
  const outcome = await db
    .transaction()
    .execute(async (tx) => {
      const fenced = await sql<{ uid_validity: number }>`
      UPDATE mailboxes SET last_uid = ${message.uid}
      WHERE id = ${mailbox.id} AND reader = ${mailbox.reader} AND last_uid < ${message.uid}
      RETURNING uid_validity`.execute(tx);
      const validity = fenced.rows[0]?.uid_validity;
      if (validity === undefined) {
        const row = await tx.selectFrom('mailboxes').select('reader').where('id', '=', mailbox.id).executeTakeFirst();
        return row?.reader === mailbox.reader ? 'known' : 'lost';
      }
      const messageId = parsed.messageId && parsed.messageId.length <= 500 ? parsed.messageId : placeId(message, validity);
      const customer = (await customerAt(tx, from ? [from] : [], mailbox.user_id)) ?? (await threadCustomer(tx, thread));
      emailId = await keepEmail(tx, {
        customer,
        from_address: from.slice(0, 320) || '(unknown sender)',
        to_address: to.slice(0, 320),
        subject: stripControl(parsed.subject ?? '').slice(0, 300),
        body: stripControl(parsed.text ?? '').slice(0, BODY_MAX),
        provider_id: messageId,
        mailbox_id: mailbox.id,
        mailbox_owner: mailbox.user_id,
        in_reply_to: thread[0]?.slice(0, 500) ?? null,
        is_read: message.seen,
        created_at: message.receivedAt && message.receivedAt.getTime() < Date.now() ? message.receivedAt : new Date(),
      });
      // A calendar's answer to an appointment's invitation sets it there; the mail is filed as any other.
      if (emailId && from) await answerInvitation(tx, { mailboxId: mailbox.id, from, calendars: calendarsOf(parsed) });
      if (!emailId || !customer) return 'filed';
      const uploader = mailbox.user_id ?? customer.user_id;
      for (const attachment of parsed.attachments.slice(0, ATTACHMENTS_MAX)) {
        const kept = await spoolAttachment(deps, attachment, uploader);
        if (!kept) continue;
        stored.push(kept);
        const { id } = await tx
          .insertInto('customer_documents')
          .values({
            customer_id: customer.id,
            file_name: kept.name,
            file_path: kept.key,
            file_size: kept.size,
            content_type: kept.contentType,
            uploaded_by: uploader,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(tx, null, {
          entityType: 'customer',
          entityId: customer.id,
          action: 'document_added',
          changes: { document_id: id, file_name: kept.name, file_size: kept.size, email_id: emailId },
        });
      }
      return 'filed';
    })
    .catch(async (error: unknown) => {
      await Promise.all(stored.map((file) => deps.store.remove(file.pending).catch(() => undefined)));
      throw error;
    });
  for (const file of stored) {
    await deps.store
      .move(file.pending, file.key)
      .catch((error: unknown) =>
        deps.log.error({ err: error, key: file.key }, 'mail attachment kept under its pending key; the blob sweep will move it'),
      );
  }
  if (outcome === 'filed' && emailId) await readLeads(db, deps, emailId, parsed, from);
  return outcome === 'lost' ? 'lost' : emailId ? 'filed' : 'known';
}

/** Moves the mailbox's `last_uid` past a message without filing it, while this reader holds the lease. */
async function passOver(db: Kysely<DB>, { mailbox, uid }: ReadMessage): Promise<'unreadable' | 'known' | 'lost'> {
  const moved = await db
    .updateTable('mailboxes')
    .set({ last_uid: uid })
    .where('id', '=', mailbox.id)
    .where('reader', '=', mailbox.reader)
    .where('last_uid', '<', uid)
    .returning('id')
    .executeTakeFirst();
  if (moved) return 'unreadable';
  const row = await db.selectFrom('mailboxes').select('reader').where('id', '=', mailbox.id).executeTakeFirst();
  return row?.reader === mailbox.reader ? 'known' : 'lost';
}

/** The customer of the conversation a reply answers: the newest of the mails it names that is linked to one. */
async function threadCustomer(db: Kysely<DB>, thread: string[]) {
  if (thread.length === 0) return null;
  const row = await db
    .selectFrom('emails as e')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .select(['c.id', 'c.user_id'])
    .where('e.provider_id', 'in', thread)
    .orderBy(sql`array_position(${sql.val(thread)}::text[], e.provider_id)`)
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Writes an attachment to the blob store under a pending key when it is a kind documents may be (by its content) and
 * within the upload limit; null otherwise (it stays in the mailbox).
 */
async function spoolAttachment(deps: FilingDeps, attachment: Attachment, uploader: string) {
  if (attachment.related || attachment.size > deps.uploadMaxBytes || attachment.size === 0) return null;
  const file = deps.spool.file();
  await fs.promises.writeFile(file, attachment.content, { mode: 0o600 });
  try {
    const claimed = displayName(attachment.filename);
    const contentType = await detectDocumentType(file, claimed).catch(() => null);
    if (!contentType) return null;
    const name = nameForType(claimed, contentType);
    const key = storageKey(uploader, name);
    const pending = pendingKey(deps.instanceId, key);
    await deps.store.put(pending, { path: file, size: attachment.size, contentType });
    return { key, pending, name, size: attachment.size, contentType };
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}

/** An ADF lead in the mail (its text or an XML attachment) becomes a lead, as when the inbound hook receives it. */
async function readLeads(db: Kysely<DB>, deps: FilingDeps, emailId: string, parsed: ParsedMail, from: string) {
  const attachments = parsed.attachments
    .filter((attachment) => attachment.size <= 700_000)
    .slice(0, ATTACHMENTS_MAX)
    .map((attachment) => ({
      filename: attachment.filename ?? '',
      content_type: attachment.contentType,
      content: attachment.content.toString('base64'),
    }));
  await leadsInMail(db, emailId, { from, text: parsed.text ?? '', attachments }).catch((error: unknown) =>
    deps.log.warn({ err: error, emailId }, 'mailbox: the lead in a mail could not be read'),
  );
}
