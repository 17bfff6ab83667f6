import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Send } from 'lucide-react';
import type { z } from 'zod';
import type { DealDetail } from '@shared/deals/types';
import { quoteStateLabels, sendQuoteSchema, type QuoteItem, type QuoteState } from '@shared/desking/quote';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { RecipientConsentNote, TransactionalField, useRecipient } from '@/features/emails';
import { deskingApi } from '@shared/desking/api';
import { errorMessage } from '@/lib/api-client';
import { urlOf } from '@/lib/contract';
import { formatDate, formatDateTime } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useQuotes, useSendQuote } from './api';

type Form = z.input<typeof sendQuoteSchema>;

const stateVariants: Record<QuoteState, 'success' | 'secondary' | 'outline' | 'destructive'> = {
  open: 'secondary',
  accepted: 'success',
  expired: 'outline',
  withdrawn: 'outline',
};

function QuoteRow({ dealId, quote }: { dealId: string; quote: QuoteItem }) {
  const accepted = quote.accepted_option === null ? null : quote.options[quote.accepted_option];
  return (
    <li className="grid gap-1 border-t pt-3 text-sm first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium wrap-anywhere">To {quote.sent_to}</span>
        <Badge variant={stateVariants[quote.state]}>{quoteStateLabels[quote.state]}</Badge>
      </div>
      <p className="text-muted-foreground">
        Sent {formatDateTime(quote.created_at)}
        {quote.created_by_name ? ` by ${quote.created_by_name}` : ''} · valid until {formatDate(quote.valid_until)}
      </p>
      <ol className="text-muted-foreground list-decimal pl-5">
        {quote.options.map((option, index) => (
          <li key={index} className={index === quote.accepted_option ? 'text-foreground font-medium' : undefined}>
            {option.label}
          </li>
        ))}
      </ol>
      {accepted && quote.accepted_at && (
        <p>
          Accepted {formatDateTime(quote.accepted_at)}: {accepted.label}
        </p>
      )}
      <Button asChild variant="link" size="sm" className="h-auto justify-self-start p-0">
        <a href={urlOf(deskingApi.quotePdf, { params: { id: dealId, quoteId: quote.id } })} download>
          <Download /> Download PDF
        </a>
      </Button>
    </li>
  );
}

/**
 * The customer's quote: sent by e-mail from the saved worksheet (its marked options, or its own terms), under the
 * consent rules of every e-mail, with a link where the customer accepts one option; and the quotes sent so far.
 */
export function QuoteCard({ deal, ready, closed = false }: { deal: DealDetail; ready: boolean; closed?: boolean }) {
  const quotes = useQuotes(deal.id);
  const send = useSendQuote(deal.id);
  const form = useForm<Form, unknown, z.output<typeof sendQuoteSchema>>({
    resolver: zodResolver(sendQuoteSchema),
    defaultValues: { to: deal.customer_email ?? '', message: '', transactional: false },
  });
  const recipient = useRecipient(form.watch('to'));
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    send.mutate(input, {
      onSuccess: () => {
        notifySuccess('Quote sent', `To ${input.to}, with a link to accept an option.`);
        form.reset({ ...input, message: '' });
      },
      onError: (error) => {
        showServerErrors(form.setError, error);
        notifyError('Could not send the quote', errorMessage(error, 'Please try again.'));
      },
    }),
  );
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Customer quote</CardTitle>
        <CardDescription>A one-page PDF and a link where the customer accepts one option.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {closed ? (
          <p className="text-muted-foreground text-sm">The deal is completed: no quote is sent from it.</p>
        ) : ready ? (
          <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Send the quote">
            <FormField
              label="Send to"
              htmlFor="quote-to"
              error={errors.to?.message}
              description={recipient && <RecipientConsentNote recipient={recipient} />}
            >
              <Input type="email" autoComplete="off" {...form.register('to')} />
            </FormField>
            <FormField label="Note (optional)" htmlFor="quote-message" error={errors.message?.message}>
              <Textarea rows={2} {...form.register('message')} />
            </FormField>
            <TransactionalField control={form.control} name="transactional" id="quote-transactional" />
            <Button type="submit" className="justify-self-start" disabled={send.isPending}>
              <Send /> {send.isPending ? 'Sending...' : 'Send quote'}
            </Button>
          </form>
        ) : (
          <p className="text-muted-foreground text-sm">Save the worksheet to send it as a quote.</p>
        )}
        <QueryState query={quotes} loadingMessage="Loading quotes..." failedMessage="The quotes could not be loaded.">
          {({ items }) =>
            items.length === 0 ? (
              <p className="text-muted-foreground text-sm">No quote sent yet.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Quotes sent">
                {items.map((quote) => (
                  <QuoteRow key={quote.id} dealId={deal.id} quote={quote} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
