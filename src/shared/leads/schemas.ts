import { z } from 'zod';
import { recordId, requiredText } from '../common/fields.js';

/** Where ADF posts go; the source's key rides along as `?key=` (what most senders can set) or `X-Lead-Key`. */
export const ADF_PATH = '/api/leads/adf';

export const leadSourceInputSchema = z.object({ name: requiredText(100, 'Name is required') });
export type LeadSourceInput = z.output<typeof leadSourceInputSchema>;

/** A service that posts leads (admins only). Its key is shown once, when it is created. */
export const leadSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  leads: z.number(),
  flagged: z.number(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const leadSourcesSchema = z.object({ items: z.array(leadSourceSchema) });
export const createdLeadSourceSchema = leadSourceSchema.extend({ key: z.string(), path: z.string() });
export type CreatedLeadSource = z.infer<typeof createdLeadSourceSchema>;

export const leadSourceParams = z.object({ id: recordId });

export const adfQuerySchema = z.object({ key: z.string().max(200).optional() });

/** The answer to an ADF post: each prospect's lead, or the one flagged lead when the document could not be read. */
export const adfOutcomeSchema = z.object({
  status: z.enum(['parsed', 'flagged']),
  reason: z.string().nullable(),
  leads: z.array(
    z.object({
      id: z.string(),
      customer_id: z.string().nullable(),
      new_customer: z.boolean(),
      assigned_to: z.string().nullable(),
      assignment_reason: z.string().nullable(),
    }),
  ),
});
export type AdfOutcome = z.infer<typeof adfOutcomeSchema>;
