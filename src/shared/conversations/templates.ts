import { z } from 'zod';
import { requiredText, text } from '../common/fields.js';
import { TEXT_MAX } from './types.js';

/** The fields a reply template may hold, filled for each customer when it is used. */
export const TEMPLATE_FIELDS = ['first_name', 'vehicle', 'agent', 'dealership'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateValues = Record<TemplateField, string>;

const FIELD = /\{([a-z_]+)\}/g;
export const TEMPLATE_NAME_REQUIRED = 'Give the template a name';
export const TEMPLATE_BODY_REQUIRED = 'Write the template’s message';
export const unknownFieldMessage = (field: string) =>
  `{${field}} is not a field: use ${TEMPLATE_FIELDS.map((name) => `{${name}}`).join(', ')}`;

/** The fields a text names that are not template fields. */
export const unknownFields = (value: string) =>
  [...value.matchAll(FIELD)].map((match) => match[1]!).filter((name) => !(TEMPLATE_FIELDS as readonly string[]).includes(name));

const withKnownFields = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const [unknown] = unknownFields(value);
    if (unknown) ctx.addIssue({ code: 'custom', message: unknownFieldMessage(unknown) });
  });

/**
 * POST /api/reply-templates and PUT /api/reply-templates/:id (admins and editors): a name, the subject an e-mail from
 * it carries (optional), and the message, with fields in braces.
 */
export const replyTemplateInputSchema = z.object({
  name: requiredText(60, TEMPLATE_NAME_REQUIRED),
  subject: withKnownFields(text(300)).default(''),
  body: withKnownFields(requiredText(TEXT_MAX, TEMPLATE_BODY_REQUIRED)),
});
export type ReplyTemplateInput = z.input<typeof replyTemplateInputSchema>;

export const replyTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;

/**
 * A template with its fields filled: an empty value leaves a readable gap-free text ('Hi {first_name},' for a
 * customer with no first name reads 'Hi,').
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template
    .replace(/ ?\{([a-z_]+)\}/g, (whole, name: string) => {
      if (!(name in values)) return whole;
      const value = values[name as TemplateField].trim();
      return value ? `${whole.startsWith(' ') ? ' ' : ''}${value}` : '';
    })
    .trim();
}
