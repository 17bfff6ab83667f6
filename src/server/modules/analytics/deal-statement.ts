import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatChange } from '../../../shared/analytics/deal-analytics.js';
import { seesAllRecords } from '../../../shared/users/roles.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { dealAnalytics, salesByAgent } from './deal-analytics.js';
import { todayUtc } from './scope.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const statementDollars = (cents: number) => usd.format(cents / 100);

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

// The standard PDF fonts only carry WinAnsi characters; anything else in a name prints as '?'.
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/g, '?');

type Column = { title: string; width: number; align?: 'right' };

/** Writes top to bottom, starting a new page when the current one is full. */
class Writer {
  private page: PDFPage;
  private y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = this.newPage();
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
        this.page.drawText(text, { x: column.align === 'right' ? x + column.width - width - 4 : x, y: this.y - 9, size: 9, font });
        x += column.width;
      });
      this.y -= 15;
    };
    draw(columns.map((c) => c.title), this.bold);
    this.page.drawLine({ start: { x: 56, y: this.y + 3 }, end: { x: 556, y: this.y + 3 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.65) });
    for (const row of rows) draw(row, this.font);
  }
}

/** The year's statement as a PDF: totals, each agent's line (only the agent's own for an agent) and the months. */
export async function dealStatementPdf(db: Kysely<DB>, actor: Actor, year: number | undefined, today = todayUtc()) {
  const analytics = await dealAnalytics(db, actor, year, today);
  const agents = await salesByAgent(db, actor, analytics.year);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Deal Statement ${analytics.year}`);
  pdf.setAuthor('Torque');
  pdf.setCreationDate(new Date());
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));

  w.text(`Deal Statement ${analytics.year}`, { size: 20, bold: true, gap: 10 });
  w.text(seesAllRecords(actor.role) ? 'All agents' : `Agent: ${actor.name}`, { size: 12, gap: 4 });
  w.text(`Generated ${today}. Sales figures count completed deals.`, { size: 9, gap: 18, color: rgb(0.4, 0.4, 0.45) });

  const t = analytics.totals;
  w.text('Summary', { size: 13, bold: true, gap: 8 });
  w.table(
    [{ title: 'YTD Units Sold', width: 125 }, { title: 'YTD Gross Sales', width: 125 }, { title: 'YTD Broker Fees', width: 125 }, { title: 'Avg Deal Size', width: 125 }],
    [[String(t.units), statementDollars(t.gross_cents), statementDollars(t.fees_cents), statementDollars(t.average_deal_cents)]],
  );
  w.space(16);

  w.text(seesAllRecords(actor.role) ? 'By agent' : 'Your sales', { size: 13, bold: true, gap: 8 });
  w.table(
    [{ title: 'Agent', width: 180 }, { title: 'Units', width: 60, align: 'right' }, { title: 'Gross Sales', width: 130, align: 'right' }, { title: 'Broker Fees', width: 130, align: 'right' }],
    agents.length
      ? agents.map((a) => [a.name, String(a.units), statementDollars(a.gross_cents), statementDollars(a.fees_cents)])
      : [['No completed deals', '', '', '']],
  );
  w.space(16);

  w.text('By month', { size: 13, bold: true, gap: 8 });
  w.table(
    [
      { title: 'Month', width: 100 }, { title: 'Units', width: 50, align: 'right' }, { title: 'Sales', width: 110, align: 'right' },
      { title: 'Broker Fees', width: 90, align: 'right' }, { title: 'Average', width: 90, align: 'right' }, { title: 'Change', width: 60, align: 'right' },
    ],
    analytics.monthly.map((m) => [
      monthNames[Number(m.month.slice(5, 7)) - 1]!,
      String(m.units),
      statementDollars(m.gross_cents),
      statementDollars(m.fees_cents),
      statementDollars(m.average_deal_cents),
      formatChange(m.change) ?? '—',
    ]),
  );
  return { year: analytics.year, pdf: Buffer.from(await pdf.save()) };
}
