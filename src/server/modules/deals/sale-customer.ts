import { sql, type Kysely } from 'kysely';
import type { CustomerStatus } from '../../../shared/customers/options.js';
import { salesStatus } from '../../../shared/deals/options.js';
import { SALE_CUSTOMER_STATUS } from '../../../shared/deals/sale-rule.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { getSetting } from '../../platform/settings.js';
import { startPlanOn, stopPlans } from '../tasks/index.js';
import { addDeliveryFollowUps } from '../tasks/index.js';

type Tx = Kysely<DB>;
type Sale = Pick<Row<'deals'>, 'id' | 'status' | 'customer_id' | 'user_id' | 'vehicle_id' | 'year' | 'manufacturer' | 'model'>;

/** The customer a deal holds as a completed sale, or null. */
const soldTo = (deal: Sale | null) => (deal?.status === salesStatus ? deal.customer_id : null);

/**
 * A completed sale moves its customer to the pipeline's last stage and makes them active, in the deal's transaction,
 * audited on the customer with the deal's id so both timelines show it, gives the deal's agent its delivery
 * follow-ups (the tasks area's delivery rule), and stops the customer's action plan (they bought) to start the one for
 * a completed deal. A sale reopened (or moved to another customer) leaves its customer where
 * they are, and both timelines say so (docs/decisions/021-funnel-stages.md).
 */
export async function customerFollowsSale(tx: Tx, actor: Actor, before: Sale | null, deal: Sale) {
  const [was, is] = [soldTo(before), soldTo(deal)];
  if (was === is) return;
  const { pipeline_stages: stages } = await getSetting(tx, 'crm');
  if (is) {
    await closeSale(tx, actor, is, deal.id, stages);
    await addDeliveryFollowUps(tx, deal);
    // A purchase ends the plan the customer was on, and starts the one for a completed deal.
    await stopPlans(tx, actor, [is], 'bought');
    await startPlanOn(tx, 'deal_completed', is);
  }
  if (was) await keepAfterReopening(tx, actor, was, deal, stages[0]!);
}

async function closeSale(tx: Tx, actor: Actor, customerId: string, dealId: string, stages: string[]) {
  const last = stages.at(-1)!;
  const { rows } = await sql<{ stage: string | null; status: CustomerStatus; owner: string }>`
    WITH previous AS (SELECT pipeline_stage, status FROM customers WHERE id = ${customerId} FOR UPDATE)
    UPDATE customers c
       SET pipeline_stage = ${last}, status = ${SALE_CUSTOMER_STATUS},
           updated_at = greatest(now(), c.updated_at + interval '1 millisecond')
      FROM previous
     WHERE c.id = ${customerId} AND (c.pipeline_stage IS DISTINCT FROM ${last} OR c.status <> ${SALE_CUSTOMER_STATUS})
    RETURNING previous.pipeline_stage AS stage, previous.status, c.user_id AS owner
  `.execute(tx);
  const moved = rows[0];
  if (!moved) return;
  await publishChange(tx, 'customers', [moved.owner]);
  const from = moved.stage ?? stages[0]!;
  await recordAudit(tx, actor, {
    entityType: 'customer',
    entityId: customerId,
    action: 'deal_completed',
    changes: {
      deal_id: dealId,
      ...(from !== last && { stage: { from, to: last } }),
      ...(moved.status !== SALE_CUSTOMER_STATUS && { status: { from: moved.status, to: SALE_CUSTOMER_STATUS } }),
    },
  });
}

async function keepAfterReopening(tx: Tx, actor: Actor, customerId: string, deal: Sale, firstStage: string) {
  const customer = await tx
    .selectFrom('customers')
    .select(['pipeline_stage', 'status'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return;
  await recordAudit(tx, actor, {
    entityType: 'customer',
    entityId: customerId,
    action: 'deal_reopened',
    changes: {
      deal_id: deal.id,
      deal_status: deal.status,
      stage: customer.pipeline_stage ?? firstStage,
      status: customer.status,
    },
  });
}
