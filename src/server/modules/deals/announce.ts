import type { Kysely } from 'kysely';
import { salesStatus } from '../../../shared/deals/options.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { publishChange } from '../../realtime/publish.js';
import { notify } from '../../platform/notifications.js';

type Deal = Pick<Row<'deals'>, 'id' | 'user_id' | 'agent_name' | 'manufacturer' | 'model' | 'customer_name' | 'status'>;

/**
 * Tells the people concerned that a deal was created, moved to another agent or completed (as the Notification
 * Settings say), and refreshes the deal lists of its agents, old and new, in their open tabs.
 */
export async function announceDeal(tx: Kysely<DB>, actor: Actor, deal: Deal, before: Deal | null) {
  const what = `${deal.manufacturer} ${deal.model} for ${deal.customer_name}`;
  const link = `/deals/${deal.id}`;
  if (!before) {
    await notify(tx, actor, {
      event: 'deal_created',
      ownerIds: [deal.user_id],
      title: 'New deal',
      content: `${what}, agent ${deal.agent_name}`,
      link,
    });
  } else if (before.user_id !== deal.user_id) {
    await notify(tx, actor, {
      event: 'deal_assigned',
      ownerIds: [deal.user_id],
      title: 'Deal assigned to you',
      content: `${actor.name} assigned you the deal ${what}`,
      link,
    });
  }
  if (deal.status === salesStatus && before?.status !== salesStatus) {
    await notify(tx, actor, { event: 'deal_completed', ownerIds: [deal.user_id], title: 'Deal completed', content: what, link });
  }
  await publishChange(tx, 'deals', [deal.user_id, before?.user_id]);
}
