import type { Kysely } from 'kysely';
import { TWILIO_STATUS_PATH } from '../../../shared/texting/types.js';
import type { Encryption } from '../../auth/encryption.js';
import type { DB } from '../../db/schema.js';
import { TextNotSent, type TextCarrier } from '../../platform/webhook-sender.js';
import { phoneKeys } from '../customers/index.js';
import { hasTextingProvider, twilioSetup } from './service.js';
import { sendTwilioMessage, TwilioError } from './twilio.js';

/**
 * Twilio as the carrier of Torque's texts, when an admin has set it up (Settings → Texting): the outbound sender hands
 * it each text, and Twilio's callbacks (`status.ts`) then say whether it was delivered.
 */
export const twilioCarrier = ({ encryption, apiUrl }: { encryption: Encryption; apiUrl: string }): TextCarrier => ({
  name: 'twilio',
  isSet: hasTextingProvider,
  async send(db: Kysely<DB>, sms, outboxId) {
    const twilio = await twilioSetup(db, encryption);
    if (!twilio) return null;
    // Phones are stored as typed; Twilio takes E.164, a number without a country code being read as a US one.
    const to = phoneKeys(sms.to)?.e164;
    if (!to) throw new TextNotSent('Not a phone number a text can be sent to', true);
    try {
      const message = await sendTwilioMessage(apiUrl, twilio, {
        to,
        body: sms.text,
        statusCallback: `${twilio.callbackOrigin}${TWILIO_STATUS_PATH}?outbox=${outboxId}`,
      });
      return message.sid;
    } catch (caught) {
      if (caught instanceof TwilioError) throw new TextNotSent(caught.message, caught.permanent);
      throw caught;
    }
  },
});
