import { sql, type Kysely } from 'kysely';
import { classifySmsReply } from '../../../shared/consent/sms-reply.js';
import type { SmsReply, SmsReplyOutcome } from '../../../shared/consent/sms-hook.js';
import type { DB } from '../../db/schema.js';
import { callInFlight, HOOK_MEMORY_SECONDS } from '../../http/signed-hook.js';
import { publishChange } from '../../realtime/publish.js';
import { notify } from '../../platform/notifications.js';
import type { WebhookSender } from '../../platform/webhook-sender.js';
import { getSetting } from '../../platform/settings.js';
import { announce } from '../../platform/events.js';
import { appendConsent, appendNumberOptOut, latestConsent } from './service.js';

const outcomes = { opt_out: 'opted_out', unclear: 'flagged', other: 'other' } as const;

/** The digits a customer's phone may be stored as for this number: as sent, and without the US country code. */
function numberForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? [digits, digits.slice(1)] : [digits];
}

/**
 * What a reply was answered when it first arrived: found by the provider's message id or, for a signed call sent again
 * without one, by what it said, within the time its signature is remembered.
 */
async function earlierReply(db: Kysely<DB>, reply: SmsReply): Promise<SmsReplyOutcome> {
  const earlier = await db
    .selectFrom('sms_replies')
    .select(['outcome', 'customer_ids'])
    .$call((qb) =>
      reply.message_id
        ? qb.where('provider_id', '=', reply.message_id)
        : qb
            .where('provider_id', 'is', null)
            .where('from_phone', '=', reply.from)
            .where('body', '=', reply.body)
            .where('received_at', '>=', sql<Date>`now() - make_interval(secs => ${HOOK_MEMORY_SECONDS})`),
    )
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!earlier) throw callInFlight();
  return { outcome: earlier.outcome, customers: earlier.customer_ids.length, repeated: true };
}

/**
 * A reply to a text. One of the opt-out keywords withdraws SMS consent of every customer with that number at once, in
 * this request (from a number no customer has, it is kept for the number, and no text goes to it until its customer
 * opts in again), and queues exactly one confirmation (none when they had already opted out, none for a repeated post
 * of the same message or signed call; none with `confirm: false`, for a provider that answers opt-out keywords itself,
 * as Twilio does). A reply that only mentions a keyword ('STOP please') is flagged for the
 * customers' agents and the admins, as the Notification Settings say. Nothing else is done for other replies, but each
 * is kept.
 */
export async function receiveSmsReply(
  db: Kysely<DB>,
  sender: WebhookSender,
  reply: SmsReply,
  repeatedCall = false,
  { confirm = true }: { confirm?: boolean } = {},
): Promise<SmsReplyOutcome> {
  if (repeatedCall) return earlierReply(db, reply);
  return db.transaction().execute(async (tx) => {
    const customers = await tx
      .selectFrom('customers')
      .select(['id', 'user_id', 'name'])
      .where(sql`regexp_replace(phone, '\\D', '', 'g')`, 'in', numberForms(reply.from))
      .where('phone', 'is not', null)
      .execute();
    const outcome = outcomes[classifySmsReply(reply.body)];
    const stored = await tx
      .insertInto('sms_replies')
      .values({
        provider_id: reply.message_id ?? null,
        from_phone: reply.from,
        body: reply.body,
        outcome,
        customer_ids: sql`${customers.map((c) => c.id)}::uuid[]`,
      })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return earlierReply(tx, reply);
    // The reply joins the conversation of each customer with that number; from a number no customer has, it waits
    // under Communications → Unmatched for admins and editors (conversations/unmatched.ts).
    if (customers.length === 0 && outcome !== 'opted_out') await publishChange(tx, 'conversations', []);
    if (customers.length > 0) {
      await tx
        .insertInto('texts')
        .values(
          customers.map((c) => ({
            direction: 'inbound' as const,
            customer_id: c.id,
            phone: reply.from,
            body: reply.body,
            sms_reply_id: stored.id,
          })),
        )
        .execute();
      await publishChange(
        tx,
        'conversations',
        customers.map((c) => c.user_id),
      );
    }
    // Any reply, an opt-out too, is the customer answering: their action plan stops.
    await announce(tx, 'customersAnswered', { customerIds: customers.map((c) => c.id) });

    if (outcome === 'opted_out' && customers.length === 0) {
      await appendNumberOptOut(tx, reply.from, reply.body);
    } else if (outcome === 'opted_out') {
      const latest = await latestConsent(
        tx,
        customers.map((c) => c.id),
        'sms',
      );
      const changed = customers.filter((c) => latest.get(c.id) !== 'opted_out');
      for (const customer of changed) {
        await appendConsent(tx, null, customer.id, {
          channel: 'sms',
          status: 'opted_out',
          source: 'sms_reply',
          wording: reply.body,
        });
      }
      if (changed.length > 0 && confirm) {
        const company = await getSetting(tx, 'company');
        const text = `${company.name}: you are unsubscribed and will get no more texts from us.`;
        await sender.queueSms(tx, { to: reply.from, text }, null);
      }
    } else if (outcome === 'flagged') {
      const [first] = customers;
      await notify(tx, null, {
        event: 'sms_reply_flagged',
        ownerIds: customers.map((c) => c.user_id),
        title: 'A text reply needs a person',
        content: `${first ? first.name : reply.from}: “${reply.body}”`,
        link: first ? `/customers/${first.id}` : null,
      });
    }
    return { outcome, customers: customers.length, repeated: false };
  });
}
