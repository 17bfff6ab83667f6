import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import { inventoryVisibleTo, requireChange } from '../../auth/scope.js';
import type { DB, Row } from '../../db/schema.js';
import { cursorValue, decodeCursor, keysetBatches, pageOf } from '../../http/paging.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Matches, Wire } from '../../http/wire.js';
import type { Page } from '../../../shared/http/paging.js';
import { escapeLike } from '../../db/like.js';
import { publishChange } from '../../realtime/publish.js';
import { executePrepared } from '../../db/prepared-statements.js';
import {
  VEHICLE_MAKES_LIMIT,
  VEHICLE_OPTIONS_LIMIT,
  type VehicleFilter,
  type VehicleSort,
} from '../../../shared/vehicles/queries.js';
import type { Vehicle, VehicleOption, VehicleSummary } from '../../../shared/vehicles/types.js';
import { unsoldStatuses, vehicleStatuses, type VehicleStatus } from '../../../shared/vehicles/options.js';
import { photoUrl } from '../../../shared/vehicles/photos.js';

type VehicleQuery<O> = SelectQueryBuilder<DB, 'vehicles', O>;
export type VehicleRow = Omit<Row<'vehicles'>, 'search_text'>;

// The vehicle the API sends is the table's row as JSON without its search text; a column added to one only fails the
// typecheck.
const _vehicleIsRow: Matches<Wire<VehicleRow>, Vehicle> = true;
void _vehicleIsRow;

/** The columns the API returns: every one but the search text. */
export const vehicleColumns = [
  'id',
  'user_id',
  'make',
  'model',
  'year',
  'vin',
  'color',
  'mileage',
  'price_cents',
  'status',
  'location',
  'contact_name',
  'contact_phone',
  'contact_email',
  'features',
  'notes',
  'condition',
  'listed',
  'public_key',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof VehicleRow)[];

/** The vehicles the actor may see: the inventory's one rule (`inventoryVisibleTo`). */
export function selectVehicles(db: Kysely<DB>, actor: Actor) {
  return db.selectFrom('vehicles').select(vehicleColumns).where(inventoryVisibleTo(actor, 'vehicles.user_id'));
}

/**
 * Tells the tabs that show these owners' vehicles that they changed: the owners', admins' and editors', and, while the
 * dealership shares its inventory, everyone's.
 */
export const vehiclesChanged = (db: Kysely<DB>, actor: Pick<Actor, 'inventory'>, ownerIds: string[]) =>
  publishChange(db, 'vehicles', actor.inventory === 'dealership' ? 'all' : ownerIds);

/**
 * A used vehicle offered for sale without a completed Buyers Guide, which may not be offered until it has one
 * (16 CFR 455.2), given its guide's key (null without one): the inventory's flag, the vehicle page, the public page,
 * the feeds and Settings → Listing Feeds' count all read this one condition.
 */
export const lacksBuyersGuide = (guideKey: RawBuilder<unknown>) =>
  sql<boolean>`(vehicles.condition = 'used' AND vehicles.status <> 'sold' AND ${guideKey} IS NULL)`;

/**
 * `lacksBuyersGuide` for the rows of a page or a batch, with a lookup by the guides' key for each row read: PostgreSQL
 * plans NOT EXISTS here as a hash of every guide, built again for each page or batch, far slower
 * than the lookup (bench/README.md). A count over the whole inventory joins the guides instead.
 */
export const needsBuyersGuide = lacksBuyersGuide(
  sql`(SELECT g.vehicle_id FROM vehicle_buyers_guides g WHERE g.vehicle_id = vehicles.id)`,
);

/** A vehicle the actor may see, else 404 (as for one that does not exist); with `lock`, locked for a change. */
export async function visibleVehicle(db: Kysely<DB>, actor: Actor, id: string, { lock = false } = {}): Promise<VehicleRow> {
  const query = selectVehicles(db, actor).where('vehicles.id', '=', id);
  const vehicle = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!vehicle) throw notFound('Vehicle');
  return vehicle;
}

/**
 * A vehicle the actor may change, locked for the change: one they cannot see answers 404; one of the shared inventory
 * that is a colleague's, 403 (its owner, editors and admins change it).
 */
export async function changeableVehicle(db: Kysely<DB>, actor: Actor, id: string): Promise<VehicleRow> {
  const vehicle = await visibleVehicle(db, actor, id, { lock: true });
  requireChange(actor, vehicle.user_id);
  return vehicle;
}

/** q is a case-insensitive substring of make, model or VIN, found through the trigram index of search_text. */
function searched<O>(query: VehicleQuery<O>, q: string | undefined): VehicleQuery<O> {
  if (!q) return query;
  return query.where('vehicles.search_text', 'like', sql<string>`lower(${`%${escapeLike(q)}%`})`);
}

export function filtered<O>(query: VehicleQuery<O>, filter: VehicleFilter): VehicleQuery<O> {
  let result = searched(query, filter.q);
  if (filter.status) result = result.where('vehicles.status', '=', filter.status);
  if (filter.make) result = result.where('vehicles.make', 'ilike', escapeLike(filter.make));
  if (filter.year_min !== undefined) result = result.where('vehicles.year', '>=', filter.year_min);
  if (filter.year_max !== undefined) result = result.where('vehicles.year', '<=', filter.year_max);
  if (filter.price_min !== undefined) result = result.where('vehicles.price_cents', '>=', filter.price_min);
  if (filter.price_max !== undefined) result = result.where('vehicles.price_cents', '<=', filter.price_max);
  return result;
}

const sortKeys = {
  newest: { column: 'created_at', direction: 'desc' },
  oldest: { column: 'created_at', direction: 'asc' },
  price_desc: { column: 'price_cents', direction: 'desc' },
  price_asc: { column: 'price_cents', direction: 'asc' },
  year_desc: { column: 'year', direction: 'desc' },
  year_asc: { column: 'year', direction: 'asc' },
} as const satisfies Record<VehicleSort, { column: 'created_at' | 'price_cents' | 'year'; direction: 'asc' | 'desc' }>;

// year is an integer column, price_cents a bigint: a key outside them fails in the database, not as a bad cursor.
const keyChecks = {
  created_at: (key: unknown) => cursorValue.moment(key),
  price_cents: (key: unknown) => cursorValue.integer(key, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  year: (key: unknown) => cursorValue.integer(key, -2_147_483_648, 2_147_483_647),
};

function cursorKey(cursor: string | undefined, column: keyof typeof keyChecks): [string | number, string] | null {
  const values = decodeCursor(cursor, 2);
  if (!values) return null;
  const [key, id] = values;
  if (!keyChecks[column](key) || !cursorValue.uuid(id)) throw badRequest('Invalid cursor');
  return [key as string | number, id];
}

/** Keyset paging: the next page starts after the (sort key, id) of the last row seen. */
export async function listVehicles(
  db: Kysely<DB>,
  actor: Actor,
  query: VehicleFilter & { limit: number; cursor?: string },
): Promise<Page<VehicleRow & { cover_url: string | null; needs_buyers_guide: boolean }>> {
  const { column, direction } = sortKeys[query.sort ?? 'newest'];
  const after = cursorKey(query.cursor, column);
  // Each row's cover, the first of its photos, by the photos' (vehicle, position) index.
  const cover = sql<string | null>`(SELECT p.id FROM vehicle_photos p WHERE p.vehicle_id = vehicles.id
    ORDER BY p.position, p.created_at LIMIT 1)`;
  let rows = filtered(
    selectVehicles(db, actor).select([cover.as('cover_photo_id'), needsBuyersGuide.as('needs_buyers_guide')]),
    query,
  );
  if (after) {
    const key = column === 'created_at' ? new Date(after[0]) : after[0];
    const operator = sql.raw(direction === 'desc' ? '<' : '>');
    rows = rows.where(sql<boolean>`(${sql.ref(`vehicles.${column}`)}, vehicles.id) ${operator} (${key}, ${after[1]})`);
  }
  const ordered = rows
    .orderBy(`vehicles.${column}`, direction)
    .orderBy('vehicles.id', direction)
    .limit(sql.lit(query.limit + 1));
  // The whole inventory in a sort, as every visit opens it, is planned once per connection; a narrowed one each time.
  const { sort: _sort, limit: _limit, cursor: _cursor, ...conditions } = query;
  const narrowed = Object.values(conditions).some((value) => value !== undefined);
  const found = narrowed ? await ordered.execute() : await executePrepared(db, ordered);
  const page = pageOf(found, query.limit, (row) => [
    column === 'created_at' ? row.created_at.toISOString() : row[column],
    row.id,
  ]);
  return {
    ...page,
    items: page.items.map(({ cover_photo_id, ...row }) => ({
      ...row,
      cover_url: cover_photo_id ? photoUrl(row.id, cover_photo_id, 'thumb') : null,
    })),
  };
}

/** How many of each status: the keys are the statuses themselves, so a status added to the list is counted too. */
const countsByStatus = (row: Record<string, unknown>) =>
  Object.fromEntries(vehicleStatuses.map((status) => [status, Number(row[status])])) as Record<VehicleStatus, number>;

/** The summary cards, counted by the database over the same filter as the list: every status, so they add up. */
export async function summarizeVehicles(db: Kysely<DB>, actor: Actor, filter: VehicleFilter): Promise<VehicleSummary> {
  const row = await filtered(db.selectFrom('vehicles').where(inventoryVisibleTo(actor, 'vehicles.user_id')), filter)
    .select([
      sql<string>`count(*)`.as('total'),
      ...vehicleStatuses.map((status) => sql<string>`count(*) filter (where vehicles.status = ${status})`.as(status)),
      sql<string>`coalesce(sum(vehicles.price_cents) filter (where vehicles.status in (${sql.join([...unsoldStatuses])})), 0)`.as(
        'total_value_cents',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), ...countsByStatus(row), total_value_cents: Number(row.total_value_cents) };
}

/** Every vehicle of the filter, a batch at a time, in list order. */
export function eachVehicle(db: Kysely<DB>, actor: Actor, filter: VehicleFilter, batchSize = 1000) {
  return keysetBatches(async (cursor: string | null) => {
    const page = await listVehicles(db, actor, { ...filter, limit: batchSize, cursor: cursor ?? undefined });
    return { rows: page.items, next: page.nextCursor };
  });
}

/** A vehicle as the deal form's picker and a deal's page show it. */
export const vehicleOptionColumns = [
  'vehicles.id',
  'vehicles.make',
  'vehicles.model',
  'vehicles.year',
  'vehicles.vin',
  'vehicles.price_cents',
  'vehicles.status',
] as const;

/** The deal form's vehicle picker: at most 20 of the vehicles the actor may see matching q. */
export async function vehicleOptions(
  db: Kysely<DB>,
  actor: Actor,
  filter: { q?: string; status?: VehicleStatus },
): Promise<VehicleOption[]> {
  return filtered(db.selectFrom('vehicles').where(inventoryVisibleTo(actor, 'vehicles.user_id')), filter)
    .select(vehicleOptionColumns)
    .orderBy('vehicles.created_at', 'desc')
    .orderBy('vehicles.id', 'desc')
    .limit(VEHICLE_OPTIONS_LIMIT)
    .execute();
}

/** Makes in the inventory the actor sees, the most stocked first: suggested as a make is typed on a deal or a vehicle. */
export async function vehicleMakes(db: Kysely<DB>, actor: Actor): Promise<{ items: string[] }> {
  const rows = await db
    .selectFrom('vehicles')
    .select('make')
    .where(inventoryVisibleTo(actor, 'vehicles.user_id'))
    .groupBy('make')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('make')
    .limit(VEHICLE_MAKES_LIMIT)
    .execute();
  return { items: rows.map((row) => row.make) };
}
