import { z } from 'zod';
import { consentChannels, consentSources, consentStatuses } from './schemas.js';

export const consentEntrySchema = z.object({
  id: z.string(),
  channel: z.enum(consentChannels),
  status: z.enum(consentStatuses),
  source: z.enum(consentSources),
  wording: z.string().nullable(),
  /** Who recorded it; null when the customer did it themselves. */
  recorded_by_name: z.string().nullable(),
  recorded_at: z.string(),
});
export type ConsentEntry = z.infer<typeof consentEntrySchema>;

/** A customer's consent: what is in force per channel (null: never given), and the whole ledger, newest first. */
export const consentStateSchema = z.object({
  current: z.object({ email: consentEntrySchema.nullable(), sms: consentEntrySchema.nullable() }),
  history: z.array(consentEntrySchema),
});
export type ConsentState = z.infer<typeof consentStateSchema>;
