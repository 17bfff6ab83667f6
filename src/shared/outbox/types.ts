import { z } from 'zod';
import { optionalParam, pageQuerySchema, pageSchema } from '../http/paging.js';

export const outboxKinds = ['email', 'webhook', 'sms'] as const;
/**
 * pending: waiting for its next attempt (or its moment, `send_after`); sent; failed: refused for good or out of
 * retries; held: nowhere to send it yet (mail without SMTP_URL, texts without a texting provider or SMS address).
 */
export const outboxStatuses = ['pending', 'sent', 'failed', 'held'] as const;

/** `?kind=&limit=&cursor=` of the outbox list, newest first; `kind` alone (webhook: the deliveries view). */
export const outboxListQuerySchema = pageQuerySchema.extend({ kind: optionalParam(z.enum(outboxKinds)) });
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
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
export const outboxPageSchema = pageSchema(outboxItemSchema);

/** One message with its text body. */
export const outboxMessageSchema = outboxItemSchema.extend({ text: z.string().nullable() });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /api/outbox/mail: whether a mail server is set up (SMTP_URL), and how many e-mails wait for one. */
export const mailStatusSchema = z.object({ mail_server: z.boolean(), held_mail: z.number() });
export type MailStatus = z.infer<typeof mailStatusSchema>;
