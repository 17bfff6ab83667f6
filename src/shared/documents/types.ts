import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../http/paging.js';
import { documentCategories } from './options.js';

/** A deal's document in the all-documents table, with the deal it belongs to. */
export const dealDocumentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  file_size: z.number(),
  content_type: z.string(),
  category: z.enum(documentCategories).nullable(),
  uploaded_by: z.string(),
  uploaded_by_name: z.string(),
  created_at: z.string(),
  deal_id: z.string(),
  deal_label: z.string(),
});
export type DealDocument = z.infer<typeof dealDocumentSchema>;
export const dealDocumentPageSchema = pageSchema(dealDocumentSchema);
export const dealDocumentsQuerySchema = pageQuerySchema;
