import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';
import { twemojiImage, withDrawableEmoji } from './emoji.js';
import { onFirstUse } from '../first-use.js';
import {
  OFFER_IMAGE_SIZE,
  offerDollars,
  offerMileage,
  offerSavingsCents,
  shownFeatures,
  type OfferContent,
} from '../../shared/offers/content.js';

type Style = Record<string, string | number>;
type Box = {
  type: 'div' | 'img';
  key: null;
  props: { style: Style; src?: string; width?: number; height?: number; children?: (Box | string)[] };
};

const div = (style: Style, ...children: (Box | string)[]): Box => ({
  type: 'div',
  key: null,
  props: { style: { display: 'flex', boxSizing: 'border-box', ...style }, children },
});
const img = (src: string, size: number): Box => ({
  type: 'img',
  key: null,
  props: { src, style: { width: size, height: size, flexShrink: 0 } },
});

/** One line of text, cut with an ellipsis when it is wider than the space it has. */
const line = (text: string, style: Style) =>
  div({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%', ...style }, text);

const WHITE = '#ffffff';
const SOFT = '#cbd5e1';
const MUTED = '#94a3b8';
const AMBER = '#f59e0b';
const INK = '#0b0f19';
const PAD = 72;
const TEXT_WIDTH = OFFER_IMAGE_SIZE - 2 * PAD;

/** The largest size up to `max` at which this many characters fit the width: Inter bold is about 0.6em a character. */
const fit = (characters: number, width: number, max: number) =>
  Math.floor(Math.min(max, width / (0.6 * Math.max(characters, 1))));

const CHECK = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="${AMBER}"/>` +
    `<path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="${INK}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
).toString('base64')}`;

/**
 * Text as the image can draw it: Inter's scripts, and emoji as Twemoji pictures. Scripts Inter has no glyphs for, and
 * emoji newer than Twemoji, are left out rather than drawn as empty boxes.
 */
const drawable = (text: string) =>
  withDrawableEmoji(text)
    .replace(/[^\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Common}\p{Script=Inherited}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const require = createRequire(import.meta.url);

/**
 * Inter in the weights the image uses, read on first use. Each subset is a family of its own: text is set in
 * 'Inter' (Latin) and Satori takes a glyph it lacks ('Š', 'Л') from the other loaded families in turn.
 */
const loadFonts = onFirstUse(() =>
  Promise.all(
    SUBSETS.flatMap((subset) =>
      ([400, 700, 800] as const).map(async (weight): Promise<Font> => {
        const file = require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`);
        return { name: subset === 'latin' ? 'Inter' : `Inter ${subset}`, data: await fs.readFile(file), weight, style: 'normal' };
      }),
    ),
  ),
);

function banner(offer: OfferContent, savings: number) {
  const was = offerDollars(offer.price_cents + savings);
  const save = `Save ${offerDollars(savings)}`;
  // The amounts share what 'SPECIAL OFFER' leaves of the line, the pill's padding and the gap.
  const size = fit(was.length + save.length, TEXT_WIDTH - 440 - 92, 34);
  return div(
    {
      width: OFFER_IMAGE_SIZE + 120,
      marginLeft: -PAD - 60,
      height: 96,
      padding: `0 ${PAD + 60}px`,
      alignItems: 'center',
      justifyContent: 'space-between',
      backgroundImage: 'linear-gradient(90deg, #dc2626 0%, #ea580c 60%, #f59e0b 100%)',
      transform: 'rotate(-2.5deg)',
      boxShadow: '0 12px 32px rgba(0, 0, 0, 0.45)',
    },
    div({ flexShrink: 0, fontSize: 44, fontWeight: 800, letterSpacing: 4, color: WHITE }, 'SPECIAL OFFER'),
    div(
      { alignItems: 'center', gap: 20 },
      div({ fontSize: size, fontWeight: 700, color: 'rgba(255, 255, 255, 0.85)', textDecoration: 'line-through' }, was),
      div({ fontSize: size, fontWeight: 800, color: INK, backgroundColor: WHITE, borderRadius: 999, padding: '8px 24px' }, save),
    ),
  );
}

function feature(text: string) {
  return div(
    {
      alignItems: 'center',
      gap: 18,
      padding: '12px 28px 12px 16px',
      borderRadius: 999,
      backgroundColor: 'rgba(255, 255, 255, 0.06)',
      border: '1px solid rgba(255, 255, 255, 0.12)',
    },
    img(CHECK, 34),
    line(text, { fontSize: 30, color: '#e2e8f0' }),
  );
}

/**
 * The vehicle's cover photo behind the offer, filling the square (cropped to fit), under a shade that keeps the text
 * as legible as on the plain background: darkest at the top and bottom, where the text is.
 */
const backdrop = (photo: string): Box[] => [
  {
    type: 'img',
    key: null,
    props: {
      src: photo,
      width: OFFER_IMAGE_SIZE,
      height: OFFER_IMAGE_SIZE,
      style: { position: 'absolute', top: 0, left: 0, width: OFFER_IMAGE_SIZE, height: OFFER_IMAGE_SIZE, objectFit: 'cover' },
    },
  },
  div({
    position: 'absolute',
    top: 0,
    left: 0,
    width: OFFER_IMAGE_SIZE,
    height: OFFER_IMAGE_SIZE,
    backgroundImage:
      'linear-gradient(180deg, rgba(11, 15, 25, 0.92) 0%, rgba(11, 15, 25, 0.55) 38%, rgba(11, 15, 25, 0.7) 62%, rgba(11, 15, 25, 0.96) 100%)',
  }),
];

function offerTree(offer: OfferContent, companyName: string, photo: string | null): Box {
  const savings = offerSavingsCents(offer);
  const model = drawable(offer.model);
  const price = offerDollars(offer.price_cents);
  const details = [offerMileage(offer.mileage), drawable(offer.color ?? '')].filter(Boolean).join('  ·  ');
  const features = shownFeatures(offer).map(drawable).filter(Boolean);
  return div(
    {
      width: OFFER_IMAGE_SIZE,
      height: OFFER_IMAGE_SIZE,
      flexDirection: 'column',
      padding: `64px ${PAD}px 56px`,
      fontFamily: 'Inter',
      color: WHITE,
      position: 'relative',
      backgroundImage:
        'radial-gradient(circle at 88% 8%, rgba(220, 38, 38, 0.22) 0%, rgba(220, 38, 38, 0) 45%), ' +
        'linear-gradient(160deg, #0b0f19 0%, #111827 55%, #1e293b 100%)',
    },
    ...(photo ? backdrop(photo) : []),
    // Positioned, so it is painted over the photo and its shade.
    div(
      { position: 'relative', flexDirection: 'column', flexGrow: 1, width: '100%' },
      div(
        { alignItems: 'center', gap: 16 },
        div({ flexShrink: 0, width: 8, height: 30, backgroundColor: AMBER, borderRadius: 4 }),
        line(drawable(companyName).toUpperCase(), { fontSize: 26, fontWeight: 700, letterSpacing: 4, color: SOFT }),
      ),
      div(
        { flexDirection: 'column', marginTop: 36 },
        line(drawable(`${offer.year} ${offer.make}`), { fontSize: 52, fontWeight: 700, color: SOFT }),
        line(model, {
          fontSize: Math.max(64, fit(model.length, TEXT_WIDTH, 116)),
          fontWeight: 800,
          lineHeight: 1.1,
          letterSpacing: -2,
        }),
      ),
      div(
        { flexDirection: 'column', flexGrow: 1, justifyContent: 'center', gap: 28 },
        ...(savings === null ? [] : [banner(offer, savings)]),
        div(
          { flexDirection: 'column' },
          line(price, { fontSize: fit(price.length, TEXT_WIDTH, 136), fontWeight: 800, lineHeight: 1.05, letterSpacing: -4 }),
          line(details, { fontSize: 34, color: MUTED, marginTop: 4 }),
        ),
      ),
      div({ flexDirection: 'column', gap: 14 }, ...features.map(feature)),
      div(
        {
          marginTop: 36,
          paddingTop: 24,
          borderTop: '2px solid rgba(255, 255, 255, 0.12)',
          alignItems: 'center',
          justifyContent: 'space-between',
        },
        div({ fontSize: 32, fontWeight: 800, color: AMBER }, 'Contact us today'),
        div({ fontSize: 26, color: MUTED }, 'Send us a message'),
      ),
    ),
  );
}

/**
 * The offer as a square PNG for social posts: the special-offer banner only when the original price exceeds the price,
 * and the vehicle's cover photo (a JPEG) behind it when it has one.
 */
export async function renderOfferImage(
  offer: OfferContent,
  brand: { companyName: string },
  coverJpeg: Buffer | null = null,
): Promise<Buffer> {
  const photo = coverJpeg ? `data:image/jpeg;base64,${coverJpeg.toString('base64')}` : null;
  const svg = await satori(offerTree(offer, brand.companyName, photo), {
    width: OFFER_IMAGE_SIZE,
    height: OFFER_IMAGE_SIZE,
    fonts: await loadFonts(),
    // Satori asks for each emoji it meets; anything else it lacks has been left out by `drawable`.
    loadAdditionalAsset: async (kind, segment) => (kind === 'emoji' ? ((await twemojiImage(segment)) ?? '') : []),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: OFFER_IMAGE_SIZE } }).render().asPng();
}
