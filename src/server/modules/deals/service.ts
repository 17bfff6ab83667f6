import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Page } from '../../../shared/http/paging.js';
import type { DealInput, DealListQuery, DealUpdate } from '../../../shared/deals/schemas.js';
import type { Deal, DealDetail, DealTimelineEntry } from '../../../shared/deals/types.js';
import type { Matches, Wire } from '../../http/wire.js';
import type { Actor } from '../../auth/actor.js';
import { inventoryVisibleTo, seesAll, visibleTo } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { FROM_WORKSHEET } from '../../../shared/desking/worksheet.js';
import { badRequest, notFound, staleWrite } from '../../http/errors.js';
import { cursorValue, decodeCursor, pageOf } from '../../http/paging.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import { publishChange } from '../../realtime/publish.js';
import { announceDeal } from './announce.js';
import { dealBuyersGuide, keepBuyersGuide } from '../vehicles/index.js';
import { vehicleOptionColumns } from '../vehicles/index.js';
import { documentKeysOf, removeDocumentFiles, type ErrorLog } from '../documents/index.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { resolveCustomer, resolveOwner, resolveVehicle, syncVehicleStatus } from './links.js';
import { customerFollowsSale } from './sale-customer.js';
import { escapeLike } from '../../db/like.js';

type Db = Kysely<DB>;
export type DealRow = Row<'deals'>;

// The deal the API sends is exactly the table's row as JSON; a column added to one only fails the typecheck.
const _dealIsRow: Matches<Wire<DealRow>, Deal> = true;
void _dealIsRow;

/** The deals an actor may see. */
export function scopeDeals<O>(query: SelectQueryBuilder<DB, 'deals', O>, actor: Actor) {
  return query.where(visibleTo(actor, 'deals.user_id'));
}

export const yearBounds = (year: number) => ({ from: `${year}-01-01`, to: `${year + 1}-01-01` });

/** The deal if the actor may see it; otherwise 404, the same answer as for a deal that does not exist. */
export async function findVisibleDeal(db: Db, actor: Actor, id: string): Promise<DealRow> {
  const deal = await scopeDeals(db.selectFrom('deals').selectAll('deals').where('deals.id', '=', id), actor).executeTakeFirst();
  if (!deal) throw notFound('Deal');
  return deal;
}

/** Where a reader of deals newest first stands: the (date, id) of the last deal it read. */
export type DealKey = { date: string; id: string };

/**
 * The deals after `after` (all of them from null), newest first, at most `limit`: the keyset on (date, id) that the
 * deal list, the commission list and the deal exports read through.
 */
export function newestDealsFirst<O>(query: SelectQueryBuilder<DB, 'deals', O>, after: DealKey | null, limit: number) {
  return query
    .$if(after !== null, (qb) => qb.where(sql<boolean>`(deals.date, deals.id) < (${after!.date}::date, ${after!.id}::uuid)`))
    .orderBy('deals.date', 'desc')
    .orderBy('deals.id', 'desc')
    .limit(limit);
}

/** One page of deals, newest first, by keyset on (date, id): the deal list and the commission list. */
export async function pageByDate<O extends { date: string; id: string }>(
  query: SelectQueryBuilder<DB, 'deals', O>,
  page: { limit: number; cursor?: string },
): Promise<Page<O>> {
  const cursor = decodeCursor(page.cursor, 2);
  let after: DealKey | null = null;
  if (cursor) {
    const [day, id] = cursor;
    if (!cursorValue.day(day) || !cursorValue.uuid(id)) throw badRequest('Invalid cursor');
    after = { date: day, id };
  }
  const rows = (await newestDealsFirst(query, after, page.limit + 1).execute()) as O[];
  return pageOf(rows, page.limit, (row) => [row.date, row.id]);
}

export async function listDeals(db: Db, actor: Actor, query: DealListQuery): Promise<Page<DealRow>> {
  let q = scopeDeals(db.selectFrom('deals').selectAll('deals'), actor);
  if (query.status) q = q.where('deals.status', '=', query.status);
  if (query.vehicle_id) q = q.where('deals.vehicle_id', '=', query.vehicle_id);
  if (query.customer_id) q = q.where('deals.customer_id', '=', query.customer_id);
  if (query.year) {
    const { from, to } = yearBounds(query.year);
    q = q.where('deals.date', '>=', from).where('deals.date', '<', to);
  }
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('deals.customer_name', 'ilike', pattern),
        eb('deals.manufacturer', 'ilike', pattern),
        eb('deals.model', 'ilike', pattern),
      ]),
    );
  }
  return pageByDate(q, query);
}

/** The deal with its linked customer and vehicle, each only if the actor may see it. */
export async function getDeal(
  db: Db,
  actor: Actor,
  id: string,
): Promise<DealRow & Pick<DealDetail, 'customer' | 'vehicle' | 'desked' | 'buyers_guide'>> {
  const deal = await findVisibleDeal(db, actor, id);
  const [customer, vehicle, worksheet, buyersGuide] = await Promise.all([
    deal.customer_id
      ? db
          .selectFrom('customers')
          .select(['id', 'name', 'email', 'phone', 'status'])
          .where('id', '=', deal.customer_id)
          .where(visibleTo(actor, 'customers.user_id'))
          .executeTakeFirst()
      : undefined,
    deal.vehicle_id
      ? db
          .selectFrom('vehicles')
          .where(inventoryVisibleTo(actor, 'vehicles.user_id'))
          .select(vehicleOptionColumns)
          .where('vehicles.id', '=', deal.vehicle_id)
          .executeTakeFirst()
      : undefined,
    db.selectFrom('deal_worksheets').select('deal_id').where('deal_id', '=', id).executeTakeFirst(),
    dealBuyersGuide(db, id),
  ]);
  return {
    ...deal,
    customer: customer ?? null,
    vehicle: vehicle ?? null,
    desked: worksheet !== undefined,
    buyers_guide: buyersGuide,
  };
}

/** The stored columns of a deal from the validated input and the records it resolved to. */
function dealValues(input: DealInput, owner: { id: string; name: string }, customerId: string | null, vehicleId: string | null) {
  return {
    user_id: owner.id,
    customer_id: customerId,
    vehicle_id: vehicleId,
    date: input.date,
    manufacturer: input.manufacturer,
    model: input.model,
    year: input.year,
    customer_name: input.customer_name,
    customer_phone: input.customer_phone,
    customer_email: input.customer_email,
    // The agent is a user; the name on the deal is theirs, whatever name the form carried.
    agent_name: owner.name,
    contract_price_cents: input.contract_price_cents,
    monthly_payment_cents: input.monthly_payment_cents,
    broker_fee_cents: input.broker_fee_cents,
    status: input.status,
    deal_classification: input.deal_classification,
    notes: input.notes,
  };
}

export async function createDeal(db: Db, actor: Actor, input: DealInput): Promise<DealRow> {
  return db.transaction().execute(async (tx) => {
    const owner = await resolveOwner(tx, actor, input.user_id);
    const vehicleId = await resolveVehicle(tx, actor, owner.id, input.vehicle_id);
    const customerId = await resolveCustomer(tx, actor, owner.id, input);
    const values = dealValues(input, owner, customerId, vehicleId);
    const deal = await tx.insertInto('deals').values(values).returningAll().executeTakeFirstOrThrow();
    await recordAudit(tx, actor, { entityType: 'deal', entityId: deal.id, action: 'created', changes: values });
    if (vehicleId) await syncVehicleStatus(tx, actor, vehicleId, deal.id);
    if (vehicleId && deal.status === 'completed') await keepBuyersGuide(tx, deal.id, vehicleId);
    await customerFollowsSale(tx, actor, null, deal);
    await announceDeal(tx, actor, deal, null);
    return deal;
  });
}

export async function updateDeal(db: Db, actor: Actor, id: string, input: DealUpdate): Promise<DealRow> {
  return db.transaction().execute(async (tx) => {
    const before = await scopeDeals(tx.selectFrom('deals').selectAll('deals').where('deals.id', '=', id), actor)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Deal');
    if (new Date(input.updated_at).getTime() !== before.updated_at.getTime()) throw staleWrite();

    const owner = await resolveOwner(tx, actor, input.user_id ?? before.user_id, before.user_id);
    // A link the deal already has stays as it is while its owner does; a new link or a new owner is checked.
    const sameOwner = owner.id === before.user_id;
    const vehicleId = await resolveVehicle(tx, actor, owner.id, input.vehicle_id, sameOwner ? before.vehicle_id : null);
    const customerId = await resolveCustomer(tx, actor, owner.id, input, sameOwner ? before.customer_id : null);
    const values = dealValues(input, owner, customerId, vehicleId);
    const changes = changedFields(before, values);
    if (Object.keys(changes).length === 0) return before;
    await refuseDeskedFigures(tx, id, changes);

    const deal = await tx
      .updateTable('deals')
      // Strictly later than the version replaced, even for two saves within one millisecond.
      .set({ ...values, updated_at: sql<Date>`greatest(clock_timestamp(), deals.updated_at + interval '1 millisecond')` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, { entityType: 'deal', entityId: id, action: 'updated', changes });
    if (changes.status || changes.vehicle_id) {
      const touched = new Set([before.vehicle_id, vehicleId].filter((v): v is string => Boolean(v)));
      for (const vehicle of touched) await syncVehicleStatus(tx, actor, vehicle, id);
      // A sale that completes keeps its vehicle's Buyers Guide as it is now (16 CFR 455.3: part of the contract).
      if (vehicleId && deal.status === 'completed') await keepBuyersGuide(tx, id, vehicleId);
    }
    await customerFollowsSale(tx, actor, before, deal);
    await announceDeal(tx, actor, deal, before);
    return deal;
  });
}

/**
 * A desked deal's contract price, monthly payment and broker fee are the worksheet's (desking area): an edit may not
 * change them.
 */
async function refuseDeskedFigures(tx: Db, id: string, changes: Record<string, unknown>) {
  const fields = ['contract_price_cents', 'monthly_payment_cents', 'broker_fee_cents'].filter((field) => field in changes);
  if (fields.length === 0) return;
  const desked = await tx.selectFrom('deal_worksheets').select('deal_id').where('deal_id', '=', id).executeTakeFirst();
  if (desked) throw badRequest(FROM_WORKSHEET, Object.fromEntries(fields.map((field) => [field, FROM_WORKSHEET])));
}

/**
 * Deletes a deal the actor may edit, with its documents (rows now, files once that has committed). Its vehicle
 * follows the deals that are left: available again unless another deal holds it. Audit rows stay.
 */
export async function deleteDeal(db: Db, store: BlobStore, actor: Actor, id: string, log: ErrorLog) {
  const keys = await db.transaction().execute(async (tx) => {
    const deal = await scopeDeals(tx.selectFrom('deals').selectAll('deals').where('deals.id', '=', id), actor)
      .forUpdate()
      .executeTakeFirst();
    if (!deal) throw notFound('Deal');
    const keys = await documentKeysOf(tx, 'deal', id);
    await tx.deleteFrom('deals').where('id', '=', id).execute();
    await recordAudit(tx, actor, {
      entityType: 'deal',
      entityId: id,
      action: 'deleted',
      changes: {
        customer_name: deal.customer_name,
        manufacturer: deal.manufacturer,
        model: deal.model,
        status: deal.status,
        documents: keys.length,
      },
    });
    if (deal.vehicle_id) await syncVehicleStatus(tx, actor, deal.vehicle_id, id);
    await publishChange(tx, 'deals', [deal.user_id]);
    return keys;
  });
  await removeDocumentFiles(store, keys, log);
}

/**
 * What happened to the deal, newest first: its own changes and the vehicle, customer and document changes it caused.
 * Only what the actor may see: after a deal moves to another agent, its old vehicle's and customer's history and the ids
 * of records the new owner cannot open stay out.
 */
export async function dealTimeline(db: Db, actor: Actor, id: string): Promise<DealTimelineEntry[]> {
  await findVisibleDeal(db, actor, id);
  const { rows } = await sql<DealTimelineEntry>`
    SELECT a.id, a.entity_type, a.action, a.changes, a.created_at, u.name AS actor_name, i.name AS impersonator_name
    FROM (
      SELECT * FROM audit_log WHERE entity_type = 'deal' AND entity_id = ${id}
      UNION ALL
      SELECT * FROM audit_log WHERE changes ? 'deal_id' AND changes ->> 'deal_id' = ${id} AND entity_type <> 'deal'
    ) a
    LEFT JOIN users u ON u.id = a.actor_id
    LEFT JOIN users i ON i.id = a.impersonator_id
    WHERE (a.entity_type <> 'vehicle' OR EXISTS (SELECT 1 FROM vehicles v WHERE v.id = a.entity_id AND ${inventoryVisibleTo(actor, 'v.user_id')}))
      AND (a.entity_type <> 'customer' OR EXISTS (SELECT 1 FROM customers c WHERE c.id = a.entity_id AND ${visibleTo(actor, 'c.user_id')}))
    ORDER BY a.created_at DESC, a.id
    LIMIT 200
  `.execute(db);
  return seesAll(actor) ? rows : hideForeignLinks(db, actor, rows);
}

const linkTables = { customer_id: 'customers', vehicle_id: 'vehicles' } as const;

/** Replaces the ids of linked customers and vehicles that are not the agent's own with 'hidden'. */
async function hideForeignLinks(db: Db, actor: Actor, rows: DealTimelineEntry[]): Promise<DealTimelineEntry[]> {
  // A 'created' entry holds the value itself; an 'updated' one { from, to }.
  const valuesOf = (change: unknown): unknown[] =>
    change && typeof change === 'object' ? [(change as { from?: unknown }).from, (change as { to?: unknown }).to] : [change];
  const own = new Set<string>();
  for (const [field, table] of Object.entries(linkTables)) {
    const ids = rows.flatMap((row) => valuesOf(row.changes[field]).filter((v): v is string => typeof v === 'string'));
    if (ids.length === 0) continue;
    const found = await db.selectFrom(table).select('id').where('id', 'in', ids).where('user_id', '=', actor.userId).execute();
    found.forEach((row) => own.add(row.id));
  }
  const shown = (value: unknown) => (typeof value === 'string' && !own.has(value) ? 'hidden' : value);
  return rows.map((row) => {
    const changes = { ...row.changes };
    for (const field of Object.keys(linkTables)) {
      const change = changes[field];
      if (change && typeof change === 'object') {
        const { from, to } = change as { from?: unknown; to?: unknown };
        changes[field] = { from: shown(from), to: shown(to) };
      } else if (change !== undefined) {
        changes[field] = shown(change);
      }
    }
    return { ...row, changes };
  });
}
