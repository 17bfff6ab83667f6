import { z } from 'zod';
import { isStorableText, text, UNSTORABLE_TEXT_MESSAGE } from '../common/fields.js';

/** A reply to a text, as the SMS provider posts it to /api/hooks/sms. `message_id` makes a repeated post a no-op. */
export const smsReplySchema = z.object({
  from: text(40).pipe(z.string().regex(/^\+?[\d\s().-]{7,}$/, 'Not a phone number')),
  body: z.string().max(2000).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE),
  message_id: text(200).optional(),
});
export type SmsReply = z.output<typeof smsReplySchema>;

export const smsReplyOutcomeSchema = z.object({
  outcome: z.enum(['opted_out', 'flagged', 'other']),
  /** Customers whose number sent it. */
  customers: z.number(),
  /** True when this message id had arrived before: nothing was done again. */
  repeated: z.boolean(),
});
export type SmsReplyOutcome = z.infer<typeof smsReplyOutcomeSchema>;
