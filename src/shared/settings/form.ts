import { z } from 'zod';
import { settingsSchema, type Settings } from './schemas.js';

const stages = settingsSchema.shape.crm.shape.pipeline_stages;

/** The settings page's form: the settings as they are, but the pipeline stages as text, one stage per line. */
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
  }),
});
export type SettingsForm = z.input<typeof settingsFormSchema>;

export function settingsToForm(settings: Settings): SettingsForm {
  return {
    ...settings,
    company: { ...settings.company, address: settings.company.address ?? '', phone: settings.company.phone ?? '' },
    crm: { ...settings.crm, pipeline_stages: settings.crm.pipeline_stages.join('\n') },
  };
}
