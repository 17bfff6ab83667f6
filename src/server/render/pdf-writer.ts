import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** The grey of secondary lines. */
export const muted = rgb(0.4, 0.4, 0.45);

// The standard PDF fonts only carry WinAnsi characters; anything else in a name prints as '?'.
export const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/g, '?');

export type Column = { title: string; width: number; align?: 'right' };

/** Writes top to bottom, starting a new page when the current one is full. */
export class PdfWriter {
  private page: PDFPage;
  private y = 0;
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = this.newPage();
  }

  /** A new US Letter document with the standard Helvetica faces. */
  static async create(title: string) {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setAuthor('Torque');
    pdf.setCreationDate(new Date());
    return new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  }

  /** Writes on new pages after the pages `pdf` already has (a document uploaded, sealed with pages of Torque's). */
  static async after(pdf: PDFDocument) {
    return new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  }

  async save(): Promise<Buffer> {
    return Buffer.from(await this.pdf.save());
  }

  /** Continues on a new page. */
  pageBreak() {
    this.newPage();
  }

  /** Text wrapped to the page's width, a paragraph at a time. */
  paragraph(text: string, { size = 10, bold = false, gap = 4, color = rgb(0.1, 0.1, 0.12) } = {}) {
    const font = bold ? this.bold : this.font;
    const words = printable(text).split(/\s+/).filter(Boolean);
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > 500) {
        this.text(line, { size, bold, gap, color });
        line = word;
      } else line = next;
    }
    if (line) this.text(line, { size, bold, gap, color });
    this.space(gap + 2);
  }

  /** A PNG (or, with `jpeg`, a JPEG photo), scaled to `width` points, on a light frame. */
  async image(bytes: Uint8Array, width: number, { jpeg = false } = {}) {
    // A copy of its own: pdf-lib reads the whole underlying buffer, and a small Buffer is a slice of Node's pool.
    const own = new Uint8Array(bytes);
    const embedded = jpeg ? await this.pdf.embedJpg(own) : await this.pdf.embedPng(own);
    const height = (embedded.height / embedded.width) * width;
    this.room(height + 8);
    this.page.drawRectangle({
      x: 56,
      y: this.y - height,
      width,
      height,
      borderColor: rgb(0.75, 0.75, 0.8),
      borderWidth: 0.5,
    });
    this.page.drawImage(embedded, { x: 56, y: this.y - height, width, height });
    this.y -= height + 8;
  }

  private newPage() {
    this.page = this.pdf.addPage([612, 792]);
    this.y = 792 - 56;
    return this.page;
  }

  private room(height: number) {
    if (this.y - height < 56) this.newPage();
  }

  text(text: string, { size = 10, bold = false, gap = 6, color = rgb(0.1, 0.1, 0.12) } = {}) {
    this.room(size + gap);
    this.page.drawText(printable(text), { x: 56, y: this.y - size, size, font: bold ? this.bold : this.font, color });
    this.y -= size + gap;
  }

  space(height: number) {
    this.y -= height;
  }

  table(columns: Column[], rows: string[][]) {
    const draw = (cells: string[], font: PDFFont) => {
      this.room(16);
      let x = 56;
      cells.forEach((cell, i) => {
        const column = columns[i]!;
        const text = printable(cell);
        const width = font.widthOfTextAtSize(text, 9);
        this.page.drawText(text, {
          x: column.align === 'right' ? x + column.width - width - 4 : x,
          y: this.y - 9,
          size: 9,
          font,
        });
        x += column.width;
      });
      this.y -= 15;
    };
    draw(
      columns.map((c) => c.title),
      this.bold,
    );
    this.page.drawLine({
      start: { x: 56, y: this.y + 3 },
      end: { x: 556, y: this.y + 3 },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.65),
    });
    for (const row of rows) draw(row, this.font);
  }
}
