import { sql, type Kysely } from 'kysely';
import { publicVehiclePath } from '../../../shared/listings/paths.js';
import {
  DUPLICATE_FEED,
  FEED_NOT_FOUND,
  feedFormats,
  feedPath,
  type FeedVehicle,
  type KeyedListingFeed,
  type ListingFeedInput,
  type ListingFeeds,
} from '../../../shared/listings/schemas.js';
import { dollarsText } from '../../../shared/money.js';
import type { Actor } from '../../auth/actor.js';
import { hashLinkToken, LINK_TOKEN, newLinkToken } from '../../auth/link-token.js';
import { requireRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { batchOf, keysetBatches } from '../../http/paging.js';
import { recordAudit } from '../../platform/audit.js';
import { lacksBuyersGuide, needsBuyersGuide } from '../vehicles/index.js';

type Db = Kysely<DB>;

/**
 * The vehicles a feed and the public pages show: available for sale, listed by the dealership, and not a used vehicle
 * still without its Buyers Guide (16 CFR 455.2: the guide is displayed before a used vehicle is offered for sale).
 */
export const shownPublicly = sql<boolean>`vehicles.status = 'available' AND vehicles.listed AND NOT ${needsBuyersGuide}`;

const feedColumns = ['id', 'name', 'created_at', 'key_made_at', 'last_read_at', 'reads'] as const;
type FeedRow = {
  id: string;
  name: string;
  created_at: Date;
  key_made_at: Date;
  last_read_at: Date | null;
  reads: string | number;
};

const toFeed = (row: FeedRow) => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  key_made_at: row.key_made_at.toISOString(),
  last_read_at: row.last_read_at?.toISOString() ?? null,
  reads: Number(row.reads),
});

const withKey = (row: FeedRow, key: string, origin: string): KeyedListingFeed => ({
  ...toFeed(row),
  key,
  urls: Object.fromEntries(
    feedFormats.map((format) => [format, `${origin}${feedPath(key, format)}`]),
  ) as KeyedListingFeed['urls'],
});

/**
 * Settings → Listing Feeds (admins): every feed, how many vehicles the feeds hold now, and how many listed ones they
 * leave out until their Buyers Guide is completed.
 */
export async function listFeeds(db: Db, actor: Actor): Promise<ListingFeeds> {
  requireRole(actor, 'admin');
  // Every listed vehicle against its guide at once: a join, where a lookup per row took six times as long at 170,000.
  const held = lacksBuyersGuide(sql.ref('g.vehicle_id'));
  const [items, counts] = await Promise.all([
    db.selectFrom('listing_feeds').select(feedColumns).orderBy('name').execute(),
    db
      .selectFrom('vehicles')
      .leftJoin('vehicle_buyers_guides as g', 'g.vehicle_id', 'vehicles.id')
      .select([
        sql<string>`count(*) FILTER (WHERE NOT ${held})`.as('listed'),
        sql<string>`count(*) FILTER (WHERE ${held})`.as('held'),
      ])
      .where('vehicles.listed', '=', true)
      .where('vehicles.status', '=', 'available')
      .executeTakeFirstOrThrow(),
  ]);
  return { items: items.map(toFeed), listed: Number(counts.listed), awaiting_buyers_guide: Number(counts.held) };
}

/** A new feed; its key is in the answer this once, and only its SHA-256 is kept. */
export async function createFeed(db: Db, actor: Actor, input: ListingFeedInput, origin: string): Promise<KeyedListingFeed> {
  requireRole(actor, 'admin');
  const { token, hash } = newLinkToken();
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('listing_feeds')
      .values({ name: input.name, key_hash: hash, created_by: actor.userId })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning(feedColumns)
      .executeTakeFirst();
    if (!row) throw new AppError(409, 'CONFLICT', DUPLICATE_FEED, { name: DUPLICATE_FEED });
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: row.id,
      action: 'listing_feed_created',
      changes: { name: row.name },
    });
    return withKey(row, token, origin);
  });
}

/** A new key for a feed: the old one stops reading at once. */
export async function rekeyFeed(db: Db, actor: Actor, id: string, origin: string): Promise<KeyedListingFeed> {
  requireRole(actor, 'admin');
  const { token, hash } = newLinkToken();
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('listing_feeds')
      .set({ key_hash: hash, key_made_at: sql`now()` })
      .where('id', '=', id)
      .returning(feedColumns)
      .executeTakeFirst();
    if (!row) throw notFound('Listing feed');
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: id,
      action: 'listing_feed_rekeyed',
      changes: { name: row.name },
    });
    return withKey(row, token, origin);
  });
}

export async function deleteFeed(db: Db, actor: Actor, id: string) {
  requireRole(actor, 'admin');
  await db.transaction().execute(async (tx) => {
    const row = await tx.deleteFrom('listing_feeds').where('id', '=', id).returning('name').executeTakeFirst();
    if (!row) throw notFound('Listing feed');
    await recordAudit(tx, actor, {
      entityType: 'settings',
      entityId: id,
      action: 'listing_feed_deleted',
      changes: { name: row.name },
    });
  });
}

/** The feed a key opens, counted as read; a key that is malformed, unknown or replaced opens none (404). */
export async function readFeed(db: Db, key: string) {
  if (!LINK_TOKEN.test(key)) throw new AppError(404, 'NOT_FOUND', FEED_NOT_FOUND);
  const feed = await db
    .updateTable('listing_feeds')
    .set((eb) => ({ last_read_at: sql`now()`, reads: eb('reads', '+', 1) }))
    .where('key_hash', '=', hashLinkToken(key))
    .returning(['id', 'name'])
    .executeTakeFirst();
  if (!feed) throw new AppError(404, 'NOT_FOUND', FEED_NOT_FOUND);
  return feed;
}

const FEED_BATCH = 500;

/**
 * Every vehicle shown publicly, a batch at a time in id order (the partial index of migration 041), each with its
 * photos' public addresses read for the whole batch in one query.
 */
export function listedVehicles(db: Db, origin: string): AsyncGenerator<FeedVehicle[]> {
  return keysetBatches(async (after: string | null) => {
    let query = db
      .selectFrom('vehicles')
      .select([
        'id',
        'public_key',
        'vin',
        'year',
        'make',
        'model',
        'condition',
        'mileage',
        'color',
        'price_cents',
        'location',
        'features',
        'updated_at',
      ])
      .where(shownPublicly);
    if (after !== null) query = query.where('vehicles.id', '>', after);
    const rows = await query.orderBy('vehicles.id').limit(FEED_BATCH).execute();
    const photos =
      rows.length === 0
        ? []
        : await db
            .selectFrom('vehicle_photos')
            .select(['id', 'vehicle_id', 'width', 'height'])
            .where(
              'vehicle_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('vehicle_id')
            .orderBy('position')
            .orderBy('created_at')
            .execute();
    const photosOf = new Map<string, typeof photos>();
    for (const photo of photos) photosOf.set(photo.vehicle_id, [...(photosOf.get(photo.vehicle_id) ?? []), photo]);
    const vehicles = rows.map((row): FeedVehicle => {
      const page = `${origin}${publicVehiclePath(row)}`;
      return {
        id: row.public_key,
        url: page,
        vin: row.vin,
        year: row.year,
        make: row.make,
        model: row.model,
        condition: row.condition,
        mileage: row.mileage,
        exterior_color: row.color,
        price: dollarsText(row.price_cents),
        currency: 'USD',
        location: row.location,
        features: row.features,
        photos: (photosOf.get(row.id) ?? []).map((photo) => ({
          url: `${page}/photos/${photo.id}/full.jpg`,
          width: photo.width,
          height: photo.height,
        })),
        updated_at: row.updated_at.toISOString(),
      };
    });
    return batchOf(vehicles, FEED_BATCH, () => rows.at(-1)!.id);
  });
}
