import { useState } from 'react';
import { useParams } from 'react-router';
import { CheckCircle2, Download } from 'lucide-react';
import {
  QUOTE_EXPIRED,
  QUOTE_NOT_VALID,
  QUOTE_WITHDRAWN,
  disclosureOf,
  financeSchedule,
  type PublicQuote,
  type QuoteContent,
  type QuoteOption,
} from '@shared/desking/quote';
import { paymentSummary } from '@shared/desking/figures';
import { BrandMark } from '@/components/brand-mark';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { quoteApi } from '@shared/desking/api';
import { errorMessage } from '@/lib/api-client';
import { urlOf } from '@/lib/contract';
import { formatCents, formatDate, formatDateTime } from '@/lib/format';
import { notifyError } from '@/lib/toast';
import { useAcceptQuote, usePublicQuote } from './api';

const money = (cents: number) => formatCents(cents, { exact: true });

function PriceLines({ content }: { content: QuoteContent }) {
  const t = content.totals;
  const lines: [string, string][] = [
    ['Selling price', money(content.selling_price_cents)],
    ...content.fees.map((fee): [string, string] => [fee.name, money(fee.amount_cents)]),
    ...content.products.map((product): [string, string] => [product.name, money(product.amount_cents)]),
    [`Sales tax (${t.tax_rate_percent} %)`, money(t.sales_tax_cents)],
    ['Cash price', money(t.cash_price_cents)],
    ...content.rebates.map((rebate): [string, string] => [`Rebate: ${rebate.name}`, `− ${money(rebate.amount_cents)}`]),
    ...content.trade_ins.flatMap((trade): [string, string][] => [
      [`Trade-in: ${trade.description}`, `− ${money(trade.allowance_cents)}`],
      ...(trade.payoff_cents > 0 ? [[`Payoff owed on it`, money(trade.payoff_cents)] as [string, string]] : []),
    ]),
  ];
  if (t.negative_equity_cents > 0) lines.push(['Negative equity carried in', money(t.negative_equity_cents)]);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      {lines.map(([label, value], index) => (
        <div key={index} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
      {content.broker_fee_cents > 0 && (
        <div className="contents">
          <dt className="text-muted-foreground border-t pt-1.5">Broker fee to {content.company.name}, paid separately</dt>
          <dd className="border-t pt-1.5 text-right tabular-nums">{money(content.broker_fee_cents)}</dd>
        </div>
      )}
    </dl>
  );
}

function OptionChoice({
  option,
  index,
  chosen,
  accepted,
  disabled,
  onChoose,
}: {
  option: QuoteOption;
  index: number;
  chosen: boolean;
  accepted: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { monthly_cents: monthly, at_signing_cents: atSigning } = paymentSummary(option.figures);
  const cashPrice = option.figures.totals.cash_price_cents;
  const finance = option.kind === 'finance' ? option.figures.finance : null;
  const id = `quote-option-${index}`;
  return (
    <label
      htmlFor={id}
      className={`has-focus-visible:ring-ring/50 grid cursor-pointer gap-1 rounded-lg border p-3 has-focus-visible:ring-[3px] has-disabled:cursor-default ${
        chosen || accepted ? 'border-primary bg-primary/5' : ''
      }`}
    >
      <span className="flex items-start gap-2">
        <input
          id={id}
          type="radio"
          name="quote-option"
          className="accent-primary mt-1 size-4"
          checked={chosen || accepted}
          disabled={disabled}
          onChange={onChoose}
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-medium">
            {index + 1}. {option.label}
            {accepted && <span className="text-success ml-2 text-sm">Accepted</span>}
          </span>
          <span className="text-xl font-semibold tabular-nums">
            {monthly === null ? money(cashPrice) : `${money(monthly)} a month`}
          </span>
          {finance && <span className="text-sm">{financeSchedule(finance).words}</span>}
          <span className="text-muted-foreground text-sm">
            {option.kind === 'lease' ? 'Due at signing' : 'Cash down'} {money(atSigning)}
          </span>
        </span>
      </span>
      <span className="text-muted-foreground text-xs leading-relaxed">{disclosureOf(option)}</span>
    </label>
  );
}

function Quote({ token, quote }: { token: string; quote: PublicQuote }) {
  const { content } = quote;
  const accept = useAcceptQuote(token);
  const [chosen, setChosen] = useState<number | null>(content.options.length === 1 ? 0 : null);
  const open = quote.state === 'open';
  const accepted = quote.accepted_option === null ? null : content.options[quote.accepted_option];
  return (
    <div className="grid gap-5">
      {content.cover_photo_id && (
        <img
          src={urlOf(quoteApi.photo, { params: { token } })}
          alt={content.vehicle}
          className="bg-muted aspect-[4/3] w-full rounded-lg object-cover"
        />
      )}
      <div className="grid gap-1">
        <p className="text-lg font-semibold wrap-anywhere">{content.vehicle}</p>
        {content.vin && <p className="text-muted-foreground text-sm">VIN {content.vin}</p>}
        <p className="text-muted-foreground text-sm">Valid until {formatDate(content.valid_until)}</p>
      </div>
      <PriceLines content={content} />
      {accepted && quote.accepted_at && (
        <p role="status" className="flex items-start gap-2">
          <CheckCircle2 className="text-success mt-0.5 size-5 shrink-0" aria-hidden />
          <span>
            You accepted {accepted.label} on {formatDateTime(quote.accepted_at)}. {content.company.name} will be in touch to
            finish your deal.
          </span>
        </p>
      )}
      {quote.state === 'expired' && (
        <p role="alert" className="text-destructive">
          {QUOTE_EXPIRED}
        </p>
      )}
      {quote.state === 'withdrawn' && (
        <p role="alert" className="text-destructive">
          {QUOTE_WITHDRAWN}
        </p>
      )}
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{content.options.length > 1 ? 'Choose how you pay' : 'How you pay'}</legend>
        {content.options.map((option, index) => (
          <OptionChoice
            key={index}
            option={option}
            index={index}
            chosen={chosen === index}
            accepted={quote.accepted_option === index}
            disabled={!open || accept.isPending}
            onChoose={() => setChosen(index)}
          />
        ))}
      </fieldset>
      {open && (
        <Button
          size="lg"
          disabled={chosen === null || accept.isPending}
          onClick={() =>
            chosen !== null &&
            accept.mutate(chosen, {
              onError: (error) => notifyError('Could not accept the quote', errorMessage(error, 'Please try again.')),
            })
          }
        >
          {accept.isPending ? 'Accepting...' : chosen === null ? 'Choose an option to accept' : `Accept option ${chosen + 1}`}
        </Button>
      )}
      <Button asChild variant="outline">
        <a href={urlOf(quoteApi.pdf, { params: { token } })} target="_blank" rel="noreferrer">
          <Download /> Download the quote (PDF)
        </a>
      </Button>
      <p className="text-muted-foreground text-xs">
        Figures are estimates until the contract is signed and may change with credit approval, the vehicle&apos;s availability
        and taxes in force.
      </p>
    </div>
  );
}

/** /quote/:token — the page the link in a quote's e-mail opens, sized for a phone; no sign-in. */
export function QuotePage() {
  const { token = '' } = useParams();
  const quote = usePublicQuote(token);
  const content = quote.data?.content;
  return (
    <main className="bg-muted/40 flex min-h-svh justify-center p-3 sm:items-center sm:p-6">
      <Card className="w-full max-w-lg shadow-lg">
        <CardHeader>
          <BrandMark className="mb-2 size-10" />
          <h1 className="text-2xl leading-tight font-semibold wrap-anywhere">
            {content ? `Your quote, ${content.customer_name}` : 'Your quote'}
          </h1>
          {content && (
            <CardDescription>
              From {content.company.name}
              {content.company.phone ? ` · ${content.company.phone}` : ''}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          <QueryState
            query={quote}
            loadingMessage="Loading your quote..."
            failedMessage="The quote could not be loaded."
            notFound={
              <p role="alert" className="text-center">
                {QUOTE_NOT_VALID}
              </p>
            }
          >
            {(data) => <Quote token={token} quote={data} />}
          </QueryState>
        </CardContent>
      </Card>
    </main>
  );
}
