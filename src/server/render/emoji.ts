import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Emoji as Twemoji draws them (the SVGs of @twemoji/svg; the web app shows the same artwork through the Twemoji font),
 * so a caption or an offer looks the same in every browser and in the images Torque draws, whatever fonts the machine
 * has.
 */
const folder = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
let names: Set<string> | undefined;
const drawnNames = () => (names ??= new Set(fs.readdirSync(folder).map((file) => file.replace(/\.svg$/, ''))));

/** Twemoji's file name of an emoji: its code points in hex, without U+FE0F unless the emoji joins others (U+200D). */
function nameOf(emoji: string): string {
  const text = emoji.includes('\u200d') ? emoji : emoji.replaceAll('\ufe0f', '');
  return [...text].map((c) => c.codePointAt(0)!.toString(16)).join('-');
}

/** The Twemoji file name of an emoji, trying it without its variation selectors too; null when Twemoji has none. */
function twemojiName(emoji: string): string | null {
  for (const name of [nameOf(emoji), nameOf(emoji.replaceAll('\ufe0f', ''))]) if (drawnNames().has(name)) return name;
  return null;
}

/** The emoji's picture as a data URL for Satori; undefined for one Twemoji does not have. */
export async function twemojiImage(emoji: string): Promise<string | undefined> {
  const name = twemojiName(emoji);
  if (!name) return undefined;
  const svg = await fs.promises.readFile(path.join(folder, `${name}.svg`));
  return `data:image/svg+xml;base64,${svg.toString('base64')}`;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** The text without the emoji Twemoji cannot draw (newer than its release), which would otherwise show as empty boxes. */
export function withDrawableEmoji(text: string): string {
  if (!EMOJI.test(text)) return text;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (!EMOJI.test(segment) || twemojiName(segment)) kept += segment;
  }
  return kept;
}
