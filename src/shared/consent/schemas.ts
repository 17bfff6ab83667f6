import { z } from 'zod';
import { optionalText } from '../common/fields.js';

export const consentChannels = ['email', 'sms'] as const;
export type ConsentChannel = (typeof consentChannels)[number];
export const consentChannelLabels: Record<ConsentChannel, string> = { email: 'E-mail', sms: 'SMS' };

export const consentStatuses = ['opted_in', 'opted_out'] as const;
export type ConsentStatus = (typeof consentStatuses)[number];
export const consentStatusLabels: Record<ConsentStatus, string> = { opted_in: 'Opted in', opted_out: 'Opted out' };

export const consentSources = [
  'in_person',
  'phone',
  'paper_form',
  'web_form',
  'email_reply',
  'sms_reply',
  'unsubscribe_link',
  'import',
] as const;
export type ConsentSource = (typeof consentSources)[number];
export const consentSourceLabels: Record<ConsentSource, string> = {
  in_person: 'In person',
  phone: 'By phone',
  paper_form: 'Paper form',
  web_form: 'Web form',
  email_reply: 'E-mail reply',
  sms_reply: 'SMS reply',
  unsubscribe_link: 'Unsubscribe link',
  import: 'Import',
};
/** What staff may record by hand; SMS replies and unsubscribe links are recorded by Torque as they arrive. */
export const recordableSources = [
  'in_person',
  'phone',
  'paper_form',
  'web_form',
  'email_reply',
] as const satisfies readonly ConsentSource[];

export const CONSENT_WORDING_REQUIRED = 'Write down the words the customer agreed to';

/** A change of consent recorded by staff. Consent given needs the wording the customer agreed to. */
export const consentInputSchema = z
  .object({
    channel: z.enum(consentChannels, { error: 'Choose e-mail or SMS' }),
    status: z.enum(consentStatuses, { error: 'Choose opted in or opted out' }),
    source: z.enum(recordableSources, { error: 'Say how the customer told you' }),
    wording: optionalText(2000),
  })
  .refine((input) => input.status === 'opted_out' || input.wording !== null, {
    message: CONSENT_WORDING_REQUIRED,
    path: ['wording'],
  });
export type ConsentInput = z.output<typeof consentInputSchema>;
