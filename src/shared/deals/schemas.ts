import { z } from 'zod';
import { optionalParam, pageQuerySchema } from '../http/paging.js';
import { toCents } from '../money.js';
import { dealClassifications, dealStatuses } from './options.js';

export const MIN_DEAL_YEAR = 1900;
/** Evaluated at each parse, so a long-running server moves with the calendar. */
export const maxDealYear = () => new Date().getFullYear() + 2;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max).nullable().optional()).transform((v) => v ?? null);
const optionalId = z.preprocess(blankToNull, z.string().uuid().nullable().optional()).transform((v) => v ?? null);

/** The fields of a deal that read the same in the form and in the API. */
const dealFields = {
  date: z.string().trim().min(1, 'Date is required').regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required'),
  manufacturer: z.string().trim().min(1, 'Manufacturer is required').max(60),
  model: z.string().trim().min(1, 'Model is required').max(80),
  year: z.coerce
    .number({ error: 'Invalid year' })
    .int('Invalid year')
    .min(MIN_DEAL_YEAR, 'Invalid year')
    .refine((year) => year <= maxDealYear(), 'Year too far in future'),
  customer_name: z.string().trim().min(1, 'Customer name is required').max(120),
  customer_phone: optionalText(40),
  customer_email: z.preprocess(blankToNull, z.string().trim().email('Invalid email').max(200).nullable().optional()).transform((v) => v ?? null),
  agent_name: z.string().trim().min(1, 'Agent name is required').max(120),
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

const cents = (message: string) => z.number({ error: message }).int(message).min(0, message);

/** POST /api/deals: money in integer cents. */
export const dealInputSchema = z.object({
  ...dealFields,
  contract_price_cents: cents('Contract price must be positive'),
  monthly_payment_cents: cents('Monthly payment must be positive').nullable().optional().transform((v) => v ?? null),
  broker_fee_cents: cents('Broker fee must be positive'),
});
export type DealInput = z.output<typeof dealInputSchema>;

/** PUT /api/deals/:id: the version the edit started from, so a stale write is refused. */
export const dealUpdateSchema = dealInputSchema.extend({ updated_at: z.string().min(1) });
export type DealUpdate = z.output<typeof dealUpdateSchema>;

const dollars = (message: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number({ error: message }).min(0, message));
const optionalDollars = (message: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : Number(v)), z.number({ error: message }).min(0, message).nullable());

/** The deal form: the same rules, with money typed in dollars. */
export const dealFormSchema = z.object({
  ...dealFields,
  contract_price: dollars('Contract price must be positive'),
  monthly_payment: optionalDollars('Monthly payment must be positive'),
  broker_fee: dollars('Broker fee must be positive'),
});
export type DealFormInput = z.input<typeof dealFormSchema>;
export type DealFormValues = z.output<typeof dealFormSchema>;

export function dealFormToInput({ contract_price, monthly_payment, broker_fee, ...rest }: DealFormValues): DealInput {
  return {
    ...rest,
    contract_price_cents: toCents(contract_price),
    monthly_payment_cents: monthly_payment === null ? null : toCents(monthly_payment),
    broker_fee_cents: toCents(broker_fee),
  };
}

export const dealListQuerySchema = pageQuerySchema.extend({
  q: optionalParam(z.string().trim().max(100)),
  status: optionalParam(z.enum(dealStatuses)),
  year: optionalParam(z.coerce.number().int().min(MIN_DEAL_YEAR).max(9999)),
  vehicle_id: optionalParam(z.string().uuid()),
  customer_id: optionalParam(z.string().uuid()),
});
export type DealListQuery = z.output<typeof dealListQuerySchema>;

export const dealIdParamsSchema = z.object({ id: z.string().uuid() });
