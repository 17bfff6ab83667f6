import { z } from 'zod';
import { pageSchema } from '../http/paging.js';
import { consentChannels } from '../consent/schemas.js';
import { instagramAccountTypes } from './schemas.js';

const offerContentSchema = z.object({
  make: z.string(),
  model: z.string(),
  year: z.number(),
  price_cents: z.number(),
  original_price_cents: z.number().nullable(),
  mileage: z.number(),
  color: z.string().nullable(),
  features: z.array(z.string()),
});

/** The spec's custom offer: stored, the owner's to delete. */
export const customOfferSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  ...offerContentSchema.shape,
  created_at: z.string(),
});
export type CustomOffer = z.infer<typeof customOfferSchema>;
export const customOfferPageSchema = pageSchema(customOfferSchema);

/** A generated image: its public address (the spec's image_url) and the caption. */
export const offerImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  caption: z.string(),
  offer: offerContentSchema,
  created_at: z.string(),
});
export type OfferImage = z.infer<typeof offerImageSchema>;

/** The spec's Instagram account; agent_email names the agent whose account it is. */
export const instagramAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  type: z.enum(instagramAccountTypes),
  user_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  agent_email: z.string().nullable(),
  is_connected: z.boolean(),
  followers: z.number(),
  /** Whether the reader may Manage/Connect it: admins any, others their own. */
  manageable: z.boolean(),
});
export type InstagramAccount = z.infer<typeof instagramAccountSchema>;
export const instagramAccountsSchema = z.object({ items: z.array(instagramAccountSchema) });

/** POST /api/offers/instagram: the queued delivery. */
export const instagramPostedSchema = z.object({ delivery_id: z.string() });

/** The spec's notification customer, with the chosen channel's consent (null: none recorded). */
export const audienceCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  preferences: z.array(z.string()),
  last_contact: z.string().nullable(),
  status: z.enum(['active', 'past']),
  consent: z.enum(['opted_in', 'opted_out']).nullable(),
});
export type AudienceCustomer = z.infer<typeof audienceCustomerSchema>;
export const audiencePageSchema = pageSchema(audienceCustomerSchema);

export const skipReasons = ['no_consent', 'opted_out', 'no_address'] as const;
export type SkipReason = (typeof skipReasons)[number];

/** What a send did: how many were sent (or wait for their morning), and how many were skipped and why. */
export const notifyResultSchema = z.object({
  channel: z.enum(consentChannels),
  sent: z.number(),
  /** SMS held until 8 am in the customer's time zone. */
  held_for_quiet_hours: z.number(),
  skipped: z.array(z.object({ reason: z.enum(skipReasons), count: z.number() })),
});
export type NotifyResult = z.infer<typeof notifyResultSchema>;

const channelWords = { email: 'e-mail', sms: 'SMS' } as const;
export const skipReasonLabel = (reason: SkipReason, channel: (typeof consentChannels)[number]) =>
  ({
    no_consent: `no ${channelWords[channel]} consent`,
    opted_out: `opted out of ${channelWords[channel]}`,
    no_address: channel === 'email' ? 'no e-mail address' : 'no phone number',
  })[reason];

/** '2 sent · 1 skipped: no e-mail consent': the toast's description. */
export function describeNotifyResult(result: NotifyResult): string {
  const parts = [`${result.sent} sent`];
  if (result.held_for_quiet_hours > 0) parts.push(`${result.held_for_quiet_hours} held until 8 am their time`);
  for (const skip of result.skipped) parts.push(`${skip.count} skipped: ${skipReasonLabel(skip.reason, result.channel)}`);
  return parts.join(' · ');
}
