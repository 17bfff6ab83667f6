import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/http/paging.js';
import type { customOfferInputSchema } from '../../../shared/offers/schemas.js';
import type { CustomOffer } from '../../../shared/offers/types.js';
import type { Actor } from '../../auth/actor.js';
import { visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { momentIdCursor, newestFirstKey, olderThan, pageOf } from '../../http/paging.js';
import type { Matches, Wire } from '../../http/wire.js';
import { recordAudit } from '../../platform/audit.js';
import { vehicleName } from '../../../shared/vehicles/types.js';

type CustomOfferRow = Row<'custom_offers'>;
const _matches: Matches<Wire<CustomOfferRow>, CustomOffer> = true;
void _matches;

/** The custom offers the actor may see (agents their own), newest first. */
export async function listCustomOffers(
  db: Kysely<DB>,
  actor: Actor,
  query: { limit: number; cursor?: string },
): Promise<Page<CustomOfferRow>> {
  const cursor = momentIdCursor(query.cursor);
  const rows = await db
    .selectFrom('custom_offers')
    .selectAll()
    .where(visibleTo(actor, 'custom_offers.user_id'))
    .$if(cursor !== null, (qb) => qb.where(olderThan(cursor!)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return pageOf(rows, query.limit, newestFirstKey);
}

export async function createCustomOffer(
  db: Kysely<DB>,
  actor: Actor,
  input: z.output<typeof customOfferInputSchema>,
): Promise<CustomOfferRow> {
  return db.transaction().execute(async (tx) => {
    const offer = await tx
      .insertInto('custom_offers')
      .values({ ...input, user_id: actor.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'custom_offer',
      entityId: offer.id,
      action: 'created',
      changes: { offer: { from: null, to: vehicleName(offer) } },
    });
    return offer;
  });
}

/** Deletes the offer; the images made of it stay at their addresses (a post may show them). */
export async function deleteCustomOffer(db: Kysely<DB>, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom('custom_offers')
      .where('id', '=', id)
      .where(visibleTo(actor, 'custom_offers.user_id'))
      .returning(['make', 'model', 'year'])
      .executeTakeFirst();
    if (!removed) throw notFound('Offer');
    await recordAudit(tx, actor, {
      entityType: 'custom_offer',
      entityId: id,
      action: 'deleted',
      changes: { offer: { from: vehicleName(removed), to: null } },
    });
  });
}
