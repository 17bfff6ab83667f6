/**
 * The customer's quote: what the desk presents (the vehicle, the itemised price, taxes, fees, products, trade-ins,
 * the broker's fee) and each payment option with its figures and the disclosure it is read with, kept as it was when
 * sent. The PDF, the e-mail and the page where the customer accepts an option all read this one shape.
 */
import { z } from 'zod';
import { optionalText } from '../common/fields.js';
import { formatDollars } from '../money.js';
import { composeSchema } from '../emails/schemas.js';
import { worksheetFigures } from './figures.js';
import { paymentSchedule, type PaymentSchedule } from './finance.js';
import { withOption, type Residuals } from './grid.js';
import type { StateTaxRule } from './tax.js';
import { worksheetFiguresSchema, worksheetTotalsSchema, type FinanceFigures, type WorksheetFigures } from './types.js';
import { gridOptionSchema, structureLabels, type Worksheet } from './worksheet.js';

const line = z.object({ name: z.string(), amount_cents: z.number() });

export const quoteOptionSchema = z.object({
  kind: z.enum(['cash', 'finance', 'lease']),
  label: z.string(),
  /** The grid's cell the option is (its term and cash down); null for a worksheet's own terms. */
  grid_option: gridOptionSchema.nullable(),
  /** Each figure of the option, worked out when the quote was made. */
  figures: worksheetFiguresSchema,
  /** The option's terms in words, as Regulation Z and M name them. */
  disclosure: z.string(),
});
export type QuoteOption = z.infer<typeof quoteOptionSchema>;

/** What a quote shows, as it was when sent: never a product's cost or anything else the customer is not shown. */
export const quoteContentSchema = z.object({
  company: z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
  customer_name: z.string(),
  vehicle: z.string(),
  vin: z.string().nullable(),
  /** The vehicle's cover photo when the quote was made, shown on the quote while the photo is kept. */
  cover_photo_id: z.string().nullable().default(null),
  state: z.string(),
  selling_price_cents: z.number(),
  rebates: z.array(line),
  fees: z.array(line),
  products: z.array(line),
  trade_ins: z.array(z.object({ description: z.string(), allowance_cents: z.number(), payoff_cents: z.number() })),
  totals: worksheetTotalsSchema,
  broker_fee_cents: z.number(),
  options: z.array(quoteOptionSchema).min(1),
  /** The last day the quote holds, in the company's time zone. */
  valid_until: z.string(),
});
export type QuoteContent = z.infer<typeof quoteContentSchema>;

export const quoteStates = ['open', 'accepted', 'expired', 'withdrawn'] as const;
export type QuoteState = (typeof quoteStates)[number];
export const quoteStateLabels: Record<QuoteState, string> = {
  open: 'Waiting for the customer',
  accepted: 'Accepted',
  expired: 'Expired',
  withdrawn: 'Replaced by a newer quote',
};

/** A quote as the desk lists it. */
export const quoteItemSchema = z.object({
  id: z.string(),
  sent_to: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  valid_until: z.string(),
  state: z.enum(quoteStates),
  options: z.array(z.object({ label: z.string() })),
  accepted_at: z.string().nullable(),
  accepted_option: z.number().nullable(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;
export const quoteListSchema = z.object({ items: z.array(quoteItemSchema) });

/** The customer's page: the quote, whether it can still be accepted, and the option accepted. */
export const publicQuoteSchema = z.object({
  state: z.enum(quoteStates),
  accepted_at: z.string().nullable(),
  accepted_option: z.number().nullable(),
  content: quoteContentSchema,
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export const QUOTE_NEEDS_WORKSHEET = 'Save the worksheet before sending a quote';
export const QUOTE_NOT_VALID = 'This quote link is not valid.';
export const QUOTE_EXPIRED = 'This quote has expired. Ask us for a new one.';
export const QUOTE_WITHDRAWN = 'This quote has been replaced by a newer one. Check your e-mail for it.';
export const QUOTE_ALREADY_ACCEPTED = 'This quote has already been accepted.';
export const QUOTE_OPTION_UNKNOWN = 'Choose one of the options';

/** POST /api/deals/:id/quotes: to whom (the customer's address unless given), a note, and whether it is transactional. */
export const sendQuoteSchema = z.object({
  to: composeSchema.shape.to,
  message: optionalText(4_000),
  transactional: z.boolean().default(false),
});
export type SendQuoteInput = z.output<typeof sendQuoteSchema>;

/** POST /api/quotes/:token/accept: the option the customer takes, by its place on the quote. */
export const acceptQuoteSchema = z.object({
  option: z.number({ error: QUOTE_OPTION_UNKNOWN }).int(QUOTE_OPTION_UNKNOWN).min(0, QUOTE_OPTION_UNKNOWN),
});

const money = (cents: number) => formatDollars(cents, { exact: true });

/** A calendar day as the quote writes it: 'January 4, 2027'. */
export const quoteDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' });
const percent = (value: number) => `${value.toFixed(2)} %`;

/**
 * A payment schedule in words (Regulation Z § 1026.18(g): number, amounts, timing): "59 monthly payments of $622.29
 * from January 3, 2027, and 1 final payment of $622.53 on December 3, 2031".
 */
export function scheduleWords({ runs }: PaymentSchedule): string {
  return runs
    .map((run, index) => {
      if (index > 0) return `${run.count} final payment of ${money(run.amount_cents)} on ${quoteDay(run.first_date)}`;
      if (run.count === 1) return `1 payment of ${money(run.amount_cents)} on ${quoteDay(run.first_date)}`;
      return `${run.count} monthly payments of ${money(run.amount_cents)} from ${quoteDay(run.first_date)}`;
    })
    .join(', and ');
}

/** A finance option's schedule and its total of payments, as the quote's page, PDF and e-mail state them. */
export function financeSchedule(finance: FinanceFigures) {
  const schedule = paymentSchedule(finance);
  return { schedule, words: scheduleWords(schedule), total_of_payments_cents: schedule.total_of_payments_cents };
}

/** An option's terms in the words of the disclosure it stands for; the contract signed governs. */
export function optionDisclosure(kind: QuoteOption['kind'], figures: WorksheetFigures): string {
  const { totals, finance, lease } = figures;
  if (kind === 'finance' && finance) {
    const { words, total_of_payments_cents } = financeSchedule(finance);
    return (
      `Annual percentage rate ${percent(finance.apr_percent)}; finance charge ${money(finance.finance_charge_cents)}; ` +
      `amount financed ${money(finance.amount_financed_cents)}; total of payments ${money(total_of_payments_cents)}; ` +
      `${words}. Subject to credit approval; the retail installment contract you sign governs.`
    );
  }
  if (kind === 'lease' && lease)
    return (
      `${lease.term_months} monthly payments of ${money(lease.total_monthly_payment_cents)} ` +
      `(${money(lease.monthly_sales_tax_cents)} of it tax); amount due at signing ${money(lease.amount_due_at_signing_cents)}; ` +
      `total of payments ${money(lease.total_of_payments_cents)}, including a disposition fee of ` +
      `${money(lease.disposition_fee_cents)} at the end; ${lease.miles_per_year.toLocaleString('en-US')} miles a year, ` +
      'charges for miles beyond them and excess wear per the lease. Subject to lessor approval; the lease you sign governs.'
    );
  return `Cash price ${money(totals.cash_price_cents)}; balance due at delivery ${money(totals.amount_financed_cents)}.`;
}

/**
 * An option's disclosure as the quote's page, PDF and e-mail show it: worded from the figures the quote keeps, so
 * each reads the payment schedule from the one function that makes it.
 */
export const disclosureOf = (option: Pick<QuoteOption, 'kind' | 'figures'>) => optionDisclosure(option.kind, option.figures);

/** How an option is named on the quote: "Finance, 60 months, $2,000 down". */
function optionName(worksheet: Worksheet): string {
  const { structure } = worksheet;
  if (structure.kind === 'cash') return structureLabels.cash;
  return `${structureLabels[structure.kind]}, ${structure.term_months} months, ${formatDollars(worksheet.cash_down_cents)} down`;
}

/**
 * The options a quote presents, each the worksheet as the customer would take it: the grid's cells the desk marked,
 * or, when none is, the worksheet's own terms.
 */
export function quoteOptions(worksheet: Worksheet, rule: StateTaxRule, residuals: Residuals): QuoteOption[] {
  const marked = worksheet.options.length > 0 ? worksheet.options : [null];
  return marked.map((grid_option) => {
    const taken = grid_option ? withOption(worksheet, grid_option, residuals) : worksheet;
    const figures = worksheetFigures(taken, rule);
    const kind = taken.structure.kind;
    return { kind, label: optionName(taken), grid_option, figures, disclosure: optionDisclosure(kind, figures) };
  });
}
