import { sql, type Kysely } from 'kysely';
import { offerCost, withOffer } from '../../../shared/desking/client-total.js';
import {
  OFFER_NOT_OPEN,
  type DealerOffer,
  type DealerOfferInput,
  type DealerOfferList,
} from '../../../shared/desking/dealer-offers.js';
import { worksheetFigures } from '../../../shared/desking/figures.js';
import { combinedRatePercent, ruleOf } from '../../../shared/desking/tax.js';
import type { Actor } from '../../auth/actor.js';
import type { DB, Row } from '../../db/schema.js';
import { badRequest, conflict, notFound, staleWrite } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import { scopeDeals } from '../deals/index.js';
import { getSetting } from '../../platform/settings.js';
import { dealFollowsFigures, dealFollowsWorksheet, draftOf, lockedDeal, requireOpenDesk, storedWorksheet } from './service.js';

type Db = Kysely<DB>;

export const DOCUMENT_NOT_ON_DEAL = "Choose one of the deal's documents";

/** An offer of the deal, both locked for the change. */
async function lockedOffer(tx: Db, actor: Actor, dealId: string, offerId: string) {
  const deal = await lockedDeal(tx, actor, dealId);
  const offer = await tx
    .selectFrom('dealer_offers')
    .selectAll()
    .where('id', '=', offerId)
    .where('deal_id', '=', dealId)
    .forUpdate()
    .executeTakeFirst();
  if (!offer) throw notFound('Offer');
  return { deal, offer };
}

/**
 * What the offers are compared on: the deal's worksheet (or, before it is desked, the draft it would start with: the
 * contract price, the default state and its fees, the deal's broker fee) and the rule of its state.
 */
async function comparisonTerms(db: Db, deal: Row<'deals'>) {
  const [sheet, desking] = await Promise.all([
    db.selectFrom('deal_worksheets').select(['state', 'worksheet']).where('deal_id', '=', deal.id).executeTakeFirst(),
    getSetting(db, 'desking'),
  ]);
  const base = sheet ? { state: sheet.state, worksheet: storedWorksheet(sheet.worksheet) } : draftOf(deal, desking);
  const rule = ruleOf(base.state);
  return {
    ...base,
    rule,
    list: {
      state: base.state,
      tax_rate_percent: rule ? combinedRatePercent(rule, base.worksheet.local_tax_rate_percent) : 0,
      broker_fee_cents: base.worksheet.broker_fee_cents,
      dealer_fees_taxed: rule?.doc_fee_taxable ?? false,
    },
  };
}

/** The dealer offers of a deal the actor may see, in the order recorded, each with what the client pays in all. */
export async function listDealerOffers(db: Db, actor: Actor, dealId: string): Promise<DealerOfferList> {
  const deal = await scopeDeals(
    db.selectFrom('deals').selectAll('deals').where('deals.id', '=', dealId),
    actor,
  ).executeTakeFirst();
  if (!deal) throw notFound('Deal');
  const [rows, terms] = await Promise.all([
    db
      .selectFrom('dealer_offers as o')
      .leftJoin('users as u', 'u.id', 'o.created_by')
      .leftJoin('deal_documents as d', 'd.id', 'o.document_id')
      .selectAll('o')
      .select(['u.name as created_by_name', 'd.file_name as document_name'])
      .where('o.deal_id', '=', dealId)
      .orderBy('o.created_at')
      .orderBy('o.id')
      .execute(),
    comparisonTerms(db, deal),
  ]);
  const items: DealerOffer[] = rows.map((row) => ({
    id: row.id,
    dealer: row.dealer,
    contact: row.contact,
    vehicle: row.vehicle,
    vin: row.vin,
    price_cents: row.price_cents,
    fees_cents: row.fees_cents,
    availability: row.availability,
    available_on: row.available_on,
    expires_on: row.expires_on,
    document_id: row.document_id,
    document_name: row.document_name,
    status: row.status,
    decline_reason: row.decline_reason,
    ...offerCost(terms.worksheet, terms.rule, row),
    created_by_name: row.created_by_name,
    updated_at: row.updated_at.toISOString(),
  }));
  return { items, ...terms.list };
}

/** An attached quote is one of the deal's own documents. */
async function checkDocument(tx: Db, dealId: string, documentId: string | null) {
  if (documentId === null) return;
  const found = await tx
    .selectFrom('deal_documents')
    .select('id')
    .where('id', '=', documentId)
    .where('deal_id', '=', dealId)
    .executeTakeFirst();
  if (!found) throw badRequest(DOCUMENT_NOT_ON_DEAL, { document_id: DOCUMENT_NOT_ON_DEAL });
}

export async function addDealerOffer(db: Db, actor: Actor, dealId: string, input: DealerOfferInput) {
  return db.transaction().execute(async (tx) => {
    const deal = await lockedDeal(tx, actor, dealId);
    await checkDocument(tx, dealId, input.document_id);
    const offer = await tx
      .insertInto('dealer_offers')
      .values({ ...input, deal_id: dealId, created_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'deal',
      entityId: dealId,
      action: 'dealer_offer_added',
      changes: { offer_id: offer.id, dealer: input.dealer, vehicle: input.vehicle, price_cents: input.price_cents },
    });
    await publishChange(tx, 'deals', [deal.user_id]);
    return offer;
  });
}

export async function updateDealerOffer(
  db: Db,
  actor: Actor,
  dealId: string,
  offerId: string,
  input: DealerOfferInput & { updated_at: string },
) {
  return db.transaction().execute(async (tx) => {
    const { deal, offer: before } = await lockedOffer(tx, actor, dealId, offerId);
    if (before.updated_at.getTime() !== new Date(input.updated_at).getTime()) throw staleWrite();
    await checkDocument(tx, dealId, input.document_id);
    const { updated_at: _version, ...values } = input;
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return { id: offerId };
    await tx
      .updateTable('dealer_offers')
      .set({ ...values, updated_at: sql<Date>`greatest(clock_timestamp(), dealer_offers.updated_at + interval '1 millisecond')` })
      .where('id', '=', offerId)
      .execute();
    await recordAudit(tx, actor, {
      entityType: 'deal',
      entityId: dealId,
      action: 'dealer_offer_updated',
      changes: { offer_id: offerId, dealer: input.dealer, ...changes },
    });
    await publishChange(tx, 'deals', [deal.user_id]);
    return { id: offerId };
  });
}

export async function removeDealerOffer(db: Db, actor: Actor, dealId: string, offerId: string) {
  await db.transaction().execute(async (tx) => {
    const deal = await lockedDeal(tx, actor, dealId);
    const removed = await tx
      .deleteFrom('dealer_offers')
      .where('id', '=', offerId)
      .where('deal_id', '=', dealId)
      .returning(['dealer', 'vehicle'])
      .executeTakeFirst();
    if (!removed) throw notFound('Offer');
    await recordAudit(tx, actor, {
      entityType: 'deal',
      entityId: dealId,
      action: 'dealer_offer_removed',
      changes: { offer_id: offerId, dealer: removed.dealer, vehicle: removed.vehicle },
    });
    await publishChange(tx, 'deals', [deal.user_id]);
  });
}

/**
 * The client takes one dealer's offer: it is chosen, every other open offer is declined with the reason given, and
 * the deal's price becomes the offer's — through the worksheet when the deal is desked (its figures worked out again
 * by the state's rule), else on the deal itself. An offer already chosen or declined answers 409.
 */
export async function chooseDealerOffer(db: Db, actor: Actor, dealId: string, offerId: string, declineReason: string) {
  return db.transaction().execute(async (tx) => {
    const { deal, offer } = await lockedOffer(tx, actor, dealId, offerId);
    requireOpenDesk(deal);
    if (offer.status !== 'open') throw conflict(OFFER_NOT_OPEN);
    const declined = await tx
      .updateTable('dealer_offers')
      .set({ status: 'declined', decline_reason: declineReason, updated_at: sql<Date>`clock_timestamp()` })
      .where('deal_id', '=', dealId)
      .where('id', '!=', offerId)
      .where('status', '!=', 'declined')
      .returning('dealer')
      .execute();
    await tx
      .updateTable('dealer_offers')
      .set({ status: 'chosen', updated_at: sql<Date>`clock_timestamp()` })
      .where('id', '=', offerId)
      .execute();
    await recordAudit(tx, actor, {
      entityType: 'deal',
      entityId: dealId,
      action: 'dealer_offer_chosen',
      changes: {
        offer_id: offerId,
        dealer: offer.dealer,
        vehicle: offer.vehicle,
        price_cents: offer.price_cents,
        fees_cents: offer.fees_cents,
        declined: declined.map((d) => d.dealer),
        decline_reason: declineReason,
      },
    });
    await dealTakesOffer(tx, actor, deal, offer);
    await publishChange(tx, 'deals', [deal.user_id]);
    return { id: offerId };
  });
}

/**
 * The deal takes the chosen offer: a desked deal's worksheet becomes the worksheet with the dealer's price and fees
 * (`withOffer`, as the comparison figured it) and the deal follows its figures; else the deal takes the price.
 */
async function dealTakesOffer(
  tx: Db,
  actor: Actor,
  deal: Row<'deals'>,
  offer: Pick<Row<'dealer_offers'>, 'price_cents' | 'fees_cents'>,
) {
  const sheet = await tx
    .selectFrom('deal_worksheets')
    .select(['state', 'worksheet'])
    .where('deal_id', '=', deal.id)
    .executeTakeFirst();
  if (!sheet) {
    await dealFollowsFigures(tx, actor, deal, {
      contract_price_cents: offer.price_cents,
      monthly_payment_cents: deal.monthly_payment_cents,
      broker_fee_cents: deal.broker_fee_cents,
    });
    return;
  }
  const worksheet = withOffer(storedWorksheet(sheet.worksheet), offer);
  await tx
    .updateTable('deal_worksheets')
    .set({
      worksheet: JSON.stringify(worksheet),
      updated_by: actor.userId,
      updated_at: sql<Date>`greatest(clock_timestamp(), deal_worksheets.updated_at + interval '1 millisecond')`,
    })
    .where('deal_id', '=', deal.id)
    .execute();
  const rule = ruleOf(sheet.state);
  if (rule) await dealFollowsWorksheet(tx, actor, deal, worksheet, worksheetFigures(worksheet, rule));
}
