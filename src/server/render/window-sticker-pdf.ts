import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatDollars } from '../../shared/money.js';
import { vehicleConditionLabels, type VehicleCondition } from '../../shared/vehicles/options.js';
import { printable } from './pdf-writer.js';

export type StickerVehicle = {
  year: number;
  make: string;
  model: string;
  vin: string | null;
  condition: VehicleCondition;
  mileage: number;
  color: string | null;
  price_cents: number;
  features: string[];
};

export type StickerInput = {
  vehicle: StickerVehicle;
  dealer: { name: string; address: string | null; phone: string | null };
  /** The vehicle's public page, which the QR code opens. */
  url: string;
  /** The cover photo's card size, a JPEG. */
  coverJpeg: Buffer | null;
};

const ink = rgb(0.07, 0.07, 0.09);
const muted = rgb(0.35, 0.35, 0.4);
const line = rgb(0.78, 0.78, 0.82);
const PAGE = { width: 612, height: 792 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;

type Fonts = { regular: PDFFont; bold: PDFFont };

function fitted(text: string, font: PDFFont, size: number, width: number) {
  let shown = printable(text);
  while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > width) shown = `${shown.slice(0, -2)}…`;
  return shown;
}

/**
 * The text in lines no wider than `width`, broken between words, and inside a word only where the word alone is wider
 * than the line.
 */
function linesOf(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of printable(text).split(/\s+/).filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    for (const char of word) {
      if (current && !fits(current + char)) {
        lines.push(current);
        current = '';
      }
      current += char;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

/**
 * A key fact's value written whole, never cut: at its size when it fits one line, else smaller, on as many lines as
 * it needs. Answers the height it took below its first line's baseline.
 */
function writeFact(page: PDFPage, text: string, x: number, y: number, font: PDFFont, width: number) {
  const size = font.widthOfTextAtSize(printable(text), 14) <= width ? 14 : 11;
  const lines = linesOf(text, font, size, width);
  lines.forEach((line, i) => page.drawText(line, { x, y: y - i * (size + 2), size, font, color: ink }));
  return (lines.length - 1) * (size + 2);
}

function write(page: PDFPage, text: string, x: number, y: number, size: number, font: PDFFont, color = ink, width = WIDTH) {
  page.drawText(fitted(text, font, size, width), { x, y, size, font, color });
}

/** The QR code as squares of the page: sharp at any print size, and read back by any phone's camera. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      page.drawRectangle({
        x: x + (col + quiet) * cell,
        y: y + size - (row + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/**
 * The window sticker: one US Letter page for the windshield with the vehicle's cover photo, its price, the key
 * facts, its features and VIN, and a QR code that opens its public page.
 */
export async function windowStickerPdf({ vehicle, dealer, url, coverJpeg }: StickerInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  pdf.setTitle(`Window sticker: ${name}`);
  pdf.setAuthor(dealer.name);
  pdf.setCreationDate(new Date());
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  write(page, dealer.name, MARGIN, y - 12, 12, fonts.bold, muted);
  y -= 22;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 1, color: line });
  y -= 8;
  write(page, vehicleConditionLabels[vehicle.condition].toUpperCase(), MARGIN, y - 11, 11, fonts.bold, muted);
  y -= 16;
  write(page, name, MARGIN, y - 30, 30, fonts.bold);
  y -= 40;
  write(page, formatDollars(vehicle.price_cents, { exact: vehicle.price_cents % 100 !== 0 }), MARGIN, y - 44, 44, fonts.bold);
  y -= 60;

  if (coverJpeg) {
    const photo = await pdf.embedJpg(new Uint8Array(coverJpeg));
    const height = Math.min(300, (photo.height / photo.width) * WIDTH);
    const width = (photo.width / photo.height) * height;
    page.drawImage(photo, { x: MARGIN + (WIDTH - width) / 2, y: y - height, width, height });
    y -= height + 18;
  }

  // The key facts in a row of four.
  const facts: [string, string][] = [
    ['Mileage', `${vehicle.mileage.toLocaleString('en-US')} mi`],
    ['Color', vehicle.color ?? '—'],
    ['Year', String(vehicle.year)],
    ['Condition', vehicleConditionLabels[vehicle.condition]],
  ];
  const cell = WIDTH / facts.length;
  let below = 0;
  facts.forEach(([label, value], i) => {
    write(page, label.toUpperCase(), MARGIN + i * cell, y - 9, 8, fonts.bold, muted, cell - 8);
    below = Math.max(below, writeFact(page, value, MARGIN + i * cell, y - 26, fonts.bold, cell - 8));
  });
  y -= 36 + below;
  write(page, 'VIN', MARGIN, y - 9, 8, fonts.bold, muted);
  write(page, vehicle.vin ?? 'Not recorded', MARGIN + 24, y - 10, 11, fonts.regular);
  y -= 22;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 1, color: line });
  y -= 14;

  // Features on the left, in two columns; the QR code on the right.
  const qrSize = 132;
  const featuresWidth = WIDTH - qrSize - 20;
  write(page, 'FEATURES', MARGIN, y - 9, 9, fonts.bold, muted);
  const listTop = y - 24;
  const perColumn = Math.max(1, Math.ceil(vehicle.features.length / 2));
  const columnWidth = featuresWidth / 2;
  const rowsRoom = Math.floor((listTop - 110) / 15);
  const shown = vehicle.features.slice(0, rowsRoom * 2);
  shown.forEach((feature, i) => {
    const column = Math.floor(i / Math.min(perColumn, rowsRoom));
    const row = i % Math.min(perColumn, rowsRoom);
    write(page, `• ${feature}`, MARGIN + column * columnWidth, listTop - row * 15, 10.5, fonts.regular, ink, columnWidth - 8);
  });
  if (vehicle.features.length === 0) write(page, 'Ask us about this vehicle.', MARGIN, listTop, 10.5, fonts.regular, muted);

  const qrX = MARGIN + WIDTH - qrSize;
  const qrY = y - 6 - qrSize;
  drawQr(page, url, qrX, qrY, qrSize);
  const caption = 'Scan for photos and details';
  page.drawText(caption, {
    x: qrX + (qrSize - fonts.bold.widthOfTextAtSize(caption, 9)) / 2,
    y: qrY - 12,
    size: 9,
    font: fonts.bold,
    color: ink,
  });

  const contact = [dealer.phone, dealer.address?.replace(/\s*\n\s*/g, ', ')].filter(Boolean).join(' · ');
  page.drawLine({ start: { x: MARGIN, y: 62 }, end: { x: MARGIN + WIDTH, y: 62 }, thickness: 1, color: line });
  write(page, dealer.name, MARGIN, 46, 11, fonts.bold);
  if (contact) write(page, contact, MARGIN, 32, 9.5, fonts.regular, muted);
  return Buffer.from(await pdf.save());
}
