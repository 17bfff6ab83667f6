import { z } from 'zod';
import '../common/plain-errors.js';

/** The paths Twilio is told to call: received texts (set on the number or Messaging Service) and delivery states. */
export const TWILIO_MESSAGES_PATH = '/api/hooks/twilio/messages';
export const TWILIO_STATUS_PATH = '/api/hooks/twilio/status';

export const ACCOUNT_SID_MESSAGE = 'Enter the Account SID from the Twilio Console (AC and 32 letters or digits)';
export const AUTH_TOKEN_MESSAGE = 'Enter the Auth Token from the Twilio Console (32 letters or digits)';
export const SENDER_MESSAGE = 'Enter the number texts come from (+15551234567) or a Messaging Service SID (MG…)';

const sid = (prefix: string, message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), message);

/** A number in E.164 (+ and up to 15 digits) or a Messaging Service SID. */
export const twilioSender = z
  .string()
  .trim()
  .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, SENDER_MESSAGE);

/**
 * PUT /api/texting/provider (admins): the Twilio account texts go out through. The auth token may be left out when one
 * is saved already (it is never shown again).
 */
export const twilioInputSchema = z.object({
  account_sid: sid('AC', ACCOUNT_SID_MESSAGE),
  auth_token: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^[0-9a-zA-Z]{32}$/, AUTH_TOKEN_MESSAGE),
    ])
    .default(''),
  sender: twilioSender,
});
export type TwilioInput = z.input<typeof twilioInputSchema>;

/**
 * The texting provider as admins read it: never the auth token. `provider` null: texts go to the send_sms webhook.
 * `messages_url` is what to paste into the number's "A message comes in" webhook in the Twilio Console.
 */
export const textingProviderSchema = z.object({
  provider: z.enum(['twilio']).nullable(),
  account_sid: z.string().nullable(),
  sender: z.string().nullable(),
  auth_token_set: z.boolean(),
  messages_url: z.string(),
  status_url: z.string(),
  updated_at: z.string().nullable(),
});
export type TextingProvider = z.infer<typeof textingProviderSchema>;
