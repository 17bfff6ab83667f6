import { Suspense, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import type { CustomerDetail } from '@shared/customers/types';
import { customerSource } from '@shared/customers/source';
import { ChipList } from '@/components/chip-list';
import { SourceBadge } from '@/components/source-badge';
import { DeleteButton } from '@/components/delete-button';
import { DocumentsPanel } from '@/components/documents-panel';
import { queryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { OptionSelect } from '@/components/option-select';
import { useSettings } from '@/features/settings/api';
import { useCustomer, useDeleteCustomer, useSetCustomerStage } from './api';
import { CustomerNotFound } from './customer-not-found';
import { CustomerTimeline } from './customer-timeline';
import { BackToCustomers } from './new-customer-page';
import { StatusBadge } from './status-badge';
import { seesAllRecords } from '@shared/users/roles';
import { useCurrentSession } from '@/features/auth/api';
import { GiveTo } from '@/features/team';
import { customersApi } from '@shared/customers/api';
import { keyOf } from '@/lib/contract';
import type { CustomerCard } from '@/lib/area';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="text-sm break-words">{children || <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

/** The customer's pipeline stage, changed on the spot; the stages are Settings → CRM's. */
function PipelineStage({ customer }: { customer: CustomerDetail }) {
  const stages = useSettings().data?.crm.pipeline_stages;
  const setStage = useSetCustomerStage(customer.id);
  const current = customer.pipeline_stage ?? stages?.[0];
  if (!stages) return <span className="text-muted-foreground">{customer.pipeline_stage ?? 'Loading...'}</span>;
  const options = current && !stages.includes(current) ? [current, ...stages] : stages;
  return (
    <OptionSelect
      aria-label="Pipeline Stage"
      value={current}
      options={options}
      allowed={stages}
      disabled={setStage.isPending}
      className="h-8 max-w-56"
      onValueChange={(stage) =>
        setStage.mutate(stage, {
          onSuccess: () => notifySuccess('Pipeline stage saved', `${customer.name} is at ${stage}.`),
          onError: () => notifyError('Error', 'Failed to save the pipeline stage. Please try again.'),
        })
      }
    />
  );
}

function referral(customer: CustomerDetail): ReactNode {
  if (customer.referred_by_customer_id && customer.referred_by_customer_name) {
    return (
      <Link to={`/customers/${customer.referred_by_customer_id}`} className="underline underline-offset-4">
        {customer.referred_by_customer_name}
      </Link>
    );
  }
  return customer.referred_by_name ?? (customer.referred_by_customer_id ? 'Another agent’s customer' : null);
}

function CustomerDetails({ customer }: { customer: CustomerDetail }) {
  const { user } = useCurrentSession();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Email">
            {customer.email && (
              <a href={`mailto:${customer.email}`} className="underline-offset-4 hover:underline">
                {customer.email}
              </a>
            )}
          </Detail>
          <Detail label="Phone">
            {customer.phone && (
              <a href={`tel:${customer.phone}`} className="underline-offset-4 hover:underline">
                {customer.phone}
              </a>
            )}
          </Detail>
          <Detail label="Location">{customer.location}</Detail>
          <Detail label="Status">
            <StatusBadge status={customer.status} />
          </Detail>
          <Detail label="Car Preferences">
            {customer.preferred_cars.length > 0 && <ChipList items={customer.preferred_cars} max={12} />}
          </Detail>
          <Detail label="Lead Source">
            <SourceBadge source={customerSource(customer)} />
          </Detail>
          <Detail label="Pipeline Stage">
            <PipelineStage customer={customer} />
          </Detail>
          <Detail label="Budget">{customer.budget_cents !== null && formatCents(customer.budget_cents)}</Detail>
          <Detail label="Referred By">{referral(customer)}</Detail>
          <Detail label="Birthday">{customer.birthday && formatDate(customer.birthday)}</Detail>
          <Detail label="Agent">{customer.owner_name}</Detail>
          <Detail label="Date Added">{formatDate(customer.created_at)}</Detail>
        </dl>
        {customer.notes && (
          <div className="mt-4 grid gap-1">
            <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Notes</p>
            <p className="text-sm whitespace-pre-wrap">{customer.notes}</p>
          </div>
        )}
        {seesAllRecords(user.role) && (
          <div className="mt-4 border-t pt-4">
            <GiveTo kind="customers" ids={[customer.id]} ownerId={customer.user_id} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The cards below the details: every area's (`customerCards`) among the page's own documents and timeline, the wide
 * ones above the two columns. Each loads on its own.
 */
function CustomerCards({ customer, cards }: { customer: CustomerDetail; cards: CustomerCard[] }) {
  const queryClient = useQueryClient();
  const own: CustomerCard[] = [
    {
      position: 50,
      render: (c) => (
        <DocumentsPanel
          kind="customer"
          parentId={c.id}
          title="Customer Documents"
          description="Licences, insurance, contracts and other paperwork"
          onChanged={() => queryClient.invalidateQueries({ queryKey: keyOf(customersApi.timeline, { params: { id: c.id } }) })}
        />
      ),
    },
    { position: 70, render: (c) => <CustomerTimeline customerId={c.id} /> },
  ];
  const all = [...cards, ...own].sort((a, b) => a.position - b.position);
  const shown = (card: CustomerCard) => (
    <Suspense key={card.position} fallback={null}>
      {card.render(customer)}
    </Suspense>
  );
  return (
    <>
      {all.filter((card) => card.wide).map(shown)}
      <div className="grid gap-6 lg:grid-cols-2">{all.filter((card) => !card.wide).map(shown)}</div>
    </>
  );
}

/** A customer's page, with the cards the other areas declare for it (composed in the router). */
export function CustomerPage({ cards }: { cards: CustomerCard[] }) {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const remove = useDeleteCustomer(id);
  const navigate = useNavigate();

  const fallback = queryFallback(customer, {
    loadingMessage: 'Loading customer...',
    failedMessage: 'Failed to load the customer',
    notFound: <CustomerNotFound />,
  });
  if (fallback || !customer.data) return fallback;
  const c = customer.data;

  return (
    <div className="grid gap-6">
      <BackToCustomers />
      <PageHeader
        title={c.name}
        description={<StatusBadge status={c.status} />}
        actions={
          <>
            <DeleteButton
              title={`Delete ${c.name}?`}
              description={
                <>
                  <p>
                    Their documents are deleted with them. Deals keep the customer's name but are no longer linked to this record,
                    and customers they referred keep their name as the referrer.
                  </p>
                  <p>The history stays in the audit log. This cannot be undone.</p>
                </>
              }
              onDelete={() =>
                remove.mutateAsync().then(() => {
                  notifySuccess('Customer deleted', `${c.name} has been deleted.`);
                  navigate('/customers', { replace: true });
                })
              }
            />
            <Button asChild variant="outline">
              <Link to={`/deals/new?customer=${c.id}`}>
                <Plus /> New Deal
              </Link>
            </Button>
            <Button asChild>
              <Link to={`/customers/${c.id}/edit`}>
                <Pencil /> Edit
              </Link>
            </Button>
          </>
        }
      />
      <CustomerDetails customer={c} />
      <CustomerCards customer={c} cards={cards} />
    </div>
  );
}
