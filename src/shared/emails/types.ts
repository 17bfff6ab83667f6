import { z } from 'zod';
import { deliverySchema } from '../outbox/delivery.js';
import { pageSchema } from '../http/paging.js';

export const emailItemSchema = z.object({
  id: z.string(),
  direction: z.enum(['outbound', 'inbound']),
  from_address: z.string(),
  to_address: z.string(),
  subject: z.string(),
  /** The start of the body, for the list. */
  preview: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** The customer whose address it carries, when the reader may see them. */
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** That customer's latest deal: the list's deal badge. */
  deal: z.object({ id: z.string(), label: z.string() }).nullable(),
  sent_by_name: z.string().nullable(),
  /** Mail Torque sends: where its delivery stands (`deliveryStateOf`); null for mail that came in. */
  delivery: deliverySchema.nullable(),
});
export type EmailItem = z.infer<typeof emailItemSchema>;
export const emailPageSchema = pageSchema(emailItemSchema);
export const emailDetailSchema = emailItemSchema.extend({ body: z.string() });
export type EmailDetail = z.infer<typeof emailDetailSchema>;
export const inboundOutcomeSchema = z.object({
  id: z.string(),
  customer_linked: z.boolean(),
  repeated: z.boolean(),
  /** Leads read from an ADF document in the body or an attachment (a flagged one counts). */
  leads: z.number(),
});

/**
 * E-mail consent at an address, as compose shows it beside To: opted out when any customer with the address last opted
 * out; otherwise the consent of the customer the mail is linked to; 'not_customer' when the reader sees no customer
 * with it (mail to it is allowed: no ledger says no).
 */
export const recipientConsents = ['opted_in', 'opted_out', 'none', 'not_customer'] as const;
export type RecipientConsent = (typeof recipientConsents)[number];
export const recipientConsentLabels: Record<RecipientConsent, string> = {
  opted_in: 'Opted in to e-mail',
  opted_out: 'Opted out of e-mail',
  none: 'No e-mail consent recorded',
  not_customer: 'Not a customer',
};

export const emailRecipientSchema = z.object({
  /** The customer the mail would be linked to: one the reader may see, their own first. */
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  email_consent: z.enum(recipientConsents),
});
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;
