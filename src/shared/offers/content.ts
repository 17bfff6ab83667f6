import { formatDollars } from '../money.js';

/**
 * What an offer shows, whichever it comes from (an inventory vehicle or a custom offer): money in whole cents, the
 * original price only when one is set.
 */
export type OfferContent = {
  make: string;
  model: string;
  year: number;
  price_cents: number;
  original_price_cents: number | null;
  mileage: number;
  color: string | null;
  features: string[];
};

/** The image and the caption show at most this many features. */
export const OFFER_FEATURES_SHOWN = 3;
/** The offer image is a square of this many pixels a side. */
export const OFFER_IMAGE_SIZE = 1080;

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '$45,900': offers show whole dollars. */
export const offerDollars = (cents: number) => formatDollars(cents);

/** '12,500 miles', '1 mile'. */
export function offerMileage(miles: number) {
  const shown = Math.round(miles);
  return `${count.format(shown)} ${shown === 1 ? 'mile' : 'miles'}`;
}

/** What the buyer saves, only when the original price exceeds the price: the special-offer banner shows then. */
export function offerSavingsCents(offer: OfferContent): number | null {
  const original = offer.original_price_cents;
  return original !== null && original > offer.price_cents ? original - offer.price_cents : null;
}

/** The features the image and the caption show: the first few that are not blank, trimmed. */
export const shownFeatures = (offer: OfferContent) =>
  offer.features
    .map((feature) => feature.trim())
    .filter(Boolean)
    .slice(0, OFFER_FEATURES_SHOWN);
