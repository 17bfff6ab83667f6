/**
 * Listing feeds: the available, listed inventory as marketplaces and site builders read it, in CSV, XML and JSON, one
 * address per feed behind a key of its own (docs/listing-feed.md says the shape; the JSON Schema and the XML Schema
 * beside it hold it). Admins add, re-key and remove feeds in Settings → Listing Feeds.
 */
import { z } from 'zod';
import { recordId, requiredText } from '../common/fields.js';

export const feedFormats = ['csv', 'xml', 'json'] as const;
export type FeedFormat = (typeof feedFormats)[number];

/** The version of the feed's shape, in every document; a change that could break a reader makes a new one. */
export const FEED_VERSION = 1;
/** The XML feed's namespace, which its schema names as its target. */
export const FEED_NAMESPACE = 'urn:torque:listing-feed:1';

export const DUPLICATE_FEED = 'A listing feed with this name already exists';
export const FEED_NOT_FOUND = 'Listing feed not found: its key is wrong or has been replaced';

export const listingFeedInputSchema = z.object({ name: requiredText(80, 'Name is required') });
export type ListingFeedInput = z.output<typeof listingFeedInputSchema>;
export const listingFeedParams = z.object({ id: recordId });

/** A feed as Settings lists it: its key is shown once, when it is made. */
export const listingFeedSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  key_made_at: z.string(),
  last_read_at: z.string().nullable(),
  reads: z.number(),
});
export type ListingFeed = z.infer<typeof listingFeedSchema>;
/** Settings → Listing Feeds: the feeds, the vehicles they hold, and the listed used ones held back for want of a Buyers Guide. */
export const listingFeedsSchema = z.object({
  items: z.array(listingFeedSchema),
  listed: z.number(),
  awaiting_buyers_guide: z.number(),
});
export type ListingFeeds = z.infer<typeof listingFeedsSchema>;

/** A new feed, or a feed with a new key: the key and the feed's addresses, shown this once. */
export const keyedListingFeedSchema = listingFeedSchema.extend({
  key: z.string(),
  urls: z.object({ csv: z.string(), xml: z.string(), json: z.string() }),
});
export type KeyedListingFeed = z.infer<typeof keyedListingFeedSchema>;

/** Where a feed is read: the key is the whole of its authority. */
export const feedPath = (key: string, format: FeedFormat) => `/feeds/${key}/vehicles.${format}`;
export const feedFileParams = z.object({
  key: z.string().max(64),
  file: z.enum(feedFormats.map((format) => `vehicles.${format}`) as [string, ...string[]]),
});

/** One vehicle of a feed (the JSON feed's `vehicles[]`, the XML feed's `<vehicle>`, a CSV row). */
export type FeedVehicle = {
  /** The listing's id: stable while the vehicle is listed, and not the vehicle's id in Torque. */
  id: string;
  /** Its public page. */
  url: string;
  vin: string | null;
  year: number;
  make: string;
  model: string;
  condition: 'new' | 'used';
  mileage: number;
  exterior_color: string | null;
  /** The asking price in US dollars with two decimals ('24995.00'). */
  price: string;
  currency: 'USD';
  location: string | null;
  features: string[];
  /** Its photos in order, the cover first: each the full size's public address and its size in pixels. */
  photos: { url: string; width: number; height: number }[];
  updated_at: string;
};

/** The dealership a feed's vehicles are sold by (Settings → Company). */
export type FeedDealer = { name: string; address: string | null; phone: string | null; email: string | null };

/** The CSV feed's columns, in order; lists (features, photos) are joined with '|'. */
export const feedCsvColumns = [
  'id',
  'url',
  'vin',
  'year',
  'make',
  'model',
  'condition',
  'mileage',
  'exterior_color',
  'price',
  'currency',
  'location',
  'features',
  'photo_urls',
  'dealer_name',
  'dealer_phone',
  'dealer_address',
  'updated_at',
] as const;
