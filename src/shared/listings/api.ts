import { defineApi, del, get, post } from '../http/contract.js';
import { listingFeedInputSchema, type KeyedListingFeed, type ListingFeeds } from './schemas.js';

/**
 * The listing feeds' routes the web calls. The feeds are managed among the settings, and their queries are kept with
 * the settings' own.
 */
export const listingsApi = defineApi('settings', {
  listingFeeds: get('/api/settings/listing-feeds').returns<ListingFeeds>(),
  addListingFeed: post('/api/settings/listing-feeds', { body: listingFeedInputSchema }).returns<KeyedListingFeed>(),
  /** A new key for a feed: the old address stops working at once. */
  rekeyListingFeed: post('/api/settings/listing-feeds/:id/key').returns<KeyedListingFeed>(),
  removeListingFeed: del('/api/settings/listing-feeds/:id').returns(),
});
