import { z } from 'zod';
import {
  calendarDay,
  moneyCents,
  optionalCalendarDay,
  optionalEmail,
  optionalName,
  optionalText,
  orderedRange,
  requiredName,
  requiredText,
  text,
  textList,
  version,
} from '../common/fields.js';
import { optionalParam, pageQuerySchema } from '../http/paging.js';
import { MAX_MONEY_CENTS, toCents } from '../money.js';
import { carPreferences, customerStatuses, leadSources } from './options.js';

/** The customer fields as the API receives them: the spec's messages, nulls for empty optionals, cents. */
export const customerInputSchema = z.object({
  name: requiredName(200, 'Name is required'),
  status: z.enum(customerStatuses).default('prospect'),
  email: optionalEmail(),
  phone: optionalText(40),
  location: optionalText(200),
  preferred_cars: textList(40, 30),
  referred_by_customer_id: optionalText(36).refine((v) => v === null || z.uuid().safeParse(v).success, 'Invalid customer'),
  referred_by_name: optionalName(200),
  birthday: optionalCalendarDay(),
  notes: optionalText(5000),
  lead_source: z
    .enum(leadSources)
    .or(z.literal(''))
    .nullish()
    .transform((v) => v || null),
  budget_cents: moneyCents('Budget must be positive', 'Budget is too large')
    .nullish()
    .transform((v) => v ?? null),
});
export type CustomerInput = z.output<typeof customerInputSchema>;

/** An edit carries the version it was loaded at; a different current version means someone saved in between. */
export const customerUpdateSchema = customerInputSchema.extend({ updated_at: version });
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
      .transform((v) => (v === '' ? null : toCents(Number(v.replaceAll(',', '')))))
      .refine((v) => v === null || v <= MAX_MONEY_CENTS, 'Budget is too large'),
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
const customerFilterShape = {
  q: optionalParam(text(200)),
  status: optionalParam(z.enum(customerStatuses)),
  preference: optionalParam(z.enum(carPreferences)),
  source: optionalParam(z.enum(leadSources)),
  added_from: optionalParam(calendarDay()),
  added_to: optionalParam(calendarDay()),
  /** Customers at this pipeline stage or a later one (the analytics funnel's figures). */
  stage_from: optionalParam(text(40)),
  /** Customers with a completed sale. */
  sold: optionalParam(z.enum(['1'])),
  /** Customers who need following up: an open task due today or before (the company's today). */
  follow_up: optionalParam(z.enum(['1'])),
  sort: optionalParam(z.enum(customerSorts)),
};

const addedInOrder = orderedRange('added_from', 'added_to', "'Added to' can't be before 'Added from'");

export const customerFilterSchema = z.object(customerFilterShape).superRefine(addedInOrder);
export type CustomerFilter = z.output<typeof customerFilterSchema>;

/**
 * Above this many matches a filtered summary reads '1,000+', with the exact figures a click away: counting every match
 * of a broad search over a million customers takes longer than a list should wait.
 */
export const SUMMARY_BOUND = 1000;

/** The summary cards' filter; `exact=1` counts every match, however many. */
export const customerSummaryQuerySchema = z
  .object({ ...customerFilterShape, exact: optionalParam(z.enum(['1'])) })
  .superRefine(addedInOrder);
export type CustomerSummaryQuery = z.output<typeof customerSummaryQuerySchema>;

export const customerListQuerySchema = z.object({ ...customerFilterShape, ...pageQuerySchema.shape }).superRefine(addedInOrder);
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** A customer moved along the pipeline, to one of Settings → CRM's stages. */
export const customerStageSchema = z.object({ stage: requiredText(40, 'Choose a pipeline stage') });
export const UNKNOWN_STAGE = 'Choose one of the pipeline stages in Settings';

export const customerOptionsQuerySchema = z.object({
  q: optionalParam(text(200)),
  /** Whose customers: an admin or editor picking a referrer for another user's customer. */
  owner: optionalParam(z.uuid()),
});

/** The deal form's customer search: any customer the actor may see, by name or e-mail. */
export const customerLookupQuerySchema = z.object({ q: optionalParam(text(200)) });

/** At most this many customers answer a look-up; typing more narrows it. */
export const CUSTOMER_LOOKUP_LIMIT = 20;

/**
 * A deal's new customer whose e-mail or phone is already a customer's. The one the actor may see is named, to be used
 * instead; another agent's is not.
 */
export const alreadyACustomer = (name: string) => `${name} is already a customer`;
export const ALREADY_ANOTHER_AGENTS_CUSTOMER =
  'This person is already a customer of another agent. Ask a manager to record the deal, or save it without a new customer.';

export const duplicateQuerySchema = z.object({
  email: optionalParam(text(254)),
  phone: optionalParam(text(40)),
  exclude: optionalParam(z.uuid()),
});
