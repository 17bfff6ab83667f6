import { formatDollars } from '../../shared/money.js';
import { paymentSummary } from '../../shared/desking/figures.js';
import { disclosureOf, quoteDay, type QuoteContent } from '../../shared/desking/quote.js';
import { muted, PdfWriter } from './pdf-writer.js';

const dollars = (cents: number) => formatDollars(cents, { exact: true });

/**
 * The customer's quote on one US Letter page: the dealership, the customer and vehicle (with its cover photo), the
 * itemised price with its taxes, fees, products and trade-ins, the broker's fee as a line of its own, then each
 * payment option with its disclosure, and the last day it holds.
 */
export async function quotePdf(quote: QuoteContent, coverJpeg: Buffer | null = null): Promise<Buffer> {
  const w = await PdfWriter.create(`Quote: ${quote.vehicle}`);
  const contact = [quote.company.address?.replace(/\s*\n\s*/g, ', '), quote.company.phone].filter(Boolean).join(' · ');
  w.text(quote.company.name, { size: 11, bold: true, gap: contact ? 2 : 12 });
  if (contact) w.text(contact, { size: 9, gap: 12, color: muted });
  w.text(`Quote for ${quote.customer_name}`, { size: 18, bold: true, gap: 6 });
  w.text(quote.vin ? `${quote.vehicle} · VIN ${quote.vin}` : quote.vehicle, { size: 11, gap: 4 });
  w.text(`Valid until ${quoteDay(quote.valid_until)} · taxed in ${quote.state}`, { size: 9, gap: 12, color: muted });
  // The cover photo, small enough to keep the quote on one page.
  if (coverJpeg) await w.image(coverJpeg, 180, { jpeg: true });

  const t = quote.totals;
  const rows: string[][] = [['Selling price', dollars(quote.selling_price_cents)]];
  for (const fee of quote.fees) rows.push([fee.name, dollars(fee.amount_cents)]);
  for (const product of quote.products) rows.push([product.name, dollars(product.amount_cents)]);
  rows.push([`Sales tax (${t.tax_rate_percent} % of ${dollars(t.taxable_cents)})`, dollars(t.sales_tax_cents)]);
  rows.push(['Cash price', dollars(t.cash_price_cents)]);
  for (const rebate of quote.rebates) rows.push([`Rebate: ${rebate.name}`, `- ${dollars(rebate.amount_cents)}`]);
  for (const trade of quote.trade_ins) {
    rows.push([`Trade-in: ${trade.description}, allowance`, `- ${dollars(trade.allowance_cents)}`]);
    if (trade.payoff_cents > 0) rows.push([`Trade-in: ${trade.description}, payoff owed`, dollars(trade.payoff_cents)]);
  }
  if (t.negative_equity_cents > 0) rows.push(['Negative equity carried into the deal', dollars(t.negative_equity_cents)]);
  if (quote.broker_fee_cents > 0)
    rows.push([`Broker fee to ${quote.company.name}, paid separately from the vehicle`, dollars(quote.broker_fee_cents)]);
  w.text('Price', { size: 12, bold: true, gap: 6 });
  w.table(
    [
      { title: 'Item', width: 400 },
      { title: 'Amount', width: 100, align: 'right' },
    ],
    rows,
  );
  w.space(12);

  w.text(quote.options.length > 1 ? 'Your payment options' : 'Your payment', { size: 12, bold: true, gap: 6 });
  w.table(
    [
      { title: 'Option', width: 230 },
      { title: 'Monthly', width: 90, align: 'right' },
      { title: 'Due at signing', width: 90, align: 'right' },
      { title: 'Total of payments', width: 90, align: 'right' },
    ],
    quote.options.map((option, index) => {
      const { monthly_cents: monthly, at_signing_cents: atSigning, total_cents: total } = paymentSummary(option.figures);
      return [`${index + 1}. ${option.label}`, monthly === null ? '-' : dollars(monthly), dollars(atSigning), dollars(total)];
    }),
  );
  w.space(8);
  quote.options.forEach((option, index) =>
    w.paragraph(`${index + 1}. ${option.label}: ${disclosureOf(option)}`, { size: 8, gap: 2, color: muted }),
  );
  if (quote.products.length > 0)
    w.paragraph('The products listed are optional: none is required to obtain credit or a lease.', {
      size: 8,
      gap: 2,
      color: muted,
    });
  w.paragraph(
    `Figures are estimates until the contract is signed and may change with credit approval, the vehicle's availability ` +
      `and taxes in force. This quote holds until ${quoteDay(quote.valid_until)}.`,
    { size: 8, gap: 2, color: muted },
  );
  return w.save();
}
