import { z } from 'zod';
import { text } from '../common/fields.js';

/** What Torque calls other services for; each is one endpoint, set by an admin. */
export const webhookEvents = ['sync_gmail', 'post_instagram', 'send_email_offers', 'send_sms_offers', 'send_sms'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export const webhookEventLabels: Record<WebhookEvent, string> = {
  sync_gmail: 'Gmail sync',
  post_instagram: 'Instagram post',
  send_email_offers: 'E-mail offers',
  send_sms_offers: 'SMS offers',
  send_sms: 'Text messages',
};
export const webhookEventDescriptions: Record<WebhookEvent, string> = {
  sync_gmail: 'Called when someone triggers a Gmail sync on the Communications page.',
  post_instagram: 'Receives the offer image, caption and account of each scheduled Instagram post.',
  send_email_offers: 'Told which customers were mailed an offer (the mail itself leaves through Torque’s own mail server).',
  send_sms_offers:
    'Receives each SMS offer with the consenting customers to text, inside their 8 am–9 pm (with Twilio set under Texting, Torque sends the texts itself and tells this address).',
  send_sms:
    'Sends Torque’s own texts, such as appointment reminders, when no Twilio account is set under Texting. Texts wait until one of the two is set.',
};

export const WEBHOOK_URL_MESSAGE = 'Please enter your Zapier webhook URL';
export const WEBHOOK_PRIVATE_MESSAGE = 'This address is on a private network. Tick "Allow private addresses" to send to it.';

/** An http(s) address other services receive calls at. */
export const webhookUrl = text(2000)
  .min(1, WEBHOOK_URL_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'Enter a web address starting with https://');

export const webhookEventParams = z.object({ event: z.enum(webhookEvents, { error: 'Not found' }) });

/** PUT /api/webhooks/:event (admins). */
export const webhookEndpointInputSchema = z.object({
  url: webhookUrl,
  allow_private: z.boolean().default(false),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

/** An endpoint as the API shows it: whether it is set to everyone; its address and secret to admins only. */
export const webhookEndpointSchema = z.object({
  event: z.enum(webhookEvents),
  configured: z.boolean(),
  url: z.string().nullable(),
  allow_private: z.boolean(),
  secret: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointsSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** POST /api/webhooks/sync_gmail/trigger: the delivery that was queued. */
export const webhookTriggeredSchema = z.object({ delivery_id: z.string() });
