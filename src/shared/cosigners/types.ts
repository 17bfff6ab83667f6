import { z } from 'zod';
import { pageSchema } from '../http/paging.js';

const signatureRecordSchema = z.object({
  name: z.string(),
  signed_at: z.string(),
  received_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  consent: z.string(),
  image_sha256: z.string(),
});
export type SignatureRecord = z.infer<typeof signatureRecordSchema>;

/** A sealed agreement as the document panel lists it. */
export const minorAgreementSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  agent_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  deal_id: z.string().nullable(),
  corrects_id: z.string().nullable(),
  minor_name: z.string(),
  minor_age: z.number(),
  minor_email: z.string().nullable(),
  minor_phone: z.string().nullable(),
  parent_name: z.string(),
  parent_email: z.string(),
  parent_phone: z.string(),
  parent_relationship: z.string(),
  vehicle_details: z.string(),
  deal_amount_cents: z.number(),
  notes: z.string().nullable(),
  deal_date: z.string(),
  turns_18_on: z.string(),
  original_file_name: z.string(),
  original_sha256: z.string(),
  sealed_sha256: z.string(),
  sealed_size: z.number(),
  parent_signature: signatureRecordSchema,
  minor_signature: signatureRecordSchema,
  created_at: z.string(),
});
export type MinorAgreement = z.infer<typeof minorAgreementSchema>;
export const minorAgreementPageSchema = pageSchema(minorAgreementSchema);
