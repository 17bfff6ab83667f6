import { offerDollars, offerMileage, offerSavingsCents, shownFeatures, type OfferContent } from './content.js';

const CALL_TO_ACTION = '📩 Send us a message to book a test drive!';
const GENERAL_TAGS = ['#CarDeals', '#ForSale', '#AutoBrokerage'];

/** Letters and digits only: 'Mercedes-Benz' → 'MercedesBenz'. */
const tagWord = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/** The offer's own hashtags; a model of digits only ('911') is tagged with its make, as a tag needs a letter. */
function offerTags(make: string, model: string) {
  const makeWord = tagWord(make);
  const modelWord = tagWord(model);
  const words = [makeWord, /\p{L}/u.test(modelWord) ? modelWord : makeWord + modelWord];
  const tags = words.filter((word) => /\p{L}/u.test(word)).map((word) => `#${word}`);
  return [...new Set([...tags, ...GENERAL_TAGS])];
}

/** The Instagram caption of an offer, blocks separated by a blank line. */
export function offerCaption(offer: OfferContent): string {
  const make = offer.make.trim();
  const model = offer.model.trim();
  const color = offer.color?.trim();
  const savings = offerSavingsCents(offer);

  const details = [`💰 Price: ${offerDollars(offer.price_cents)}`];
  if (savings !== null) details.push(`🔥 Save ${offerDollars(savings)} (was ${offerDollars(offer.price_cents + savings)})`);
  details.push(`📍 Mileage: ${offerMileage(offer.mileage)}`);
  if (color) details.push(`🎨 Color: ${color}`);
  const features = shownFeatures(offer).map((feature) => `✓ ${feature}`);

  const headline = `🚗 ${[offer.year, make, model].filter(Boolean).join(' ')}`;
  return [[headline], details, features, [CALL_TO_ACTION], [offerTags(make, model).join(' ')]]
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}
