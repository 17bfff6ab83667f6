import { z } from 'zod';
import { optionalParam, pageQuerySchema, pageSchema } from '../http/paging.js';

export const outboxKinds = ['email', 'webhook', 'sms'] as const;
/**
 * pending: waiting for its next attempt (or its moment, `send_after`); sent; failed: refused for good or out of
 * retries; held: nowhere to send it yet (mail without SMTP_URL, texts without a texting provider or SMS address);
 * discarded: held mail an admin chose not to send, kept as a record and never sent.
 */
export const outboxStatuses = ['pending', 'sent', 'failed', 'held', 'discarded'] as const;

/**
 * `?kind=&status=&limit=&cursor=` of the outbox list, newest first; `kind` alone (webhook: the deliveries view), or
 * `kind=email&status=held`: the held mail admins send or discard.
 */
export const outboxListQuerySchema = pageQuerySchema.extend({
  kind: optionalParam(z.enum(outboxKinds)),
  status: optionalParam(z.enum(outboxStatuses)),
});
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;

/** A message of the outbox as admins read it in the list: never its body. */
export const outboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(outboxKinds),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(outboxStatuses),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** A text its provider reported delivered. */
  delivered_at: z.string().nullable(),
  send_after: z.string().nullable(),
  /** The start of the appointment a mail is about (its invitation, change or reminder), and whether it has passed. */
  appointment_starts_at: z.string().nullable(),
  appointment_past: z.boolean(),
  /** Who discarded a held mail (their name), and when. */
  discarded_by: z.string().nullable(),
  discarded_at: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxPageSchema = pageSchema(outboxItemSchema);

/** One message with its text body. */
export const outboxMessageSchema = outboxItemSchema.extend({ text: z.string().nullable() });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** POST /api/outbox/held/send: how many held mails were sent, and how many were left because their appointment has passed. */
export const heldMailSentSchema = z.object({ sent: z.number(), skipped_past: z.number() });
export type HeldMailSent = z.infer<typeof heldMailSentSchema>;
/** POST /api/outbox/held/discard: how many held mails were discarded. */
export const heldMailDiscardedSchema = z.object({ discarded: z.number() });
export type HeldMailDiscarded = z.infer<typeof heldMailDiscardedSchema>;

/**
 * GET /api/outbox/mail: whether mail can leave (SMTP_URL, or the company's mailbox), and how many e-mails are held:
 * sent or discarded by admins once it can.
 */
export const mailStatusSchema = z.object({ mail_server: z.boolean(), held_mail: z.number() });
export type MailStatus = z.infer<typeof mailStatusSchema>;
