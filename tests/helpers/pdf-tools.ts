import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';

const run = promisify(execFile);

/**
 * A PDF read back as a person meets it, by poppler (Debian's poppler-utils, which `npm test` installs when it is
 * missing): its text in reading order, the boxes of its words, and a page drawn as pixels.
 */
async function withFile<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    return await use(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of each page, as pdftotext lays it out. */
export const pdfPages = (pdf: Buffer) =>
  withFile(pdf, async (file) =>
    (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout.split('\f').slice(0, -1),
  );

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!);

/** Where each word is on a page, in PDF points from the page's top left. */
export type Word = { text: string; page: number; xMin: number; yMin: number; xMax: number; yMax: number };
export const pdfWords = (pdf: Buffer) =>
  withFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    const words: Word[] = [];
    let page = 0;
    for (const line of stdout.split('\n')) {
      if (line.includes('<page ')) page++;
      const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
      if (match) {
        const [, xMin, yMin, xMax, yMax, text] = match;
        words.push({
          text: unescapeXml(text!),
          page,
          xMin: Number(xMin),
          yMin: Number(yMin),
          xMax: Number(xMax),
          yMax: Number(yMax),
        });
      }
    }
    return words;
  });

/** A page drawn at `dpi` as an RGBA image (pdftoppm). */
export const pdfPageImage = (pdf: Buffer, page: number, dpi = 72) =>
  withFile(pdf, async (file, dir) => {
    await run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    return PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
  });

/** How many pixels in a rectangle (in PDF points at `dpi`) are dark, as ink on paper is. */
export function darkPixels(image: PNG, box: { x: number; y: number; width: number; height: number }, dpi = 72) {
  const scale = dpi / 72;
  let dark = 0;
  for (let y = Math.round(box.y * scale); y < Math.round((box.y + box.height) * scale); y++) {
    for (let x = Math.round(box.x * scale); x < Math.round((box.x + box.width) * scale); x++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 200) dark++;
    }
  }
  return dark;
}
