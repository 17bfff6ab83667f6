import { PNG } from 'pngjs';
import sharp from 'sharp';
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

  it("draws a vehicle's cover photo behind the offer, cropped to fill the square and shaded under the text", async () => {
    // A wide green photo: cropped to the square, it fills it edge to edge.
    const cover = await sharp({ create: { width: 960, height: 640, channels: 3, background: { r: 20, g: 200, b: 60 } } })
      .jpeg()
      .toBuffer();
    const photo = PNG.sync.read(await renderOfferImage({ ...offer, original_price_cents: null }, brand, cover));
    const plain = await withoutBanner();
    const at = (png: PNG, x: number, y: number) => {
      const i = (y * png.width + x) * 4;
      return { r: png.data[i]!, g: png.data[i + 1]!, b: png.data[i + 2]! };
    };
    // Where no text is (the right edge, half-way down), the photo shows through its shade, green; the plain image is
    // its dark blue there.
    for (const [x, y] of [
      [OFFER_IMAGE_SIZE - 8, OFFER_IMAGE_SIZE / 2],
      [8, OFFER_IMAGE_SIZE / 2],
    ] as const) {
      const shown = at(photo, x, y);
      expect(shown.g).toBeGreaterThan(shown.r + 30);
      expect(shown.g).toBeGreaterThan(shown.b + 20);
      const bare = at(plain, x, y);
      expect(bare.b).toBeGreaterThanOrEqual(bare.g);
    }
    // The top, under the company's name, is shaded darker than the middle.
    expect(at(photo, OFFER_IMAGE_SIZE - 8, 4).g).toBeLessThan(at(photo, OFFER_IMAGE_SIZE - 8, OFFER_IMAGE_SIZE / 2).g);
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
