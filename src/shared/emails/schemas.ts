import { z } from 'zod';
import { isStorableText, requiredText, text, UNSTORABLE_TEXT_MESSAGE } from '../common/fields.js';
import { pageQuerySchema } from '../http/paging.js';

export const EMAIL_FIELDS_REQUIRED = 'Please fill in all email fields';
export const EMAIL_ADDRESS_INVALID = 'Please enter a valid email address';

export const TRANSACTIONAL_LABEL = 'Transactional message (not marketing)';
export const TRANSACTIONAL_HINT =
  "Receipts, documents and news of the customer's own deal, never offers: sent even after an opt-out.";
export const OPTED_OUT_NOTE = 'Only a transactional message (not marketing) can be sent to this address.';
/** Why compose refuses an address: someone with it has opted out of e-mail, and the mail is not marked transactional. */
export const emailOptedOutMessage = (address: string) => `${address} has opted out of e-mail. ${OPTED_OUT_NOTE}`;

const recipientAddress = requiredText(254, EMAIL_FIELDS_REQUIRED).pipe(z.email(EMAIL_ADDRESS_INVALID));

/**
 * The compose form: to, subject and message, all required (spec part 2 §5), and whether the mail is transactional,
 * which lets it reach an address that has opted out of marketing.
 */
export const composeSchema = z.object({
  to: recipientAddress,
  subject: requiredText(300, EMAIL_FIELDS_REQUIRED),
  message: requiredText(20_000, EMAIL_FIELDS_REQUIRED),
  transactional: z.boolean().default(false),
  /** The mail this one answers (a reply from the conversation): it is sent as a reply to it, threading with it. */
  reply_to: z.uuid().optional(),
});
export type ComposeInput = z.output<typeof composeSchema>;

/** Compose's lookup of the address typed in To: whose it is and its e-mail consent. */
export const recipientQuerySchema = z.object({ address: recipientAddress });

/** Mail that came in, mail sent, and mail that came in from an address no customer has (to assign to one). */
export const emailBoxes = ['inbox', 'sent', 'unmatched'] as const;
export const emailListQuerySchema = pageQuerySchema.extend({ box: z.enum(emailBoxes).default('inbox') });

/** POST /api/emails/:id/assign: the customer mail from an unknown address is theirs. */
export const assignEmailSchema = z.object({ customer_id: z.uuid('Choose a customer') });
export type EmailListQuery = z.output<typeof emailListQuerySchema>;

/** What the inbound-mail service posts to /api/hooks/inbound-email, signed with the 'inbound_email' secret. */
export const inboundEmailSchema = z.object({
  from: text(320).pipe(z.email('Not an e-mail address')),
  to: text(320),
  subject: text(300).default(''),
  text: z.string().max(100_000).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE).default(''),
  message_id: text(500).optional(),
  /** Files the mail carried, base64: an ADF lead sent as an XML attachment is read from here; others are not kept. */
  attachments: z
    .array(
      z.object({
        filename: text(255).default(''),
        content_type: text(200).default('application/octet-stream'),
        content: z.base64('Attachment content must be base64').max(700_000),
      }),
    )
    .max(10)
    .default([]),
});
export type InboundEmail = z.output<typeof inboundEmailSchema>;
