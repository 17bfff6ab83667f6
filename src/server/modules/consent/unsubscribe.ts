import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ConsentChannel } from '../../../shared/consent/schemas.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { MailMessage } from '../../mail/mailer.js';
import { getSetting, mailFooter } from '../../platform/settings.js';
import { appendConsent } from './service.js';

const INVALID_LINK = 'This unsubscribe link is not valid';

const signature = (secret: string, customerId: string, channel: ConsentChannel) =>
  crypto.createHmac('sha256', `torque-unsubscribe:${secret}`).update(`${customerId}:${channel}`).digest('base64url').slice(0, 32);

/**
 * The token of a customer's unsubscribe link: their id and the channel, signed. It names no address and never
 * expires (it keeps working as long as the session secret does), so a mail read months later still unsubscribes.
 */
export function unsubscribeToken(secret: string, customerId: string, channel: ConsentChannel = 'email'): string {
  return `${channel}.${customerId}.${signature(secret, customerId, channel)}`;
}

function readToken(secret: string, token: string): { customerId: string; channel: ConsentChannel } {
  const [channel, customerId, given] = token.split('.');
  if ((channel !== 'email' && channel !== 'sms') || !customerId || !given) throw new AppError(404, 'NOT_FOUND', INVALID_LINK);
  const expected = Buffer.from(signature(secret, customerId, channel));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual))
    throw new AppError(404, 'NOT_FOUND', INVALID_LINK);
  return { customerId, channel };
}

/** What the unsubscribe page shows before the customer confirms: whose company, which channel, the state now. */
export async function previewUnsubscribe(db: Kysely<DB>, secret: string, token: string) {
  const { customerId, channel } = readToken(secret, token);
  const customer = await db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw new AppError(404, 'NOT_FOUND', INVALID_LINK);
  const latest = await db
    .selectFrom('contact_consents')
    .select('status')
    .where('customer_id', '=', customerId)
    .where('channel', '=', channel)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const company = await getSetting(db, 'company');
  return { company: company.name, channel, unsubscribed: latest?.status !== 'opted_in' };
}

/** The customer withdraws consent through their link: honoured at once, once (a second click changes nothing). */
export async function unsubscribe(db: Kysely<DB>, secret: string, token: string) {
  const preview = await previewUnsubscribe(db, secret, token);
  if (!preview.unsubscribed) {
    const { customerId, channel } = readToken(secret, token);
    await db.transaction().execute((tx) =>
      appendConsent(tx, null, customerId, {
        channel,
        status: 'opted_out',
        source: 'unsubscribe_link',
        wording: 'Unsubscribed with the link in a marketing e-mail',
      }),
    );
  }
  return { ...preview, unsubscribed: true };
}

/**
 * A marketing e-mail to a customer: the message, then the company's name and postal address from the settings and the
 * unsubscribe link, with a one-click List-Unsubscribe header (RFC 8058) for mail programs.
 */
export async function marketingMail(
  tx: Transaction<DB> | Kysely<DB>,
  { secret, origin }: { secret: string; origin: string },
  customerId: string,
  message: { to: string; subject: string; text: string },
): Promise<MailMessage> {
  const token = unsubscribeToken(secret, customerId, 'email');
  const company = await getSetting(tx, 'company');
  const page = `${origin}/unsubscribe/${token}`;
  return {
    to: message.to,
    subject: message.subject,
    text: `${message.text}\n\n${mailFooter(company)}\n\nTo stop receiving offers by e-mail: ${page}`,
    headers: {
      'List-Unsubscribe': `<${origin}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
