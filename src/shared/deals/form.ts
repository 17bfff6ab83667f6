import { dayIn, yearIn } from '../common/time.js';
import { toCents, toDollars } from '../money.js';
import type { DealFormInput, DealFormValues, DealInput } from './schemas.js';
import type { Deal } from './types.js';

/** A form field's name for an API field's, where they differ; for placing the server's field messages. */
const formFields: Record<string, string> = {
  contract_price_cents: 'contract_price',
  monthly_payment_cents: 'monthly_payment',
  broker_fee_cents: 'broker_fee',
  user_id: 'agent_name',
};
export const dealFormField = (apiField: string) => formFields[apiField] ?? apiField;

export function dealFormToInput({ contract_price, monthly_payment, broker_fee, ...rest }: DealFormValues): DealInput {
  return {
    ...rest,
    contract_price_cents: toCents(contract_price),
    monthly_payment_cents: monthly_payment === null ? null : toCents(monthly_payment),
    broker_fee_cents: toCents(broker_fee),
  };
}

const dollars = (cents: number | null) => (cents === null ? '' : toDollars(cents).toFixed(2));

/**
 * The spec's defaults: today and this year in the company's time zone (`timeZone`), pending, customer_paid, and the
 * signed-in user as the agent.
 */
export function newDealValues(user: { id: string; name: string }, timeZone: string, now = new Date()): DealFormInput {
  return {
    date: dayIn(timeZone, now),
    manufacturer: '',
    model: '',
    year: yearIn(timeZone, now),
    customer_name: '',
    customer_phone: '',
    customer_email: '',
    agent_name: user.name,
    user_id: user.id,
    status: 'pending',
    deal_classification: 'customer_paid',
    notes: '',
    customer_id: null,
    vehicle_id: null,
    create_customer: true,
    contract_price: '',
    monthly_payment: '',
    broker_fee: '',
  };
}

export function dealFormValues(deal: Deal): DealFormInput {
  return {
    date: deal.date,
    manufacturer: deal.manufacturer,
    model: deal.model,
    year: deal.year,
    customer_name: deal.customer_name,
    customer_phone: deal.customer_phone ?? '',
    customer_email: deal.customer_email ?? '',
    agent_name: deal.agent_name,
    user_id: deal.user_id,
    status: deal.status,
    deal_classification: deal.deal_classification,
    notes: deal.notes ?? '',
    customer_id: deal.customer_id,
    vehicle_id: deal.vehicle_id,
    create_customer: false,
    contract_price: dollars(deal.contract_price_cents),
    monthly_payment: dollars(deal.monthly_payment_cents),
    broker_fee: dollars(deal.broker_fee_cents),
  };
}
