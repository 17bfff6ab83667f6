import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { dayIn } from '@shared/common/time';
import type { DealDetail } from '@shared/deals/types';
import { worksheetFigures } from '@shared/desking/figures';
import { worksheetFiguringSchema, worksheetToForm } from '@shared/desking/form';
import type { DeskingSettings } from '@shared/desking/settings';
import { ruleOf, STATE_NOT_LISTED } from '@shared/desking/tax';
import type { DealWorksheet } from '@shared/desking/types';
import { DESK_CLOSED } from '@shared/desking/worksheet';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/page-header';
import { queryFallback } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDeal } from '@/features/deals/api';
import { DealNotFound, dealVehicle } from '@/features/deals';
import { useSettings } from '@/features/settings/api';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useSaveWorksheet, useWorksheet } from './api';
import { QuoteCard } from './quote-card';
import { Section, TextField, type DeskFormMethods, deskFormSchema, type DeskForm } from './desk-fields';
import { FeesSection, ProductsSection, RebatesSection, TradeInsSection } from './desk-lists';
import { FiguresCard } from './figures-card';
import { gridOf, GridCard } from './grid-card';
import { PaymentSection } from './payment-section';
import { TaxFields } from './tax-fields';

/** The worksheet's form; its save button sits beside the figures, outside it, where the quote card has a form of its own. */
const DESK_FORM = 'desk-worksheet';

function Desk({
  deal,
  saved,
  desking,
  today,
}: {
  deal: DealDetail;
  saved: DealWorksheet;
  desking: DeskingSettings;
  today: string;
}) {
  const save = useSaveWorksheet(deal.id);
  const values = useMemo(() => ({ state: saved.state, worksheet: worksheetToForm(saved.worksheet) }), [saved]);
  const form: DeskFormMethods = useForm<DeskForm, unknown, z.output<typeof deskFormSchema>>({
    resolver: zodResolver(deskFormSchema) as Resolver<DeskForm, unknown, z.output<typeof deskFormSchema>>,
    values,
    mode: 'onTouched',
  });
  const watched = form.watch();
  const parsed = worksheetFiguringSchema.safeParse(watched.worksheet);
  const rule = ruleOf(watched.state);
  const closed = deal.status === 'completed';
  const figures = parsed.success && rule ? worksheetFigures(parsed.data, rule) : null;
  const grid = parsed.success && rule ? gridOf(parsed.data, desking, rule) : null;

  const submit = form.handleSubmit(async ({ state, worksheet }) => {
    try {
      await save.mutateAsync({ state, worksheet, updated_at: saved.updated_at });
      notifySuccess('Worksheet saved', `The ${dealVehicle(deal)} deal for ${deal.customer_name} is penciled.`);
    } catch (error) {
      if (!showServerErrors(form.setError, error)) notifyError('Could not save the worksheet', (error as Error).message);
    }
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,23rem)]">
      <form id={DESK_FORM} onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {closed && (
          <p role="note" className="bg-muted rounded-lg border px-4 py-3 text-sm">
            {DESK_CLOSED}
          </p>
        )}
        {/* A completed deal's worksheet is what was signed: every field shows, none changes. */}
        <fieldset
          disabled={closed}
          aria-label={closed ? 'Worksheet, read-only' : undefined}
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
        >
          <Section title="Vehicle and price">
            <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3">
              <TextField form={form} name="worksheet.selling_price_cents" label="Selling price ($)" />
              <TextField form={form} name="worksheet.msrp_cents" label="MSRP ($)" />
              <TextField
                form={form}
                name="worksheet.broker_fee_cents"
                label="Broker fee ($)"
                description="Paid apart from the vehicle"
              />
            </div>
            <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-4">
              <TaxFields form={form} desking={desking} rule={rule} />
            </div>
          </Section>
          <RebatesSection form={form} />
          <FeesSection form={form} />
          <ProductsSection form={form} desking={desking} />
          <TradeInsSection form={form} />
          <PaymentSection form={form} desking={desking} today={today} />
        </fieldset>
      </form>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:sticky lg:top-4">
        {figures ? (
          <FiguresCard
            figures={figures}
            kind={parsed.data!.structure.kind}
            brokerFee={parsed.data!.broker_fee_cents}
            rule={rule!}
          />
        ) : (
          <Card>
            <CardContent className="text-muted-foreground text-sm" role="status">
              {rule ? 'Correct the marked fields to see the figures.' : STATE_NOT_LISTED}
            </CardContent>
          </Card>
        )}
        {grid && <GridCard grid={grid} form={form} marked={parsed.data!.options} readOnly={closed} />}
        {!closed && (
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to={`/deals/${deal.id}`}>Cancel</Link>
            </Button>
            <Button type="submit" form={DESK_FORM} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save worksheet'}
            </Button>
          </div>
        )}
        <QuoteCard deal={deal} ready={saved.updated_at !== null && !form.formState.isDirty} closed={closed} />
      </div>
    </div>
  );
}

/** The desk: a deal's worksheet, its figures and its payment grid, worked out as the salesperson types. */
export function DeskPage() {
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const worksheet = useWorksheet(id);
  const settings = useSettings();
  const messages = { loadingMessage: 'Loading worksheet...', failedMessage: 'Failed to load the worksheet' };
  const fallback =
    queryFallback(deal, { ...messages, notFound: <DealNotFound /> }) ??
    queryFallback(worksheet, messages) ??
    queryFallback(settings, messages);
  if (fallback || !deal.data || !worksheet.data || !settings.data) return fallback;
  const d = deal.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to={`/deals/${d.id}`}>Back to Deal</BackLink>
      <PageHeader title={`Desk: ${dealVehicle(d)}`} description={`${d.customer_name} · ${d.agent_name}`} />
      <Desk deal={d} saved={worksheet.data} desking={settings.data.desking} today={dayIn(settings.data.company.time_zone)} />
    </div>
  );
}
