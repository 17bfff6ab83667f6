import { z } from 'zod';
import { typedCents } from '../common/fields.js';
import type { DeskingSettings } from '../desking/settings.js';
import { dollarsText } from '../money.js';
import { DELIVERY_DAYS_MESSAGE, deliveryFollowUpDays, settingsSchema, type Settings } from './schemas.js';

const stages = settingsSchema.shape.crm.shape.pipeline_stages;
/** The words of '3, 30' (commas or spaces between them). */
const daysIn = (text: string) => text.split(/[\s,]+/).filter(Boolean);

const desking = settingsSchema.shape.desking;
const { fees, products, grid_downs, lease } = desking.shape;

/**
 * Desking with its money typed in dollars, each under its cents name so a message from the server lands on its
 * field; the result is checked again by the desking schema for what spans rows (each county or city once, three
 * cash downs).
 */
const deskingForm = z
  .object({
    ...desking.shape,
    fees: z.array(fees.element.extend({ amount_cents: typedCents(fees.element.shape.amount_cents) })),
    products: z.array(
      products.element.extend({
        price_cents: typedCents(products.element.shape.price_cents),
        cost_cents: typedCents(products.element.shape.cost_cents),
      }),
    ),
    grid_downs: z.array(typedCents(grid_downs.element)),
    lease: lease.extend({
      acquisition_fee_cents: typedCents(lease.shape.acquisition_fee_cents),
      disposition_fee_cents: typedCents(lease.shape.disposition_fee_cents),
    }),
  })
  // Typed as what the desking schema takes, where a fee's kind may be left out (a row here always has one).
  .transform((typed): z.input<typeof desking> => typed)
  .pipe(desking);

/**
 * The settings page's form: the settings as they are, but the pipeline stages as text, one stage per line, the
 * delivery follow-up days as text, '3, 30', and the desking amounts as dollars typed.
 */
export const settingsFormSchema = settingsSchema.extend({
  crm: settingsSchema.shape.crm.extend({
    pipeline_stages: z
      .string()
      .transform((text) =>
        text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .pipe(stages),
    delivery_follow_up_days: z
      .string()
      .refine((text) => daysIn(text).every((day) => /^\d+$/.test(day)), DELIVERY_DAYS_MESSAGE)
      .transform((text): unknown[] => daysIn(text).map(Number))
      .pipe(deliveryFollowUpDays),
  }),
  desking: deskingForm,
});
export type SettingsForm = z.input<typeof settingsFormSchema>;
export type DeskingForm = SettingsForm['desking'];

function deskingToForm(settings: DeskingSettings): DeskingForm {
  return {
    ...settings,
    fees: settings.fees.map((fee) => ({ ...fee, amount_cents: dollarsText(fee.amount_cents) })),
    products: settings.products.map((product) => ({
      ...product,
      price_cents: dollarsText(product.price_cents),
      cost_cents: dollarsText(product.cost_cents),
    })),
    grid_downs: settings.grid_downs.map(dollarsText),
    lease: {
      ...settings.lease,
      acquisition_fee_cents: dollarsText(settings.lease.acquisition_fee_cents),
      disposition_fee_cents: dollarsText(settings.lease.disposition_fee_cents),
    },
  };
}

export function settingsToForm(settings: Settings): SettingsForm {
  return {
    ...settings,
    company: { ...settings.company, address: settings.company.address ?? '', phone: settings.company.phone ?? '' },
    crm: {
      ...settings.crm,
      pipeline_stages: settings.crm.pipeline_stages.join('\n'),
      delivery_follow_up_days: settings.crm.delivery_follow_up_days.join(', '),
    },
    desking: deskingToForm(settings.desking),
  };
}
