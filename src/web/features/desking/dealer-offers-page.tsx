import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import type { DealDetail } from '@shared/deals/types';
import {
  availabilities,
  availabilityLabels,
  chooseOfferSchema,
  declineReasons,
  dealerOfferFormSchema,
  dealerOfferToForm,
  offerStatusLabels,
  type DealerOffer,
  type DealerOfferForm,
  type DealerOfferList,
} from '@shared/desking/dealer-offers';
import { BackLink } from '@/components/back-link';
import { DeleteButton } from '@/components/delete-button';
import { DocumentsPanel, useDocumentList } from '@/components/documents-panel';
import { FormActions } from '@/components/form-actions';
import { OptionField } from '@/components/option-select';
import { PageHeader } from '@/components/page-header';
import { queryFallback } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeal } from '@/features/deals/api';
import { DealNotFound, dealVehicle } from '@/features/deals';
import { errorMessage } from '@/lib/api-client';
import { formatCents, formatDate } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useChooseDealerOffer, useDealerOffers, useRemoveDealerOffer, useSaveDealerOffer } from './api';

const money = (cents: number) => formatCents(cents, { exact: true });

const blankOffer = (deal: DealDetail): DealerOfferForm => ({
  dealer: '',
  contact: '',
  vehicle: dealVehicle(deal),
  vin: '',
  price_cents: '',
  fees_cents: '',
  availability: 'in_stock',
  available_on: '',
  expires_on: '',
  document_id: '',
});

/** Record an offer, or edit one: the dealer, the vehicle, its price and fees, when it is available, its quote. */
function OfferForm({ deal, editing, onDone }: { deal: DealDetail; editing: DealerOffer | null; onDone: () => void }) {
  const save = useSaveDealerOffer(deal.id);
  const documents = useDocumentList('deal', deal.id);
  const form = useForm<DealerOfferForm, unknown, z.output<typeof dealerOfferFormSchema>>({
    resolver: zodResolver(dealerOfferFormSchema),
    values: editing ? dealerOfferToForm(editing) : blankOffer(deal),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((offer) =>
    save.mutateAsync({ offer, editing }).then(
      () => {
        notifySuccess(editing ? 'Offer updated' : 'Offer recorded', `${offer.dealer}: ${money(offer.price_cents)}`);
        form.reset(blankOffer(deal));
        onDone();
      },
      (error) => {
        if (!showServerErrors(form.setError, error))
          notifyError('Could not save the offer', errorMessage(error, 'Please try again.'));
      },
    ),
  );
  const field = (name: keyof DealerOfferForm) => `offer-${name.replaceAll('_', '-')}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? `Edit the offer from ${editing.dealer}` : 'Record a dealer’s offer'}</CardTitle>
        <CardDescription>What a selling dealer quoted for this client’s request.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Dealer offer">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Dealer" htmlFor={field('dealer')} error={errors.dealer?.message}>
              <Input {...form.register('dealer')} autoComplete="organization" />
            </FormField>
            <FormField label="Contact (optional)" htmlFor={field('contact')} error={errors.contact?.message}>
              <Input {...form.register('contact')} placeholder="Name, phone or e-mail" />
            </FormField>
            <FormField label="Vehicle" htmlFor={field('vehicle')} error={errors.vehicle?.message}>
              <Input {...form.register('vehicle')} />
            </FormField>
            <FormField label="VIN (optional)" htmlFor={field('vin')} error={errors.vin?.message}>
              <Input {...form.register('vin')} autoCapitalize="characters" spellCheck={false} />
            </FormField>
            <FormField label="Price ($)" htmlFor={field('price_cents')} error={errors.price_cents?.message}>
              <Input {...form.register('price_cents')} inputMode="decimal" />
            </FormField>
            <FormField label="Dealer fees ($)" htmlFor={field('fees_cents')} error={errors.fees_cents?.message}>
              <Input {...form.register('fees_cents')} inputMode="decimal" placeholder="0.00" />
            </FormField>
            <OptionField
              control={form.control}
              name="availability"
              label="Availability"
              options={availabilities}
              labels={availabilityLabels}
            />
            <FormField label="Available on (optional)" htmlFor={field('available_on')} error={errors.available_on?.message}>
              <Input type="date" {...form.register('available_on')} />
            </FormField>
            <FormField label="Offer expires (optional)" htmlFor={field('expires_on')} error={errors.expires_on?.message}>
              <Input type="date" {...form.register('expires_on')} />
            </FormField>
            <FormField
              label="Dealer’s quote (optional)"
              htmlFor={field('document_id')}
              error={errors.document_id?.message}
              description="Upload it under Documents below, then choose it here."
            >
              <NativeSelect {...form.register('document_id')}>
                <option value="">None</option>
                {(documents.data ?? []).map((document) => (
                  <option key={document.id} value={document.id}>
                    {document.file_name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormActions
            onCancel={editing ? onDone : () => form.reset(blankOffer(deal))}
            pending={save.isPending}
            submitLabel={editing ? 'Save offer' : 'Record offer'}
            pendingLabel="Saving..."
          />
        </form>
      </CardContent>
    </Card>
  );
}

type ChooseForm = z.input<typeof chooseOfferSchema>;

/** Choosing an offer declines every other with one reason, picked from the usual ones or typed. */
function ChooseDialog({ dealId, offer, onClose }: { dealId: string; offer: DealerOffer | null; onClose: () => void }) {
  const choose = useChooseDealerOffer(dealId);
  const form = useForm<ChooseForm, unknown, z.output<typeof chooseOfferSchema>>({
    resolver: zodResolver(chooseOfferSchema),
    defaultValues: { decline_reason: declineReasons[0] },
  });
  const submit = form.handleSubmit(({ decline_reason }) =>
    choose.mutateAsync({ id: offer!.id, decline_reason }).then(
      () => {
        notifySuccess('Offer chosen', `${offer!.dealer}'s price and fees are the deal's now.`);
        onClose();
      },
      (error) => {
        if (!showServerErrors(form.setError, error))
          notifyError('Could not choose the offer', errorMessage(error, 'Please try again.'));
      },
    ),
  );
  return (
    <Dialog open={offer !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose {offer?.dealer}’s offer</DialogTitle>
          <DialogDescription>
            The deal takes its price ({offer && money(offer.price_cents)}) and fees ({offer && money(offer.fees_cents)}); the
            other offers are kept, declined with the reason below.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField
            label="Why the others are declined"
            htmlFor="offer-decline-reason"
            error={form.formState.errors.decline_reason?.message}
          >
            <Input list="offer-decline-reasons" {...form.register('decline_reason')} />
          </FormField>
          <datalist id="offer-decline-reasons">
            {declineReasons.map((reason) => (
              <option key={reason} value={reason} />
            ))}
          </datalist>
          <FormActions onCancel={onClose} pending={choose.isPending} submitLabel="Choose offer" pendingLabel="Choosing..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}

const statusVariants = { open: 'secondary', chosen: 'success', declined: 'outline' } as const;

/** Choose, edit and delete an offer. */
function OfferActions({
  offer,
  canChoose,
  onEdit,
  onChoose,
  onDelete,
}: {
  offer: DealerOffer;
  canChoose: boolean;
  onEdit: (offer: DealerOffer) => void;
  onChoose: (offer: DealerOffer) => void;
  onDelete: (offer: DealerOffer) => Promise<unknown>;
}) {
  return (
    <div className="flex items-center">
      {canChoose && (
        <Button size="sm" onClick={() => onChoose(offer)} aria-label={`Choose ${offer.dealer}`}>
          <CheckCircle2 /> Choose
        </Button>
      )}
      <Button size="icon" variant="ghost" onClick={() => onEdit(offer)} aria-label={`Edit ${offer.dealer}`}>
        <Pencil />
      </Button>
      <DeleteButton
        title="Delete this offer?"
        description={`The offer from ${offer.dealer} is removed from the deal.`}
        onDelete={() => onDelete(offer)}
        trigger={
          <Button size="icon" variant="ghost" aria-label={`Delete ${offer.dealer}`}>
            <Trash2 />
          </Button>
        }
      />
    </div>
  );
}

/** The dealer, its contact, the vehicle, when it is available and the dealer's quote. */
function OfferDetails({ offer }: { offer: DealerOffer }) {
  return (
    <>
      <div className="font-medium">{offer.dealer}</div>
      {offer.contact && <div className="text-muted-foreground">{offer.contact}</div>}
      <div className="mt-1">{offer.vehicle}</div>
      {offer.vin && <div className="text-muted-foreground font-mono text-xs break-all">{offer.vin}</div>}
      <div className="text-muted-foreground">
        {availabilityLabels[offer.availability]}
        {offer.available_on && `, ${formatDate(offer.available_on)}`}
        {offer.expires_on && ` · expires ${formatDate(offer.expires_on)}`}
      </div>
      {offer.document_name && <div className="text-muted-foreground">Quote: {offer.document_name}</div>}
    </>
  );
}

function OfferStatus({ offer }: { offer: DealerOffer }) {
  return (
    <>
      <Badge variant={statusVariants[offer.status]}>{offerStatusLabels[offer.status]}</Badge>
      {offer.decline_reason && <div className="text-muted-foreground mt-1">{offer.decline_reason}</div>}
    </>
  );
}

function CompareTable({
  dealId,
  offers,
  onEdit,
  onChoose,
}: {
  dealId: string;
  offers: DealerOfferList;
  onEdit: (offer: DealerOffer) => void;
  onChoose: (offer: DealerOffer) => void;
}) {
  const remove = useRemoveDealerOffer(dealId);
  const open = offers.items.filter((o) => o.status === 'open');
  const lowest = open.length > 1 ? Math.min(...open.map((o) => o.total_cents)) : null;
  const decided = offers.items.some((o) => o.status === 'chosen');
  const actions = (offer: DealerOffer) => (
    <OfferActions
      offer={offer}
      canChoose={offer.status === 'open' && !decided}
      onEdit={onEdit}
      onChoose={onChoose}
      onDelete={(o) => remove.mutateAsync(o.id)}
    />
  );
  const lowestNote = (offer: DealerOffer) =>
    offer.total_cents === lowest && <div className="text-success text-xs font-normal">Lowest</div>;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Compare offers</CardTitle>
        <CardDescription>
          What the client pays in all, as the desk figures it: the price, the dealer’s fees, the worksheet’s other fees and
          products, {offers.state} sales tax at {offers.tax_rate_percent} %
          {offers.dealer_fees_taxed ? ' (the dealer’s fees taxed as a documentation fee)' : ' (not on the dealer’s fees)'}, and
          the broker fee of {money(offers.broker_fee_cents)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] px-4">
        {offers.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No offers yet. Record the first dealer’s quote below.</p>
        ) : (
          <>
            {/* A phone: one offer under another, every figure and button within the screen's width. */}
            <ul className="grid gap-3 text-sm md:hidden" aria-label="Dealer offers">
              {offers.items.map((offer) => (
                <li key={offer.id} className="grid gap-2 rounded-lg border p-3">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0 wrap-anywhere">
                      <OfferDetails offer={offer} />
                    </div>
                    <div className="shrink-0 text-right">
                      <OfferStatus offer={offer} />
                    </div>
                  </div>
                  <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
                    <dt className="text-muted-foreground">Price</dt>
                    <dd className="text-right">{money(offer.price_cents)}</dd>
                    <dt className="text-muted-foreground">Fees</dt>
                    <dd className="text-right">{money(offer.fees_cents)}</dd>
                    <dt className="text-muted-foreground">Tax</dt>
                    <dd className="text-right">{money(offer.sales_tax_cents)}</dd>
                    <dt className="font-medium">Client’s total</dt>
                    <dd className="text-right font-semibold">
                      {money(offer.total_cents)}
                      {lowestNote(offer)}
                    </dd>
                  </dl>
                  {actions(offer)}
                </li>
              ))}
            </ul>
            <div className="hidden md:block">
              <Table className="text-[13px]" aria-label="Dealer offers">
                <TableHeader>
                  <TableRow>
                    <TableHead>Dealer and vehicle</TableHead>
                    <TableHead className="text-right">Price</TableHead>
                    <TableHead className="text-right">Fees</TableHead>
                    <TableHead className="text-right">Tax</TableHead>
                    <TableHead className="text-right">Client’s total</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {offers.items.map((offer) => (
                    <TableRow key={offer.id}>
                      <TableCell className="align-top whitespace-normal">
                        <OfferDetails offer={offer} />
                      </TableCell>
                      <TableCell className="text-right align-top tabular-nums">{money(offer.price_cents)}</TableCell>
                      <TableCell className="text-right align-top tabular-nums">{money(offer.fees_cents)}</TableCell>
                      <TableCell className="text-right align-top tabular-nums">{money(offer.sales_tax_cents)}</TableCell>
                      <TableCell className="text-right align-top font-semibold tabular-nums">
                        {money(offer.total_cents)}
                        {lowestNote(offer)}
                      </TableCell>
                      <TableCell className="align-top">
                        <OfferStatus offer={offer} />
                      </TableCell>
                      <TableCell className="align-top">{actions(offer)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /deals/:id/offers: a brokerage's offers from several dealers for the deal's client, compared, one chosen. */
export function DealerOffersPage() {
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const offers = useDealerOffers(id);
  const [editing, setEditing] = useState<DealerOffer | null>(null);
  const [choosing, setChoosing] = useState<DealerOffer | null>(null);
  const messages = { loadingMessage: 'Loading offers...', failedMessage: 'Failed to load the offers' };
  const fallback = queryFallback(deal, { ...messages, notFound: <DealNotFound /> }) ?? queryFallback(offers, messages);
  if (fallback || !deal.data || !offers.data) return fallback;
  const d = deal.data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <BackLink to={`/deals/${d.id}`}>Back to Deal</BackLink>
      <PageHeader
        title={`Dealer offers: ${dealVehicle(d)}`}
        description={`${d.customer_name} · ${d.agent_name}`}
        actions={
          <Button asChild variant="outline">
            <Link to={`/deals/${d.id}/desk`}>Desk Deal</Link>
          </Button>
        }
      />
      <CompareTable dealId={d.id} offers={offers.data} onEdit={setEditing} onChoose={setChoosing} />
      <OfferForm key={editing?.id ?? 'new'} deal={d} editing={editing} onDone={() => setEditing(null)} />
      <DocumentsPanel
        kind="deal"
        parentId={d.id}
        title="Documents"
        description="The dealers’ own quotes, and every other document of the deal."
      />
      <ChooseDialog dealId={d.id} offer={choosing} onClose={() => setChoosing(null)} />
    </div>
  );
}
