import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { BuyersGuideChoices, GuideLanguage } from '../../shared/vehicles/buyers-guide.js';
import { englishGuide, spanishGuide, type GuideText, type Run } from './buyers-guide-text.js';
import { printable } from './pdf-writer.js';

/** What a guide prints beside its choices: the vehicle and the dealer. */
export type GuideFacts = {
  vehicle: { year: number; make: string; model: string; vin: string | null };
  dealer: { name: string; address: string | null; phone: string | null; email: string | null };
};

// The form is printed in black on white (16 CFR 455.2): no greys.
const black = rgb(0, 0, 0);
const PAGE = { width: 612, height: 792 };
const MARGIN = 36;
const WIDTH = PAGE.width - 2 * MARGIN;

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; boldItalic: PDFFont };
const fontOf = (fonts: Fonts, run: Run) =>
  run.bold ? (run.italic ? fonts.boldItalic : fonts.bold) : run.italic ? fonts.italic : fonts.regular;

type Piece = { text: string; font: PDFFont; x: number };

/** Runs wrapped to `width`: each line its pieces, placed from the left edge. */
function wrap(runs: Run[], fonts: Fonts, size: number, width: number): Piece[][] {
  const lines: Piece[][] = [[]];
  let x = 0;
  for (const run of runs) {
    const font = fontOf(fonts, run);
    for (const word of printable(run.text).split(/(?<= )/)) {
      const w = font.widthOfTextAtSize(word, size);
      const bare = font.widthOfTextAtSize(word.trimEnd(), size);
      if (x > 0 && x + bare > width) {
        lines.push([]);
        x = 0;
      }
      lines.at(-1)!.push({ text: word, font, x });
      x += w;
    }
  }
  return lines;
}

/** Draws top to bottom on one page of the form. */
class Sheet {
  y = PAGE.height - MARGIN;
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  runs(runs: Run[], { x = MARGIN, width = WIDTH, size = 9, gap = 3 } = {}) {
    for (const line of wrap(runs, this.fonts, size, width)) {
      for (const piece of line)
        this.page.drawText(piece.text, { x: x + piece.x, y: this.y - size, size, font: piece.font, color: black });
      this.y -= size * 1.18;
    }
    this.y -= gap;
  }

  text(text: string, options: { x?: number; width?: number; size?: number; gap?: number; bold?: boolean } = {}) {
    this.runs([{ text, bold: options.bold }], options);
  }

  centered(text: string, size: number, font: PDFFont) {
    const clean = printable(text);
    const x = (PAGE.width - font.widthOfTextAtSize(clean, size)) / 2;
    this.page.drawText(clean, { x, y: this.y - size, size, font, color: black });
    this.y -= size + 6;
  }

  rule(thickness = 0.75, { x = MARGIN, width = WIDTH, dashed = false } = {}) {
    this.page.drawLine({
      start: { x, y: this.y },
      end: { x: x + width, y: this.y },
      thickness,
      color: black,
      ...(dashed && { dashArray: [4, 3] }),
    });
  }

  /** A box to mark at the current line's left, with an X in it when marked; the box's top is the line's top. */
  box(x: number, size: number, marked: boolean) {
    const bottom = this.y - size;
    this.page.drawRectangle({ x, y: bottom, width: size, height: size, borderColor: black, borderWidth: size > 12 ? 1.5 : 1 });
    if (!marked) return;
    const inset = size * 0.18;
    const thickness = Math.max(1.5, size / 8);
    this.page.drawLine({
      start: { x: x + inset, y: bottom + inset },
      end: { x: x + size - inset, y: bottom + size - inset },
      thickness,
      color: black,
    });
    this.page.drawLine({
      start: { x: x + inset, y: bottom + size - inset },
      end: { x: x + size - inset, y: bottom + inset },
      thickness,
      color: black,
    });
  }

  /** A filled-in blank: the value above its rule, the form's caption below. */
  field(x: number, width: number, value: string, caption: string) {
    const font = this.fonts.regular;
    let shown = printable(value);
    while (shown.length > 1 && font.widthOfTextAtSize(shown, 11) > width - 2) shown = shown.slice(0, -1);
    this.page.drawText(shown, { x: x + 1, y: this.y - 12, size: 11, font, color: black });
    this.page.drawLine({ start: { x, y: this.y - 15 }, end: { x: x + width, y: this.y - 15 }, thickness: 0.75, color: black });
    this.page.drawText(printable(caption), { x, y: this.y - 23, size: 6.5, font: this.fonts.bold, color: black });
  }
}

/** The front: the vehicle, the warranty boxes as the dealer chose them, and the form's notices. */
function front(sheet: Sheet, t: GuideText, guide: BuyersGuideChoices, { vehicle }: GuideFacts) {
  const { fonts } = sheet;
  sheet.centered(t.title, 34, fonts.bold);
  sheet.runs(t.important, { size: 11, gap: 12 });

  const columns = [
    { width: 130, value: vehicle.make, caption: t.vehicle.make },
    { width: 130, value: vehicle.model, caption: t.vehicle.model },
    { width: 50, value: String(vehicle.year), caption: t.vehicle.year },
    { width: 200, value: vehicle.vin ?? '', caption: t.vehicle.vin },
  ];
  let x = MARGIN;
  for (const column of columns) {
    sheet.field(x, column.width, column.value, column.caption);
    x += column.width + 10;
  }
  sheet.y -= 30;
  if (guide.stock_number) {
    sheet.field(MARGIN, 200, guide.stock_number, t.vehicle.stock);
    sheet.y -= 30;
  }

  sheet.text(t.warranties, { size: 13, bold: true, gap: 2 });
  sheet.rule(2.5);
  sheet.y -= 10;

  // The first box: As Is, or Implied Warranties Only where the state allows no sale as is; marked without a dealer warranty.
  const noWarranty = guide.dealer_warranty === 'none';
  sheet.box(MARGIN, 22, noWarranty);
  if (guide.version === 'as_is') {
    sheet.text(t.asIs.heading, { x: MARGIN + 30, width: WIDTH - 30, size: 19, bold: true, gap: 2 });
    sheet.text(t.asIs.body, { x: MARGIN + 30, width: WIDTH - 30, size: 10, bold: true, gap: 8 });
  } else {
    sheet.text(t.implied.heading, { x: MARGIN + 30, width: WIDTH - 30, size: 19, bold: true, gap: 2 });
    sheet.runs(t.implied.body, { x: MARGIN + 30, width: WIDTH - 30, size: 9.5, gap: 8 });
  }
  sheet.rule(0.75, { dashed: true });
  sheet.y -= 10;

  sheet.box(MARGIN, 22, !noWarranty);
  sheet.text(t.dealerWarranty, { x: MARGIN + 30, width: WIDTH - 30, size: 19, bold: true, gap: 6 });
  sheet.box(MARGIN + 30, 12, guide.dealer_warranty === 'full');
  sheet.text(t.full, { x: MARGIN + 48, width: WIDTH - 48, size: 10, bold: true, gap: 5 });
  sheet.box(MARGIN + 30, 12, guide.dealer_warranty === 'limited');
  const blank = (n: number | null) => (n === null ? '____' : String(n));
  sheet.runs(t.limited(blank(guide.labor_percent), blank(guide.parts_percent)), {
    x: MARGIN + 48,
    width: WIDTH - 48,
    size: 9.5,
    gap: 8,
  });

  // Systems covered and their duration, side by side in two frames.
  const top = sheet.y;
  const systemsWidth = WIDTH * 0.62;
  const frameHeight = 72;
  sheet.page.drawRectangle({
    x: MARGIN,
    y: top - frameHeight,
    width: systemsWidth,
    height: frameHeight,
    borderColor: black,
    borderWidth: 1,
  });
  sheet.page.drawRectangle({
    x: MARGIN + systemsWidth,
    y: top - frameHeight,
    width: WIDTH - systemsWidth,
    height: frameHeight,
    borderColor: black,
    borderWidth: 1,
  });
  sheet.y = top - 4;
  sheet.text(t.systems, { x: MARGIN + 4, width: systemsWidth - 8, size: 9, bold: true, gap: 2 });
  if (guide.systems_covered) sheet.text(guide.systems_covered, { x: MARGIN + 4, width: systemsWidth - 8, size: 10 });
  sheet.y = top - 4;
  sheet.text(t.duration, { x: MARGIN + systemsWidth + 4, width: WIDTH - systemsWidth - 8, size: 9, bold: true, gap: 2 });
  if (guide.duration) sheet.text(guide.duration, { x: MARGIN + systemsWidth + 4, width: WIDTH - systemsWidth - 8, size: 10 });
  sheet.y = top - frameHeight - 12;

  sheet.text(t.nonDealer, { size: 12, bold: true, gap: 5 });
  const others: [boolean, Run[]][] = [
    [guide.manufacturer_warranty, t.manufacturer],
    [guide.manufacturer_used_warranty, [{ text: t.manufacturerUsed, bold: true }]],
    [guide.other_used_warranty, [{ text: t.otherUsed, bold: true }]],
  ];
  for (const [marked, runs] of others) {
    sheet.box(MARGIN, 12, marked);
    sheet.runs(runs, { x: MARGIN + 18, width: WIDTH - 18, size: 9.5, gap: 4 });
  }
  sheet.text(t.askForCopy, { size: 9.5, gap: 10 });

  sheet.box(MARGIN, 16, guide.service_contract);
  sheet.runs(t.serviceContract, { x: MARGIN + 24, width: WIDTH - 24, size: 9.5, gap: 8 });
  sheet.rule(1.5);
  sheet.y -= 8;
  sheet.text(t.inspect, { size: 10.5, bold: true, gap: 7 });
  sheet.runs(t.history, { size: 9.5, gap: 7 });
  sheet.runs(t.seeOtherSide, { size: 9.5, gap: 7 });
  if (t.askInSpanish) sheet.runs([{ text: t.askInSpanish, italic: true }], { size: 9.5 });
}

/** The back: the list of defects, the dealer, whom to tell of a complaint, the signature line and the notice. */
function back(sheet: Sheet, t: GuideText, guide: BuyersGuideChoices, { dealer }: GuideFacts) {
  sheet.text(t.back.intro, { size: 10, bold: true, gap: 8 });
  const top = sheet.y;
  // The defects in two columns, split where the lines are about even.
  const lengths = t.back.defects.map((d) => d.items.length + 1.6);
  const half = lengths.reduce((a, b) => a + b, 0) / 2;
  let split = 0;
  for (let sum = 0; split < lengths.length && sum + lengths[split]! <= half; split++) sum += lengths[split]!;
  const columnWidth = WIDTH / 2 - 8;
  let bottom = top;
  for (const [column, defects] of [t.back.defects.slice(0, split), t.back.defects.slice(split)].entries()) {
    sheet.y = top;
    const x = MARGIN + column * (columnWidth + 16);
    for (const defect of defects) {
      sheet.text(defect.heading, { x, width: columnWidth, size: 8.5, bold: true, gap: 1 });
      for (const item of defect.items) sheet.text(`• ${item}`, { x: x + 6, width: columnWidth - 6, size: 7.5, gap: 0.5 });
      sheet.y -= 4;
    }
    bottom = Math.min(bottom, sheet.y);
  }
  sheet.y = bottom - 6;
  sheet.rule(1.5);
  sheet.y -= 8;

  sheet.field(MARGIN, WIDTH, dealer.name, t.back.dealerName);
  sheet.y -= 30;
  sheet.field(MARGIN, WIDTH, (dealer.address ?? '').replace(/\s*\n\s*/g, ', '), t.back.address);
  sheet.y -= 30;
  sheet.field(MARGIN, WIDTH / 2 - 8, dealer.phone ?? '', t.back.telephone);
  sheet.field(MARGIN + WIDTH / 2 + 8, WIDTH / 2 - 8, dealer.email ?? '', t.back.email);
  sheet.y -= 30;
  sheet.field(MARGIN, WIDTH, guide.complaints_contact ?? '', t.back.complaints);
  sheet.y -= 36;

  sheet.runs([{ text: t.back.signatureLine, italic: true }], { size: 8.5, gap: 14 });
  sheet.field(MARGIN, WIDTH * 0.62, '', t.back.signature);
  sheet.field(MARGIN + WIDTH * 0.62 + 16, WIDTH * 0.38 - 16, '', t.back.date);
  sheet.y -= 36;

  const boxTop = sheet.y;
  sheet.y -= 6;
  sheet.runs(t.back.important, { x: MARGIN + 8, width: WIDTH - 16, size: 9, gap: 4 });
  sheet.page.drawRectangle({
    x: MARGIN,
    y: sheet.y,
    width: WIDTH,
    height: boxTop - sheet.y,
    borderColor: black,
    borderWidth: 1.5,
  });
}

/**
 * The FTC's Buyers Guide for a used vehicle, filled in: two US Letter pages to print on the two sides of one sheet,
 * in English, or in Spanish for a sale conducted in Spanish (16 CFR 455.5).
 */
export async function buyersGuidePdf(guide: BuyersGuideChoices, facts: GuideFacts, language: GuideLanguage): Promise<Buffer> {
  const t = language === 'es' ? spanishGuide : englishGuide;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title}: ${facts.vehicle.year} ${facts.vehicle.make} ${facts.vehicle.model}`);
  pdf.setAuthor(facts.dealer.name);
  pdf.setLanguage(language === 'es' ? 'es-US' : 'en-US');
  pdf.setCreationDate(new Date());
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
    boldItalic: await pdf.embedFont(StandardFonts.HelveticaBoldOblique),
  };
  front(new Sheet(pdf.addPage([PAGE.width, PAGE.height]), fonts), t, guide, facts);
  back(new Sheet(pdf.addPage([PAGE.width, PAGE.height]), fonts), t, guide, facts);
  return Buffer.from(await pdf.save());
}
