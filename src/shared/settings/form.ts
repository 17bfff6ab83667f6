import { z } from 'zod';
import { DELIVERY_DAYS_MESSAGE, deliveryFollowUpDays, settingsSchema, type Settings } from './schemas.js';

const stages = settingsSchema.shape.crm.shape.pipeline_stages;
/** The words of '3, 30' (commas or spaces between them). */
const daysIn = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * The settings page's form: the settings as they are, but the pipeline stages as text, one stage per line, and the
 * delivery follow-up days as text, '3, 30'.
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
});
export type SettingsForm = z.input<typeof settingsFormSchema>;

export function settingsToForm(settings: Settings): SettingsForm {
  return {
    ...settings,
    company: { ...settings.company, address: settings.company.address ?? '', phone: settings.company.phone ?? '' },
    crm: {
      ...settings.crm,
      pipeline_stages: settings.crm.pipeline_stages.join('\n'),
      delivery_follow_up_days: settings.crm.delivery_follow_up_days.join(', '),
    },
  };
}
