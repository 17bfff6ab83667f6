import { z } from 'zod';
import { requiredText } from '../common/fields.js';
import { pageQuerySchema, pageSchema } from '../http/paging.js';
import { deliverySchema } from '../outbox/delivery.js';

export const TEXT_REQUIRED = 'Write the text to send';
export const TEXT_MAX = 1600;

/** POST /api/customers/:id/texts: a text to the customer, from the conversation's reply box. */
export const sendTextSchema = z.object({ body: requiredText(TEXT_MAX, TEXT_REQUIRED) });
export type SendTextInput = z.input<typeof sendTextSchema>;

/** `?limit=&cursor=` of a customer's conversation, newest first. */
export const conversationQuerySchema = pageQuerySchema;

export const conversationChannels = ['email', 'text', 'logged'] as const;

/**
 * One entry of a customer's conversation: an e-mail or a text either way, or a call, meeting or note a person logged.
 * `delivery` is where a message Torque sent stands (with `delivered_at` for a text its provider reported delivered);
 * null for what came in and for what was logged.
 */
export const conversationEntrySchema = z.object({
  id: z.string(),
  channel: z.enum(conversationChannels),
  direction: z.enum(['inbound', 'outbound']),
  /** A logged entry's kind in words ('Call', 'Meeting'); an e-mail's subject; null for a text. */
  title: z.string().nullable(),
  body: z.string(),
  at: z.string(),
  /** Who wrote or logged it; null for what the customer sent, or for a text Torque sent by itself. */
  by: z.string().nullable(),
  delivery: deliverySchema.extend({ delivered_at: z.string().nullable(), send_after: z.string().nullable() }).nullable(),
});
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;
export const conversationPageSchema = pageSchema(conversationEntrySchema);

/**
 * What the reply box may do, and why not: the customer's number and e-mail, their consent on each channel, whether a
 * texting provider or webhook will carry a text, and, when it is 9 pm–8 am where they are, when a text would leave.
 */
export const conversationStateSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sms_consent: z.enum(['opted_in', 'opted_out']).nullable(),
  email_consent: z.enum(['opted_in', 'opted_out']).nullable(),
  texting: z.boolean(),
  quiet_until: z.string().nullable(),
  /** The mailbox an e-mail from here leaves from (the user's own, else the company's); null: the mail server's. */
  email_from: z.string().nullable(),
  /** No mailbox is connected and no mail server is set: an e-mail waits in the outbox. */
  email_held: z.boolean(),
  /** The customer's latest e-mail, which an e-mail from here answers (threading in their mail program). */
  reply_to: z.object({ id: z.string(), subject: z.string() }).nullable(),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

/** Why a text cannot be sent now, in the words the reply box shows, or null when it can. */
export function textRefusal(state: ConversationState, name: string): string | null {
  if (!state.phone) return `${name} has no phone number. Add one to their record to text them.`;
  if (state.sms_consent === 'opted_out') return `${name} opted out of texts. Write an e-mail or call instead.`;
  if (state.sms_consent !== 'opted_in') {
    return `${name} has not agreed to texts. Record their consent (below) before texting, or write an e-mail.`;
  }
  return null;
}

/** `?scope=&limit=&cursor=` of the conversations waiting for us: mine, or (admins and editors) the team's. */
export const inboxScopes = ['mine', 'team'] as const;
export const inboxQuerySchema = pageQuerySchema.extend({ scope: z.enum(inboxScopes).default('mine') });
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** A conversation waiting for an answer: whose, since when, and what the customer wrote last. */
export const inboxItemSchema = z.object({
  customer_id: z.string(),
  customer_name: z.string(),
  agent_id: z.string(),
  agent_name: z.string().nullable(),
  /** Who was given it to answer, if anyone. */
  assigned_to: z.object({ id: z.string(), name: z.string() }).nullable(),
  channel: z.enum(['email', 'text']),
  /** The latest message's text (a mail's subject), cut to 200 characters. */
  preview: z.string(),
  waiting_since: z.string(),
  last_at: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxPageSchema = pageSchema(inboxItemSchema);

/** POST /api/inbox/:id/assign: who answers the waiting conversation (null: nobody in particular). */
export const assignConversationSchema = z.object({ user_id: z.uuid('Choose someone').nullable() });

/** GET /api/inbox/assignees: who may be given any waiting conversation (admins and editors), beside its agent. */
export const inboxAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type InboxAssignee = z.infer<typeof inboxAssigneeSchema>;
