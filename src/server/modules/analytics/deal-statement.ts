import type { Kysely } from 'kysely';
import { formatDollars } from '../../../shared/money.js';
import { formatChange } from '../../../shared/analytics/deal-analytics.js';
import type { Actor } from '../../auth/actor.js';
import { seesAll } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { dealAnalytics, salesByAgent } from './deal-analytics.js';
import { muted, PdfWriter } from '../../render/pdf-writer.js';
import { getSetting } from '../../platform/settings.js';
import { businessClock } from '../../platform/time.js';

export const statementDollars = (cents: number) => formatDollars(cents, { exact: true });

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The year's statement as a PDF: totals with the F&I products sold and their back-end gross, each agent's line (only
 * the agent's own for an agent) and the months, as of `today` (by default today in the company's time zone).
 */
export async function dealStatementPdf(db: Kysely<DB>, actor: Actor, year: number | undefined, day?: string) {
  const today = day ?? (await businessClock(db)).today;
  const analytics = await dealAnalytics(db, actor, year, today);
  const agents = await salesByAgent(db, actor, analytics.year);
  const company = await getSetting(db, 'company');
  const w = await PdfWriter.create(`Deal Statement ${analytics.year}`);

  const contact = [company.address?.replace(/\s*\n\s*/g, ', '), company.phone].filter(Boolean).join(' · ');
  w.text(company.name, { size: 11, bold: true, gap: contact ? 2 : 14 });
  if (contact) w.text(contact, { size: 9, gap: 14, color: muted });
  w.text(`Deal Statement ${analytics.year}`, { size: 20, bold: true, gap: 10 });
  w.text(seesAll(actor) ? 'All agents' : `Agent: ${actor.name}`, { size: 12, gap: 4 });
  w.text(`Generated ${today}. Sales figures count completed deals.`, { size: 9, gap: 18, color: muted });

  const t = analytics.totals;
  w.text('Summary', { size: 13, bold: true, gap: 8 });
  w.table(
    [
      { title: 'YTD Units Sold', width: 125 },
      { title: 'YTD Gross Sales', width: 125 },
      { title: 'YTD Broker Fees', width: 125 },
      { title: 'Avg Deal Size', width: 125 },
    ],
    [[String(t.units), statementDollars(t.gross_cents), statementDollars(t.fees_cents), statementDollars(t.average_deal_cents)]],
  );
  w.space(10);
  w.table(
    [
      { title: 'F&I Products Sold', width: 125 },
      { title: 'F&I Products Cost', width: 125 },
      { title: 'Back-End Gross', width: 125 },
    ],
    [[statementDollars(t.products_cents), statementDollars(t.products_cost_cents), statementDollars(t.back_end_gross_cents)]],
  );
  w.space(16);

  w.text(seesAll(actor) ? 'By agent' : 'Your sales', { size: 13, bold: true, gap: 8 });
  w.table(
    [
      { title: 'Agent', width: 120 },
      { title: 'Units', width: 40, align: 'right' },
      { title: 'Gross Sales', width: 95, align: 'right' },
      { title: 'Broker Fees', width: 80, align: 'right' },
      { title: 'F&I Sold', width: 80, align: 'right' },
      { title: 'Back-End Gross', width: 85, align: 'right' },
    ],
    agents.length
      ? agents.map((a) => [
          a.name,
          String(a.units),
          statementDollars(a.gross_cents),
          statementDollars(a.fees_cents),
          statementDollars(a.products_cents),
          statementDollars(a.back_end_gross_cents),
        ])
      : [['No completed deals', '', '', '', '', '']],
  );
  w.space(16);

  w.text('By month', { size: 13, bold: true, gap: 8 });
  w.table(
    [
      { title: 'Month', width: 70 },
      { title: 'Units', width: 35, align: 'right' },
      { title: 'Sales', width: 90, align: 'right' },
      { title: 'Broker Fees', width: 75, align: 'right' },
      { title: 'Average', width: 80, align: 'right' },
      { title: 'Back-End Gross', width: 95, align: 'right' },
      { title: 'Change', width: 55, align: 'right' },
    ],
    analytics.monthly.map((m) => [
      monthNames[Number(m.month.slice(5, 7)) - 1]!,
      String(m.units),
      statementDollars(m.gross_cents),
      statementDollars(m.fees_cents),
      statementDollars(m.average_deal_cents),
      statementDollars(m.back_end_gross_cents),
      formatChange(m.change) ?? '—',
    ]),
  );
  return { year: analytics.year, pdf: await w.save() };
}
