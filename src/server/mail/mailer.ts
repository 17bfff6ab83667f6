import { createTransport } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Encryption } from '../auth/encryption.js';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import type { Job, JobQueue, RetryPolicy } from '../jobs/queue.js';
import { publishChange } from '../realtime/publish.js';
import { systemResolve, type Resolve } from '../net/public-address.js';
import { connectionProblem, keepInSent, mailboxAccess, smtpTransport } from './mailbox-connection.js';

/** An iCalendar object sent as the mail's calendar part (RFC 6047): an appointment's invitation, change or cancellation. */
export type MailCalendar = { method: 'REQUEST' | 'CANCEL'; content: string };

/**
 * An e-mail as Torque writes it: one recipient, plain text, HTML when there is any, extra headers (a marketing
 * mail's List-Unsubscribe), and an invitation's calendar. A mail written from a connected mailbox leaves through it
 * (`mailboxId`), with its Message-ID and, for a reply, the Message-IDs it answers, so it threads in the customer's
 * mail program.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  calendar?: MailCalendar;
  mailboxId?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** The appointment the mail is about (its invitation, change, cancellation or reminder) and the start it speaks of. */
  appointment?: { id: string; startsAt: Date };
};

export type Mailer = {
  /**
   * Writes the mail to the outbox and its delivery job through the caller's transaction: the mail leaves only if the
   * change that causes it commits. Without SMTP_URL it is kept in the outbox as `held`, for admins to read. Returns
   * the outbox id.
   */
  queue: (tx: Transaction<DB>, message: MailMessage, createdBy: string | null) => Promise<string>;
  /**
   * True when there is no company mail server (no SMTP_URL): what is queued leaves through the company's mailbox when
   * one is connected, and is otherwise held in the outbox (but mail written from a person's own mailbox).
   */
  holding: boolean;
  /** The address Torque's own mail leaves from without a mailbox (MAIL_FROM's, without its name). */
  sender: string;
  /** Whether mail can leave at all: through SMTP_URL, or through the company's mailbox when one is connected. */
  canSend: (db: Kysely<DB>) => Promise<boolean>;
  /**
   * Sends mail held while nothing could send it, through SMTP_URL or else the company's mailbox, in the caller's
   * transaction. Only mail still held is sent; returns the ids that were. A person's own mailbox carries only what they
   * write as they write it, so never held mail.
   */
  release: (tx: Transaction<DB>, ids: readonly string[]) => Promise<string[]>;
};

export const MAIL_JOB = 'mail-deliver';

/** Six retries over about an hour: 30–60 s after the first failure, doubling up to 16–32 minutes after the sixth. */
const MAIL_RETRY: RetryPolicy = { retryLimit: 6, retryDelay: 30, retryBackoff: true };

const payloadSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullish(),
  headers: z.record(z.string(), z.string()).nullish(),
  calendar: z.object({ method: z.enum(['REQUEST', 'CANCEL']), content: z.string() }).nullish(),
  message_id: z.string().nullish(),
  in_reply_to: z.string().nullish(),
  references: z.array(z.string()).nullish(),
});
type Payload = z.output<typeof payloadSchema>;

/** What may be logged about a recipient: the domain, never the address. */
const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1) || '?';

type SmtpError = Error & { code?: string; responseCode?: number; permanent?: boolean };

export type MailerOptions = {
  retry?: Partial<RetryPolicy>;
  encryption: Encryption;
  /** The dealership's name (Settings → Company), read as each mail leaves: the From header's display name. */
  dealershipName: (db: Kysely<DB>) => Promise<string>;
  /** How a mailbox's server names are looked up (the system's resolver unless a test answers its own). */
  resolve?: Resolve;
};

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailboxPrivateHosts'>,
  db: Kysely<DB>,
  jobs: JobQueue,
  log: FastifyBaseLogger,
  options: MailerOptions,
): Mailer {
  const transport = config.smtpUrl
    ? createTransport({ url: config.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
    : null;
  if (!transport) log.info('SMTP_URL is not set: mail is kept in the outbox, where admins can read it');
  // MAIL_FROM's address is the sender's; its display name gives way to the writer's and the dealership's.
  const mailFromAddress = addressparser(config.mailFrom, { flatten: true })[0]?.address || config.mailFrom;
  /** Writes a mail out as it travels, for a mailbox's SMTP server and its Sent folder. */
  const composer = createTransport({ streamTransport: true, buffer: true });
  const resolve = options.resolve ?? systemResolve;

  /**
   * Sends through the mailbox the mail was written from, then keeps a copy in its Sent folder; a copy that cannot be
   * kept is logged, the mail having left.
   */
  const sendFromMailbox = async (mailboxId: string, mail: Payload, name: string, about: object) => {
    // A person's own mailbox stays on public addresses as its reader does (MAILBOX_PRIVATE_HOSTS), at each sending.
    const access = await mailboxAccess(db, options.encryption, mailboxId, config.mailboxPrivateHosts);
    if (!access) throw Object.assign(new Error('The mailbox it was written from is no longer connected'), { permanent: true });
    const { message } = await composer.sendMail({ ...mailOptions(mail), from: { name, address: access.address } });
    const raw = message as Buffer;
    try {
      const smtp = await smtpTransport(access, resolve);
      await smtp.sendMail({ envelope: { from: access.address, to: [mail.to] }, raw }).finally(() => smtp.close());
    } catch (error) {
      const reason = connectionProblem(error, access.smtp_host);
      const responseCode = (error as SmtpError).responseCode;
      // A refusal (5xx), or a server this mailbox may not reach, would be the same at the next attempt.
      const permanent = (responseCode !== undefined && responseCode >= 500) || (error as SmtpError).code === 'EPRIVATE';
      throw Object.assign(new Error(reason), { responseCode, permanent });
    }
    if (mail.message_id) {
      await keepInSent(access, resolve, raw, mail.message_id).catch((error: unknown) =>
        log.warn({ ...about, reason: connectionProblem(error, access.imap_host) }, 'mail sent; its copy in Sent was not kept'),
      );
    }
  };

  /** The sender's mail lists, and the admins' outbox, show each attempt's outcome as it happens. */
  const tellSender = async (row: { created_by: string | null } | undefined) => {
    await publishChange(db, 'emails', [row?.created_by]);
    await publishChange(db, 'outbox', []);
  };

  /** `Emma Carter — Walk Motors`: who wrote the mail and the dealership; the dealership alone for Torque's own mail. */
  const senderName = async (createdBy: string | null) => {
    const person = createdBy
      ? (await db.selectFrom('users').select('name').where('id', '=', createdBy).executeTakeFirst())?.name
      : undefined;
    return [person, await options.dealershipName(db)]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' — ');
  };

  /**
   * One attempt. A mail no longer pending (sent, failed, held, discarded) is left alone, so a repeated job never sends
   * it again.
   */
  const deliver = async (job: Job<{ outboxId: string }>) => {
    const { outboxId } = job.data;
    const row = await db
      .selectFrom('outbox')
      .select(['status', 'payload', 'mailbox_id', 'created_by'])
      .where('id', '=', outboxId)
      .executeTakeFirst();
    if (!row || row.status !== 'pending') return;
    const mail = payloadSchema.parse(row.payload);
    const about = { outboxId, domain: domainOf(mail.to), subject: mail.subject, attempt: job.attempt };
    try {
      const name = await senderName(row.created_by);
      if (row.mailbox_id) await sendFromMailbox(row.mailbox_id, mail, name, about);
      else if (transport) await transport.sendMail({ ...mailOptions(mail), from: { name, address: mailFromAddress } });
      else throw Object.assign(new Error('No mail server is set (SMTP_URL)'), { permanent: true });
    } catch (caught) {
      const error = caught as SmtpError;
      // A permanent refusal (5xx) would be refused again: it ends here; anything else is retried until the last attempt.
      const final = job.lastAttempt || error.permanent === true;
      await db
        .updateTable('outbox')
        .set({ attempts: sql`attempts + 1`, last_error: error.message.slice(0, 1000), status: final ? 'failed' : 'pending' })
        .where('id', '=', outboxId)
        .returning('created_by')
        .executeTakeFirst()
        .then(tellSender);
      const reason = error.responseCode ? `SMTP ${error.responseCode}` : (error.code ?? 'error');
      log.warn({ ...about, reason, final }, final ? 'mail failed' : 'mail not sent yet');
      if (error.permanent) return;
      throw new Error(`mail ${outboxId} not sent: ${reason}`);
    }
    await db
      .updateTable('outbox')
      // last_error stays: why it took more than one attempt.
      .set({ status: 'sent', sent_at: new Date(), attempts: sql`attempts + 1` })
      .where('id', '=', outboxId)
      .returning('created_by')
      .executeTakeFirst()
      .then(tellSender);
    log.info(about, 'mail sent');
  };
  jobs.work(MAIL_JOB, deliver, { ...MAIL_RETRY, ...options.retry, expireInSeconds: 180 });

  const canSend = async (from: Kysely<DB>) => Boolean(transport) || Boolean(await companyMailbox(from));

  return {
    holding: !transport,
    sender: /<([^<>]+)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim(),
    canSend,
    async release(tx, ids) {
      if (ids.length === 0) return [];
      const mailboxId = transport ? null : await companyMailbox(tx);
      if (!transport && !mailboxId) return [];
      const released = await tx
        .updateTable('outbox')
        .set({ status: 'pending', mailbox_id: mailboxId })
        .where('id', 'in', ids)
        .where('kind', '=', 'email')
        .where('status', '=', 'held')
        .returning('id')
        .execute();
      for (const { id } of released) await jobs.enqueue(tx, MAIL_JOB, { outboxId: id });
      return released.map(({ id }) => id);
    },
    async queue(tx, message, createdBy) {
      // Without a mail server of its own, Torque's mail leaves through the company's mailbox when one is connected.
      const mailboxId = message.mailboxId ?? (transport ? undefined : await companyMailbox(tx));
      if (!transport && !mailboxId) return insertMail(tx, message, createdBy, 'held');
      const id = await insertMail(tx, { ...message, mailboxId }, createdBy, 'pending');
      await jobs.enqueue(tx, MAIL_JOB, { outboxId: id });
      return id;
    },
  };
}

/** The company's mailbox, when one is connected. */
export const companyMailbox = async (db: Kysely<DB>) =>
  (await db.selectFrom('mailboxes').select('id').where('user_id', 'is', null).executeTakeFirst())?.id;

/** The mail as nodemailer sends it, but for its sender. */
const mailOptions = (mail: Payload) => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? undefined,
  headers: mail.headers ?? undefined,
  messageId: mail.message_id ?? undefined,
  inReplyTo: mail.in_reply_to ?? undefined,
  references: mail.references ?? undefined,
  // The calendar part mail programs show as an invitation, and the same as an attachment for those that do not.
  icalEvent: mail.calendar ? { method: mail.calendar.method, content: mail.calendar.content, filename: 'invite.ics' } : undefined,
});

async function insertMail(tx: Transaction<DB>, message: MailMessage, createdBy: string | null, status: 'pending' | 'held') {
  const payload = {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    headers: message.headers ?? null,
    calendar: message.calendar ?? null,
    message_id: message.messageId ?? null,
    in_reply_to: message.inReplyTo ?? null,
    references: message.references ?? null,
  };
  const { id } = await tx
    .insertInto('outbox')
    .values({
      kind: 'email',
      payload: JSON.stringify(payload),
      status,
      created_by: createdBy,
      mailbox_id: message.mailboxId ?? null,
      appointment_id: message.appointment?.id ?? null,
      appointment_starts_at: message.appointment?.startsAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
