/** What other areas use of the listings: the feeds' card of the settings. */
export { ListingFeedsCard } from './listing-feeds-card';
