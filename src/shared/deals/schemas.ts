import { z } from 'zod';
import {
  calendarDay,
  dollars,
  moneyCents,
  optionalDollars,
  optionalEmail,
  optionalText,
  requiredName,
  requiredText,
  text,
  version,
} from '../common/fields.js';
import { optionalParam, pageQuerySchema } from '../http/paging.js';
import { dealClassifications, dealStatuses } from './options.js';

export const MIN_DEAL_YEAR = 1900;
/** Evaluated at each parse, so a long-running server moves with the calendar. */
export const maxDealYear = () => new Date().getFullYear() + 2;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalId = z.preprocess(blankToNull, z.string().uuid().nullable().optional()).transform((v) => v ?? null);

/** The fields of a deal that read the same in the form and in the API. */
const dealFields = {
  date: z.string({ error: 'Date is required' }).trim().min(1, 'Date is required').pipe(calendarDay('Invalid date')),
  manufacturer: requiredText(60, 'Manufacturer is required'),
  model: requiredText(80, 'Model is required'),
  year: z.coerce
    .number({ error: 'Invalid year' })
    .int('Invalid year')
    .min(MIN_DEAL_YEAR, 'Invalid year')
    .refine((year) => year <= maxDealYear(), 'Year too far in future'),
  customer_name: requiredName(120, 'Customer name is required'),
  customer_phone: optionalText(40),
  customer_email: optionalEmail(200),
  agent_name: requiredName(120, 'Agent name is required'),
  status: z.enum(dealStatuses).default('pending'),
  deal_classification: z.enum(dealClassifications).default('customer_paid'),
  notes: optionalText(5000),
  /** The agent who owns the deal; an agent always owns their own. */
  user_id: optionalId,
  customer_id: optionalId,
  vehicle_id: optionalId,
  /** With no customer picked, save the typed customer as a new customer of the deal's agent. */
  create_customer: z.boolean().default(false),
};

export const CASH_DEAL_PAYMENT = 'A cash deal has no monthly payment';

/** A cash deal is paid in full: a monthly payment on it (`field`) is refused rather than kept beside it. */
const noPaymentOnCash =
  (field: 'monthly_payment_cents' | 'monthly_payment') =>
  (deal: { deal_classification: string } & Partial<Record<typeof field, number | null>>, ctx: z.RefinementCtx) => {
    if (deal.deal_classification === 'cash_deal' && deal[field] != null) {
      ctx.addIssue({ code: 'custom', path: [field], message: CASH_DEAL_PAYMENT, input: deal[field] });
    }
  };

const dealInputFields = z.object({
  ...dealFields,
  contract_price_cents: moneyCents('Contract price must be positive', 'Contract price is too large'),
  monthly_payment_cents: moneyCents('Monthly payment must be positive', 'Monthly payment is too large')
    .nullish()
    .transform((v) => v ?? null),
  broker_fee_cents: moneyCents('Broker fee must be positive', 'Broker fee is too large'),
});

/** POST /api/deals: money in integer cents. */
export const dealInputSchema = dealInputFields.superRefine(noPaymentOnCash('monthly_payment_cents'));
export type DealInput = z.output<typeof dealInputSchema>;

/** PUT /api/deals/:id: the version the edit started from, so a stale write is refused. */
export const dealUpdateSchema = dealInputFields
  .extend({ updated_at: version })
  .superRefine(noPaymentOnCash('monthly_payment_cents'));
export type DealUpdate = z.output<typeof dealUpdateSchema>;

/** The deal form: the same rules, with money typed in dollars. */
export const dealFormSchema = z
  .object({
    ...dealFields,
    contract_price: dollars('Contract price must be positive', 'Contract price is too large'),
    monthly_payment: optionalDollars('Monthly payment must be positive', 'Monthly payment is too large'),
    broker_fee: dollars('Broker fee must be positive', 'Broker fee is too large'),
  })
  .superRefine(noPaymentOnCash('monthly_payment'));
export type DealFormInput = z.input<typeof dealFormSchema>;
export type DealFormValues = z.output<typeof dealFormSchema>;

export const dealListQuerySchema = pageQuerySchema.extend({
  q: optionalParam(text(100)),
  status: optionalParam(z.enum(dealStatuses)),
  year: optionalParam(z.coerce.number().int().min(MIN_DEAL_YEAR).max(9999)),
  vehicle_id: optionalParam(z.string().uuid()),
  customer_id: optionalParam(z.string().uuid()),
});
export type DealListQuery = z.output<typeof dealListQuerySchema>;
