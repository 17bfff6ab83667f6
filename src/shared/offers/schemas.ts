import { z } from 'zod';
import { blankNumber, optionalText, recordId, requiredText, text } from '../common/fields.js';
import { MAX_MONEY_CENTS, toCents } from '../money.js';
import { consentChannels } from '../consent/schemas.js';

export const CUSTOM_OFFER_REQUIRED = 'Please fill in all required fields (Make, Model, Year, Price)';
export const SELECT_VEHICLE_FIRST = 'Please select a vehicle first';
export const POST_NEEDS = 'Please select a vehicle, Instagram account, and set up Zapier webhook';

/** A price as typed: '$' and ',' stripped, read as whole dollars ('$45,900.99' is $45,900). */
const wholeDollars = (required: string | null) =>
  z.preprocess(
    (v) => blankNumber(typeof v === 'string' ? v.replace(/[$,\s]/g, '') : v),
    z
      .union([z.string(), z.number()], { error: required ?? 'Enter an amount in dollars' })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) {
          if (required) ctx.addIssue({ code: 'custom', message: required });
          return null;
        }
        const amount = Math.trunc(Number(v));
        if (!Number.isFinite(amount) || amount < 0 || (typeof v === 'string' && !/^\d+(\.\d*)?$/.test(v))) {
          ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars' });
          return z.NEVER;
        }
        if (toCents(amount) > MAX_MONEY_CENTS) {
          ctx.addIssue({ code: 'custom', message: 'Amount is too large' });
          return z.NEVER;
        }
        return toCents(amount);
      }),
  );

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(/[,\s]/g, ''))) : blankNumber(v)),
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/** A custom offer as the form sends it (text as typed) and as it is stored. Make, model, year and price are required. */
export const customOfferInputSchema = z
  .object({
    make: requiredText(60, CUSTOM_OFFER_REQUIRED),
    model: requiredText(60, CUSTOM_OFFER_REQUIRED),
    year: wholeNumber('Enter a year between 1900 and 2100', 1900, 2100),
    price: wholeDollars(CUSTOM_OFFER_REQUIRED),
    original_price: wholeDollars(null),
    mileage: wholeNumber('Mileage must be a whole number of miles', 0, 9_999_999).transform((v) => v ?? 0),
    color: optionalText(40),
    /** Comma separated. */
    features: text(1000)
      .optional()
      .transform((list) => [
        ...new Set(
          (list ?? '')
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.string().max(60, 'A feature is at most 60 characters')).max(20, 'At most 20 features')),
  })
  .superRefine((offer, ctx) => {
    if (offer.year === undefined) ctx.addIssue({ code: 'custom', path: ['year'], message: CUSTOM_OFFER_REQUIRED });
  })
  .transform(({ price, original_price, year, ...offer }) => ({
    ...offer,
    year: year!,
    price_cents: price!,
    original_price_cents: original_price,
  }));
export type CustomOfferInput = z.input<typeof customOfferInputSchema>;

/** Which offer: an inventory vehicle or a custom offer, one of the two. */
export const offerRefSchema = z
  .object({ vehicle_id: recordId.optional(), custom_offer_id: recordId.optional() })
  .refine((ref) => Boolean(ref.vehicle_id) !== Boolean(ref.custom_offer_id), SELECT_VEHICLE_FIRST);
export type OfferRef = z.infer<typeof offerRefSchema>;

/** POST /api/offers/instagram */
export const instagramPostSchema = z.object({ image_id: recordId, account_id: recordId });

/** POST /api/offers/notify: the offer (and its image, when made), the channel and the chosen customers. */
export const notifyCustomersSchema = z.object({
  offer: offerRefSchema,
  image_id: recordId.optional(),
  channel: z.enum(consentChannels),
  customer_ids: z.array(recordId).min(1, 'Choose at least one customer').max(500, 'At most 500 customers at a time'),
});
export type NotifyCustomersInput = z.infer<typeof notifyCustomersSchema>;

export const instagramAccountTypes = ['company', 'agent'] as const;
const username = z
  .string({ error: 'Enter the account’s username' })
  .trim()
  .transform((v) => v.replace(/^@/, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9._]{1,30}$/, 'A username has up to 30 letters, digits, dots and underscores'));

/** POST /api/instagram-accounts: admins add the company's account or an agent's; others their own. */
export const instagramAccountInputSchema = z.object({
  username,
  type: z.enum(instagramAccountTypes),
  /** The agent whose account it is (admins only; others add their own). */
  user_id: recordId.optional(),
  followers: wholeNumber('Followers must be a whole number', 0, 2_000_000_000).transform((v) => v ?? 0),
});
export type InstagramAccountInput = z.input<typeof instagramAccountInputSchema>;

/** PATCH /api/instagram-accounts/:id: Connect/Disconnect, and Manage's username and followers. */
export const instagramAccountUpdateSchema = z.object({
  username: username.optional(),
  is_connected: z.boolean().optional(),
  followers: wholeNumber('Followers must be a whole number', 0, 2_000_000_000),
});

/** GET /api/offers/audience: customers to notify, searched by name, e-mail or phone, with the channel's consent. */
export const audienceQuerySchema = z.object({
  q: optionalText(100).transform((v) => v ?? ''),
  channel: z.enum(consentChannels).default('email'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: optionalText(500),
});
