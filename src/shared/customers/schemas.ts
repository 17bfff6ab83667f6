import { z } from 'zod';
import { optionalParam, pageQuerySchema } from '../http/paging.js';
import { toCents } from '../money.js';
import { carPreferences, customerStatuses, leadSources } from './options.js';

/** Empty or blank optional text is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => v || null);

const isEmail = (v: string) => z.email().safeParse(v).success;

const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export const isoDateSchema = z.string().refine(isIsoDate, 'Invalid date');

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

/** The customer fields as the API receives them: the spec's messages, nulls for empty optionals, cents. */
export const customerInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Must be 200 characters or fewer'),
  status: z.enum(customerStatuses).default('prospect'),
  email: optionalText(254).refine((v) => v === null || isEmail(v), 'Invalid email'),
  phone: optionalText(40),
  location: optionalText(200),
  preferred_cars: z
    .array(z.string().trim().min(1).max(40))
    .max(30)
    .default([])
    .transform((list) => [...new Set(list)]),
  referred_by_customer_id: optionalText(36).refine((v) => v === null || z.uuid().safeParse(v).success, 'Invalid customer'),
  referred_by_name: optionalText(200),
  birthday: optionalText(10).refine((v) => v === null || isIsoDate(v), 'Invalid date'),
  notes: optionalText(5000),
  lead_source: z
    .enum(leadSources)
    .or(z.literal(''))
    .nullish()
    .transform((v) => v || null),
  budget_cents: z
    .number()
    .int()
    .min(0, 'Budget must be positive')
    .max(1_000_000_000_00, 'Budget is too large')
    .nullish()
    .transform((v) => v ?? null),
});
export type CustomerInput = z.output<typeof customerInputSchema>;

/** An edit carries the version it was loaded at; a different current version means someone saved in between. */
export const customerUpdateSchema = customerInputSchema.extend({ updated_at: z.string().min(1) });
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;

export const referralTypes = ['none', 'existing', 'new'] as const;
export type ReferralType = (typeof referralTypes)[number];

/**
 * The New Customer / Edit form as typed: budget in dollars, and the screen-only referral choice. It parses into
 * the API payload, with the unused referral field null and 'Referral' as the lead source of a referred customer.
 */
export const customerFormSchema = customerInputSchema
  .omit({ budget_cents: true })
  .extend({
    referral_type: z.enum(referralTypes).default('none'),
    budget: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d+(\.\d{1,2})?$/.test(v.replaceAll(',', '')), 'Budget must be a positive amount')
      .transform((v) => (v === '' ? null : toCents(Number(v.replaceAll(',', ''))))),
  })
  .transform(({ referral_type, budget, ...rest }) => {
    const referred_by_customer_id = referral_type === 'existing' ? rest.referred_by_customer_id : null;
    const referred_by_name = referral_type === 'new' ? rest.referred_by_name : null;
    const referred = Boolean(referred_by_customer_id || referred_by_name);
    return {
      ...rest,
      referred_by_customer_id,
      referred_by_name,
      lead_source: referred ? ('Referral' as const) : rest.lead_source,
      budget_cents: budget,
    };
  });
export type CustomerFormValues = z.input<typeof customerFormSchema>;

export const customerSorts = ['newest', 'oldest', 'name_asc', 'name_desc'] as const;
export type CustomerSort = (typeof customerSorts)[number];
export const customerSortLabels: Record<CustomerSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name_asc: 'Name A–Z',
  name_desc: 'Name Z–A',
};

/** Search and filters shared by the list, the summary cards and the CSV export. */
export const customerFilterSchema = z.object({
  q: optionalParam(z.string().trim().max(200)),
  status: optionalParam(z.enum(customerStatuses)),
  preference: optionalParam(z.enum(carPreferences)),
  source: optionalParam(z.enum(leadSources)),
  added_from: optionalParam(isoDateSchema),
  added_to: optionalParam(isoDateSchema),
  sort: optionalParam(z.enum(customerSorts)),
  /** The browser's time zone, so 'Date added' days are the user's days. */
  tz: optionalParam(z.string().max(64).refine(isTimeZone, 'Invalid time zone')),
});
export type CustomerFilter = z.output<typeof customerFilterSchema>;

export const customerListQuerySchema = customerFilterSchema.extend(pageQuerySchema.shape);
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const customerOptionsQuerySchema = z.object({ q: optionalParam(z.string().trim().max(200)) });

export const duplicateQuerySchema = z.object({
  email: optionalParam(z.string().trim().max(254)),
  phone: optionalParam(z.string().trim().max(40)),
  exclude: optionalParam(z.uuid()),
});

export const idParamsSchema = z.object({ id: z.string().max(64) });
