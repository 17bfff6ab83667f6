import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Calculator, Handshake, Pencil } from 'lucide-react';
import { dealClassificationLabels } from '@shared/deals/options';
import type { DealDetail } from '@shared/deals/types';
import { BackLink } from '@/components/back-link';
import { DeleteButton } from '@/components/delete-button';
import { DocumentsPanel } from '@/components/documents-panel';
import { queryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { AddTaskButton } from '@/features/tasks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/toast';
import { useDeal, useDeleteDeal } from './api';
import { DealBuyersGuideCard } from './deal-buyers-guide';
import { DealNotFound } from './deal-not-found';
import { DealStatusBadge } from './deal-status-badge';
import { DealTimeline } from './deal-timeline';
import { dealVehicle, shortDealId } from './deals-table';

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">{children}</dl>
      </CardContent>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function DealFacts({ deal }: { deal: DealDetail }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Facts title="Deal Information">
        <Fact label="Date">{formatDate(deal.date)}</Fact>
        <Fact label="Status">
          <DealStatusBadge status={deal.status} />
        </Fact>
        <Fact label="Vehicle">{dealVehicle(deal)}</Fact>
        <Fact label="Inventory">
          {deal.vehicle ? (
            <Link to={`/inventory/${deal.vehicle.id}`} className="text-primary hover:underline">
              {deal.vehicle.vin ??
                dealVehicle({ year: deal.vehicle.year, manufacturer: deal.vehicle.make, model: deal.vehicle.model })}
            </Link>
          ) : (
            'Not linked'
          )}
          {deal.vehicle && (
            <Badge variant="secondary" className="ml-2">
              {deal.vehicle.status}
            </Badge>
          )}
        </Fact>
        <Fact label="Classification">{dealClassificationLabels[deal.deal_classification] ?? 'Not specified'}</Fact>
        <Fact label="Agent">{deal.agent_name}</Fact>
      </Facts>
      <Facts title="Customer Information">
        <Fact label="Customer">
          {deal.customer ? (
            <Link to={`/customers/${deal.customer.id}`} className="text-primary hover:underline">
              {deal.customer_name}
            </Link>
          ) : (
            deal.customer_name
          )}
        </Fact>
        <Fact label="Phone">{deal.customer_phone ?? '—'}</Fact>
        <Fact label="Email">{deal.customer_email ?? '—'}</Fact>
      </Facts>
      <Facts title="Financial Details">
        <Fact label="Contract Price">{formatCents(deal.contract_price_cents, { exact: true })}</Fact>
        <Fact label="Monthly Payment">
          {deal.monthly_payment_cents === null ? 'N/A' : formatCents(deal.monthly_payment_cents, { exact: true })}
        </Fact>
        <Fact label="Broker Fee">{formatCents(deal.broker_fee_cents, { exact: true })}</Fact>
      </Facts>
      <Facts title="Notes">
        <dt className="sr-only">Notes</dt>
        <dd className={deal.notes ? 'col-span-2 whitespace-pre-wrap' : 'text-muted-foreground col-span-2'}>
          {deal.notes ?? 'No notes.'}
        </dd>
      </Facts>
    </div>
  );
}

export type DealPageProps = {
  /** The dealer a brokerage client takes, its fees and the client's total: given by the desking area, which owns offers. */
  offerSlot?: ComponentType<{ dealId: string }>;
};

export function DealPage({ offerSlot: OfferSlot }: DealPageProps) {
  const { id = '' } = useParams();
  const deal = useDeal(id);
  const remove = useDeleteDeal(id);
  const navigate = useNavigate();

  const fallback = queryFallback(deal, {
    loadingMessage: 'Loading deal...',
    failedMessage: 'Failed to load the deal',
    notFound: <DealNotFound />,
  });
  if (fallback || !deal.data) return fallback;
  const d = deal.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to="/deals">Back to Deals</BackLink>
      <PageHeader
        title={dealVehicle(d)}
        description={`Deal ${shortDealId(d.id)} · ${d.customer_name} · ${formatDate(d.date)}`}
        actions={
          <>
            {d.customer_id && (
              <AddTaskButton
                prefill={{
                  customer_id: d.customer_id,
                  customer_name: d.customer_name,
                  deal_id: d.id,
                  vehicle_id: d.vehicle_id,
                  vehicle_name: d.vehicle_id ? dealVehicle(d) : null,
                  title: `Follow up on the ${dealVehicle(d)} deal`,
                }}
              />
            )}
            <DeleteButton
              title="Delete this deal?"
              description={
                <>
                  <p>
                    Its contract documents are deleted with it, and its figures leave the analytics. Its vehicle becomes available
                    again unless another deal holds it.
                  </p>
                  <p>The history stays in the audit log. This cannot be undone.</p>
                </>
              }
              onDelete={() =>
                remove.mutateAsync().then(() => {
                  notifySuccess('Deal deleted', `The ${dealVehicle(d)} deal for ${d.customer_name} has been deleted.`);
                  navigate('/deals?tab=deals', { replace: true });
                })
              }
            />
            <Button asChild variant="outline">
              <Link to={`/deals/${d.id}/desk`}>
                <Calculator /> Desk Deal
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/deals/${d.id}/offers`}>
                <Handshake /> Dealer Offers
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/deals/${d.id}/edit`}>
                <Pencil /> Edit Deal
              </Link>
            </Button>
          </>
        }
      />
      <DealFacts deal={d} />
      {OfferSlot && (
        <Suspense fallback={null}>
          <OfferSlot dealId={d.id} />
        </Suspense>
      )}
      {d.buyers_guide && <DealBuyersGuideCard dealId={d.id} guide={d.buyers_guide} />}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <DocumentsPanel
          kind="deal"
          parentId={d.id}
          title="Contract Documents"
          description="Contracts and paperwork for this deal."
        />
        <DealTimeline dealId={d.id} />
      </div>
    </div>
  );
}
