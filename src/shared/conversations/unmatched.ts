import { z } from 'zod';
import { optionalName } from '../common/fields.js';
import { pageQuerySchema, pageSchema } from '../http/paging.js';

/** `?limit=&cursor=` of the texts from numbers no customer has, newest first. */
export const unmatchedTextQuerySchema = pageQuerySchema;

/** A text from a number no customer has, waiting under Communications → Unmatched for a person to file it. */
export const unmatchedTextSchema = z.object({
  id: z.string(),
  phone: z.string(),
  body: z.string(),
  received_at: z.string(),
});
export type UnmatchedText = z.infer<typeof unmatchedTextSchema>;
export const unmatchedTextPageSchema = pageSchema(unmatchedTextSchema);

/** POST /api/unmatched-texts/:id/lead: a lead from the text; the name is the number's when left blank. */
export const unmatchedTextLeadSchema = z.object({ name: optionalName(200) });
export type UnmatchedTextLead = z.input<typeof unmatchedTextLeadSchema>;

/** POST /api/unmatched-texts/:id/attach: the customer the text is from; `save_phone` keeps the number on one who has none. */
export const attachUnmatchedTextSchema = z.object({
  customer_id: z.uuid('Choose a customer'),
  save_phone: z.boolean().default(false),
});
export type AttachUnmatchedText = z.input<typeof attachUnmatchedTextSchema>;

/** What filing an unmatched text answers: the customer whose conversation it joined. */
export const filedTextSchema = z.object({ customer_id: z.string(), customer_name: z.string() });
export type FiledText = z.infer<typeof filedTextSchema>;
