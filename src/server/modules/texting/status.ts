import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { announce } from '../../platform/events.js';
import { twilioErrorText } from './twilio.js';

const delivered = ['delivered', 'read'];
const failed = ['failed', 'undelivered'];

/**
 * A delivery state Twilio reports for a text: delivered (or read) marks it delivered; failed or undelivered fails it
 * with Twilio's reason, unless it was delivered already (states may arrive out of order); the states on the way
 * (queued, sending, sent) change nothing. The text is found by the outbox id Torque put in the callback's address, or
 * else by Twilio's message id.
 */
export async function recordTwilioStatus(
  db: Kysely<DB>,
  report: { outboxId: string | null; sid: string; status: string; errorCode: string | null },
): Promise<void> {
  const isDelivered = delivered.includes(report.status);
  const isFailed = failed.includes(report.status);
  if (!isDelivered && !isFailed) return;
  const reason = `${report.status === 'failed' ? 'Failed' : 'Not delivered'}${
    report.errorCode ? ` — ${twilioErrorText(report.errorCode)}` : ''
  }`;
  const changed = await db
    .updateTable('outbox')
    .set({
      provider_id: sql`coalesce(provider_id, ${report.sid})`,
      ...(isDelivered
        ? {
            delivered_at: sql`coalesce(delivered_at, now())`,
            sent_at: sql`coalesce(sent_at, now())`,
            status: 'sent',
            last_error: null,
          }
        : {
            status: sql`CASE WHEN delivered_at IS NULL THEN 'failed' ELSE status END`,
            last_error: sql`CASE WHEN delivered_at IS NULL THEN ${reason} ELSE last_error END`,
          }),
    })
    .where('kind', '=', 'sms')
    .$call((qb) =>
      report.outboxId
        ? qb
            .where('id', '=', report.outboxId)
            .where((eb) => eb.or([eb('provider_id', 'is', null), eb('provider_id', '=', report.sid)]))
        : qb.where('provider_id', '=', report.sid),
    )
    .returning('id')
    .execute();
  for (const row of changed) await announce(db, 'textDeliveryChanged', { outboxId: row.id });
}
