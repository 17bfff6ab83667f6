import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderOfferImage } from '../../src/server/render/offer-image.js';
import { OFFER_IMAGE_SIZE, type OfferContent } from '../../src/shared/offers/content.js';

const brand = { companyName: 'Northside Auto Brokers' };
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

const draw = async (content: OfferContent) => PNG.sync.read(await renderOfferImage(content, brand));
/** Draws on first use, so each image is drawn once for the whole file. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
const withBanner = once(() => draw(offer));
const withoutBanner = once(() => draw({ ...offer, original_price_cents: null }));

function differingPixels(a: PNG, b: PNG) {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data.readUInt32BE(i) !== b.data.readUInt32BE(i)) count++;
  }
  return count;
}

describe('the offer image', () => {
  it('is a square PNG of the offer image size', async () => {
    const png = await withBanner();
    expect([png.width, png.height]).toEqual([OFFER_IMAGE_SIZE, OFFER_IMAGE_SIZE]);
  });

  it('shows the special-offer banner only when the original price exceeds the price', async () => {
    const [banner, plain] = await Promise.all([withBanner(), withoutBanner()]);
    expect([plain.width, plain.height]).toEqual([OFFER_IMAGE_SIZE, OFFER_IMAGE_SIZE]);
    expect(differingPixels(banner, plain)).toBeGreaterThan(0.01 * OFFER_IMAGE_SIZE ** 2);
  });

  it('shows no banner when the original price does not exceed the price', async () => {
    const samePrice = await draw({ ...offer, original_price_cents: offer.price_cents });
    expect(differingPixels(samePrice, await withoutBanner())).toBe(0);
  });

  it('draws the same offer the same way every time', async () => {
    const again = await draw({ ...offer });
    expect(differingPixels(await withBanner(), again)).toBe(0);
  });

  it('keeps to its size with a very long model name and letters outside ASCII', async () => {
    const png = await draw({
      ...offer,
      make: 'Škoda',
      model: `Octavia RS iV Combi Laurin & Klement ${'Sportline '.repeat(20)}🚗`,
      features: ['A feature name far too long to fit on one line of the image, however small the letters are', '中文'],
    });
    expect([png.width, png.height]).toEqual([OFFER_IMAGE_SIZE, OFFER_IMAGE_SIZE]);
  });
});

describe('emoji in the offer image', () => {
  /** Pixels of the red of Twemoji's car (#dd2e44), which nothing else in the image uses. */
  const carRed = (png: PNG) => {
    let count = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      if (Math.abs(r - 0xdd) < 12 && Math.abs(g - 0x2e) < 12 && Math.abs(b - 0x44) < 12) count++;
    }
    return count;
  };

  it('draws them as the Twemoji pictures the web app shows, in colour, not as empty boxes', async () => {
    const plain = await draw({ ...offer, original_price_cents: null, features: ['Road trip ready'] });
    const withCar = await draw({ ...offer, original_price_cents: null, features: ['🚗 Road trip ready'] });
    expect(carRed(plain)).toBe(0);
    expect(carRed(withCar)).toBeGreaterThan(100);
  });

  it('leaves out an emoji newer than Twemoji rather than draw a box', async () => {
    const plain = await draw({ ...offer, original_price_cents: null, features: ['Road trip ready'] });
    const newer = await draw({ ...offer, original_price_cents: null, features: ['\u{1FAE9} Road trip ready'] });
    expect(differingPixels(plain, newer)).toBe(0);
  });
});
