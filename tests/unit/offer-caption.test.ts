import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offerCaption } from '../../src/shared/offers/caption.js';
import type { OfferContent } from '../../src/shared/offers/content.js';

const offer: OfferContent = {
  make: 'BMW',
  model: 'X5',
  year: 2023,
  price_cents: 45_900_00,
  original_price_cents: 49_900_00,
  mileage: 12_500,
  color: 'Black',
  features: ['Panoramic sunroof', 'Heated seats', 'Apple CarPlay', 'Harman Kardon sound'],
};
const lines = (caption: string) => caption.split('\n');

describe('the offer caption', () => {
  it('lists the headline, price, savings, mileage, colour, three features, the call to action and hashtags', () => {
    const fixture = fs.readFileSync(new URL('../fixtures/offer-caption.txt', import.meta.url), 'utf8');
    // The fixture ends with a newline, as every text file in the repository does.
    expect(`${offerCaption(offer)}\n`).toBe(fixture);
  });

  it('has no savings line without an original price', () => {
    expect(offerCaption({ ...offer, original_price_cents: null })).not.toContain('Save');
  });

  it('has no savings line when the original price does not exceed the price', () => {
    expect(offerCaption({ ...offer, original_price_cents: offer.price_cents })).not.toContain('Save');
    expect(offerCaption({ ...offer, original_price_cents: 40_000_00 })).not.toContain('Save');
  });

  it('has no colour line without a colour', () => {
    expect(offerCaption({ ...offer, color: null })).not.toContain('Color');
    expect(offerCaption({ ...offer, color: '  ' })).not.toContain('Color');
  });

  it('shows at most three features, skipping blank ones', () => {
    const caption = offerCaption({ ...offer, features: [' ', 'Heated seats ', '', 'Tow hitch', 'Sunroof', 'Roof rails'] });
    expect(lines(caption).filter((line) => line.startsWith('✓'))).toEqual(['✓ Heated seats', '✓ Tow hitch', '✓ Sunroof']);
  });

  it('leaves out the features block when there are none', () => {
    expect(offerCaption({ ...offer, features: [] })).not.toContain('✓');
    expect(offerCaption({ ...offer, features: [] })).not.toContain('\n\n\n');
  });

  it('says mile for one and miles otherwise', () => {
    expect(lines(offerCaption({ ...offer, mileage: 1 }))).toContain('📍 Mileage: 1 mile');
    expect(lines(offerCaption({ ...offer, mileage: 0 }))).toContain('📍 Mileage: 0 miles');
  });

  it('tags the make and model by their letters and digits', () => {
    const caption = offerCaption({ ...offer, make: 'Mercedes-Benz', model: 'C 300' });
    expect(lines(caption).at(-1)).toBe('#MercedesBenz #C300 #CarDeals #ForSale #AutoBrokerage');
  });
});
