import { sql, type Kysely } from 'kysely';
import { addDays } from '../../../shared/common/time.js';
import { paymentSummary } from '../../../shared/desking/figures.js';
import { withOption } from '../../../shared/desking/grid.js';
import {
  QUOTE_ALREADY_ACCEPTED,
  QUOTE_EXPIRED,
  QUOTE_NEEDS_WORKSHEET,
  QUOTE_NOT_VALID,
  QUOTE_OPTION_UNKNOWN,
  QUOTE_WITHDRAWN,
  disclosureOf,
  quoteContentSchema,
  quoteDay,
  quoteOptions,
  type PublicQuote,
  type QuoteContent,
  type QuoteItem,
  type QuoteState,
  type SendQuoteInput,
} from '../../../shared/desking/quote.js';
import { ruleOf } from '../../../shared/desking/tax.js';
import { formatDollars } from '../../../shared/money.js';
import type { Actor } from '../../auth/actor.js';
import { hashLinkToken, newLinkToken } from '../../auth/link-token.js';
import type { DB, Row } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { publishChange } from '../../realtime/publish.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { businessClock } from '../../platform/time.js';
import { recordAudit } from '../../platform/audit.js';
import { scopeDeals } from '../deals/index.js';
import { queueEmail } from '../emails/index.js';
import { getSetting } from '../../platform/settings.js';
import { coverPhoto, coverPhotoId } from '../vehicles/index.js';
import { dealFollowsFigures, lockedDeal, requireOpenDesk, storedWorksheet } from './service.js';

type Db = Kysely<DB>;

const dealVehicle = (deal: Pick<Row<'deals'>, 'year' | 'manufacturer' | 'model'>) =>
  [deal.year, deal.manufacturer, deal.model].filter(Boolean).join(' ');

/** A quote's state on `today` (the company's day): accepted and withdrawn stay so; an open one expires after its day. */
function stateOf(row: Pick<Row<'deal_quotes'>, 'accepted_at' | 'withdrawn_at' | 'valid_until'>, today: string): QuoteState {
  if (row.accepted_at) return 'accepted';
  if (row.withdrawn_at) return 'withdrawn';
  return row.valid_until < today ? 'expired' : 'open';
}

/** A quote's content as kept; the schema checked it when it was made. */
const contentOf = (row: Pick<Row<'deal_quotes'>, 'content'>) => row.content as QuoteContent;

/**
 * What the deal's saved worksheet presents, frozen: the itemised price the customer is shown (never a product's cost
 * or a trade's actual cash value), the broker fee, and each option with its figures, under the rule in force today.
 */
async function contentFor(tx: Db, deal: Row<'deals'>, validUntil: string): Promise<QuoteContent> {
  const row = await tx.selectFrom('deal_worksheets').selectAll().where('deal_id', '=', deal.id).executeTakeFirst();
  if (!row) throw badRequest(QUOTE_NEEDS_WORKSHEET);
  const [desking, company] = await Promise.all([getSetting(tx, 'desking'), getSetting(tx, 'company')]);
  const rule = ruleOf(row.state);
  if (!rule) throw badRequest(QUOTE_NEEDS_WORKSHEET);
  const worksheet = storedWorksheet(row.worksheet);
  const vehicle = deal.vehicle_id
    ? await tx.selectFrom('vehicles').select('vin').where('id', '=', deal.vehicle_id).executeTakeFirst()
    : undefined;
  const options = quoteOptions(worksheet, rule, desking.lease.residuals);
  return quoteContentSchema.parse({
    cover_photo_id: deal.vehicle_id ? await coverPhotoId(tx, deal.vehicle_id) : null,
    company: { name: company.name, address: company.address, phone: company.phone },
    customer_name: deal.customer_name,
    vehicle: dealVehicle(deal),
    vin: vehicle?.vin ?? null,
    state: rule.state,
    selling_price_cents: worksheet.selling_price_cents,
    rebates: worksheet.rebates,
    fees: worksheet.fees.map(({ name, amount_cents }) => ({ name, amount_cents })),
    products: worksheet.products.map(({ name, price_cents }) => ({ name, amount_cents: price_cents })),
    trade_ins: worksheet.trade_ins.map((trade) => ({
      description: [trade.year, trade.make, trade.model].filter(Boolean).join(' ') || 'Trade-in',
      allowance_cents: trade.allowance_cents,
      payoff_cents: trade.payoff_cents,
    })),
    totals: options[0]!.figures.totals,
    broker_fee_cents: worksheet.broker_fee_cents,
    options,
    valid_until: validUntil,
  });
}

function quoteMail(content: QuoteContent, link: string, note: string | null) {
  const lines = content.options.map((option, index) => {
    const { monthly_cents: monthly } = paymentSummary(option.figures);
    const price =
      monthly === null
        ? formatDollars(option.figures.totals.cash_price_cents, { exact: true })
        : `${formatDollars(monthly, { exact: true })} a month`;
    return `${index + 1}. ${option.label}: ${price}\n   ${disclosureOf(option)}`;
  });
  return [
    `Hello ${content.customer_name},`,
    '',
    ...(note ? [note, ''] : []),
    `Here is your quote for the ${content.vehicle}:`,
    '',
    ...lines,
    '',
    `See every figure, download the quote as a PDF, and accept the option you choose here:`,
    link,
    '',
    `The quote holds until ${quoteDay(content.valid_until)}.`,
  ].join('\n');
}

/**
 * Sends the customer a quote of the deal's saved worksheet: its content is frozen, a link only the customer's mail
 * holds is made, and the mail leaves by the consent rules of every e-mail (an address that opted out gets it only
 * when marked transactional). Open quotes sent earlier on the deal are withdrawn. Written on the deal's timeline.
 */
export async function sendQuote(db: Db, mailer: Mailer, actor: Actor, dealId: string, input: SendQuoteInput, origin: string) {
  return db.transaction().execute(async (tx) => {
    const deal = await lockedDeal(tx, actor, dealId);
    requireOpenDesk(deal);
    const [clock, desking] = await Promise.all([businessClock(tx), getSetting(tx, 'desking')]);
    const validUntil = addDays(clock.today, desking.quote_valid_days);
    const content = await contentFor(tx, deal, validUntil);
    const { token, hash } = newLinkToken();
    const link = `${origin}/quote/${token}`;
    const emailId = await queueEmail(tx, mailer, actor, {
      to: input.to,
      subject: `Your quote for the ${content.vehicle} from ${content.company.name}`,
      message: quoteMail(content, link, input.message),
      transactional: input.transactional,
    });
    await tx
      .updateTable('deal_quotes')
      .set({ withdrawn_at: sql<Date>`now()` })
      .where('deal_id', '=', dealId)
      .where('accepted_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .execute();
    const quote = await tx
      .insertInto('deal_quotes')
      .values({
        deal_id: dealId,
        token_hash: hash,
        content: JSON.stringify(content),
        sent_to: input.to,
        valid_until: validUntil,
        email_id: emailId,
        created_by: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'deal',
      entityId: dealId,
      action: 'quote_sent',
      changes: { quote_id: quote.id, to: input.to, options: content.options.map((o) => o.label), valid_until: validUntil },
    });
    await publishChange(tx, 'deals', [deal.user_id]);
    return { id: quote.id };
  });
}

/** The quotes sent on a deal the actor may see, newest first. */
export async function listQuotes(db: Db, actor: Actor, dealId: string): Promise<{ items: QuoteItem[] }> {
  const deal = await scopeDeals(
    db.selectFrom('deals').select('deals.id').where('deals.id', '=', dealId),
    actor,
  ).executeTakeFirst();
  if (!deal) throw notFound('Deal');
  const [rows, clock] = await Promise.all([
    db
      .selectFrom('deal_quotes as q')
      .leftJoin('users as u', 'u.id', 'q.created_by')
      .select([
        'q.id',
        'q.sent_to',
        'q.created_at',
        'q.valid_until',
        'q.accepted_at',
        'q.accepted_option',
        'q.withdrawn_at',
        'q.content',
        'u.name as created_by_name',
      ])
      .where('q.deal_id', '=', dealId)
      .orderBy('q.created_at', 'desc')
      .execute(),
    businessClock(db),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      sent_to: row.sent_to,
      created_at: row.created_at.toISOString(),
      created_by_name: row.created_by_name,
      valid_until: row.valid_until,
      state: stateOf(row, clock.today),
      options: contentOf(row).options.map(({ label }) => ({ label })),
      accepted_at: row.accepted_at?.toISOString() ?? null,
      accepted_option: row.accepted_option,
    })),
  };
}

/** A quote's PDF for whoever may see its deal. */
export async function staffQuotePdf(db: Db, store: BlobStore, actor: Actor, dealId: string, quoteId: string) {
  const row = await db
    .selectFrom('deal_quotes')
    .select('content')
    .where('id', '=', quoteId)
    .where('deal_id', 'in', scopeDeals(db.selectFrom('deals').select('deals.id').where('deals.id', '=', dealId), actor))
    .executeTakeFirst();
  if (!row) throw notFound('Quote');
  return quotePdf(contentOf(row), await quoteCover(db, store, dealId, contentOf(row)));
}

/** pdf-lib is loaded on the first quote printed, not at start-up. */
const quotePdf = async (content: QuoteContent, cover: Buffer | null) =>
  (await import('../../render/quote-pdf.js')).quotePdf(content, cover);

/** The photo a quote was made with, while its vehicle keeps it. */
async function quoteCover(db: Db, store: BlobStore, dealId: string, content: QuoteContent) {
  if (!content.cover_photo_id) return null;
  const deal = await db.selectFrom('deals').select('vehicle_id').where('id', '=', dealId).executeTakeFirst();
  return deal?.vehicle_id ? coverPhoto(db, store, deal.vehicle_id, content.cover_photo_id) : null;
}

const invalidLink = () => new AppError(404, 'NOT_FOUND', QUOTE_NOT_VALID);

async function quoteAt(db: Db, token: string) {
  const row = await db.selectFrom('deal_quotes').selectAll().where('token_hash', '=', hashLinkToken(token)).executeTakeFirst();
  if (!row) throw invalidLink();
  return row;
}

/** The customer's page of a quote, by the link's token; no sign-in. */
export async function publicQuote(db: Db, token: string): Promise<PublicQuote> {
  const [row, clock] = await Promise.all([quoteAt(db, token), businessClock(db)]);
  return {
    state: stateOf(row, clock.today),
    accepted_at: row.accepted_at?.toISOString() ?? null,
    accepted_option: row.accepted_option,
    content: contentOf(row),
  };
}

export async function publicQuotePdf(db: Db, store: BlobStore, token: string) {
  const row = await quoteAt(db, token);
  return quotePdf(contentOf(row), await quoteCover(db, store, row.deal_id, contentOf(row)));
}

/** The quote's photo of the vehicle, for the customer's page; 404 when the quote has none (or it is gone). */
export async function publicQuotePhoto(db: Db, store: BlobStore, token: string) {
  const row = await quoteAt(db, token);
  const photo = await quoteCover(db, store, row.deal_id, contentOf(row));
  if (!photo) throw notFound('Photo');
  return photo;
}

export type Acceptance = { option: number; address: string; device: string };

/**
 * The customer accepts one option of an open quote, once: the time, the address and device it came from and the
 * option are kept on the quote and written on the deal's timeline; the deal takes the quote's figures (its price,
 * the option's monthly payment, the broker fee) and a pending deal moves to in progress. The worksheet takes the
 * option's term and cash down. An expired or withdrawn quote answers 410, one already accepted 409.
 */
export async function acceptQuote(db: Db, token: string, acceptance: Acceptance): Promise<PublicQuote> {
  await db.transaction().execute(async (tx) => {
    const row = await quoteAt(tx, token);
    const content = contentOf(row);
    const option = content.options[acceptance.option];
    if (!option) throw badRequest(QUOTE_OPTION_UNKNOWN, { option: QUOTE_OPTION_UNKNOWN });
    const clock = await businessClock(tx);
    const accepted = await tx
      .updateTable('deal_quotes')
      .set({
        accepted_at: sql<Date>`now()`,
        accepted_option: acceptance.option,
        accepted_address: acceptance.address,
        accepted_device: acceptance.device,
      })
      .where('id', '=', row.id)
      .where('accepted_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .where('valid_until', '>=', clock.today)
      .returning('accepted_at')
      .executeTakeFirst();
    if (!accepted) {
      const now = await tx.selectFrom('deal_quotes').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      const state = stateOf(now, clock.today);
      if (state === 'accepted') throw new AppError(409, 'CONFLICT', QUOTE_ALREADY_ACCEPTED);
      throw new AppError(410, 'GONE', state === 'withdrawn' ? QUOTE_WITHDRAWN : QUOTE_EXPIRED);
    }
    const deal = await tx.selectFrom('deals').selectAll().where('id', '=', row.deal_id).forUpdate().executeTakeFirstOrThrow();
    // A completed deal's figures are what was signed: a quote still open on it no longer holds.
    if (deal.status === 'completed') throw new AppError(410, 'GONE', QUOTE_WITHDRAWN);
    if (option.grid_option) {
      const sheet = await tx.selectFrom('deal_worksheets').select('worksheet').where('deal_id', '=', deal.id).executeTakeFirst();
      if (sheet) {
        const taken = withOption(
          storedWorksheet(sheet.worksheet),
          option.grid_option,
          (await getSetting(tx, 'desking')).lease.residuals,
        );
        await tx
          .updateTable('deal_worksheets')
          .set({
            worksheet: JSON.stringify(taken),
            updated_at: sql<Date>`greatest(clock_timestamp(), deal_worksheets.updated_at + interval '1 millisecond')`,
          })
          .where('deal_id', '=', deal.id)
          .execute();
      }
    }
    await recordAudit(tx, null, {
      entityType: 'deal',
      entityId: deal.id,
      action: 'quote_accepted',
      changes: {
        quote_id: row.id,
        option: option.label,
        address: acceptance.address,
        device: acceptance.device,
        accepted_at: accepted.accepted_at!.toISOString(),
      },
    });
    await dealFollowsFigures(tx, null, deal, {
      contract_price_cents: content.selling_price_cents,
      monthly_payment_cents: paymentSummary(option.figures).monthly_cents,
      broker_fee_cents: content.broker_fee_cents,
      ...(deal.status === 'pending' ? { status: 'in-progress' as const } : {}),
    });
    await publishChange(tx, 'deals', [deal.user_id]);
  });
  return publicQuote(db, token);
}
