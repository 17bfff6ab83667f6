import { BackLink } from '@/components/back-link';
import { useNavigate, useSearchParams } from 'react-router';
import { dealFormToInput, newDealValues } from '@shared/deals/form';
import { PageHeader } from '@/components/page-header';
import { queryFallback } from '@/components/query-state';
import { useCurrentSession } from '@/features/auth/api';
import { useCustomer } from '@/features/customers/api';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateDeal } from './api';
import { DealForm, showDealServerErrors } from './deal-form';
import type { DealFormInput } from '@shared/deals/schemas';

/** A new deal, for the customer the page was opened with (`?customer=<id>`, from their page) or any; saved, it opens. */
export function NewDealPage() {
  const [params] = useSearchParams();
  const customerId = params.get('customer');
  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to="/deals">Back to Deals</BackLink>
      <PageHeader title="New Deal" description="Record a sale: the vehicle, the customer, the money and the agent" />
      {customerId ? <NewDealForCustomer customerId={customerId} /> : <NewDealForm />}
    </div>
  );
}

function NewDealForCustomer({ customerId }: { customerId: string }) {
  const customer = useCustomer(customerId);
  const fallback = queryFallback(customer, {
    loadingMessage: 'Loading customer...',
    failedMessage: 'Failed to load the customer',
    notFound: <NewDealForm />,
  });
  if (fallback || !customer.data) return fallback;
  const c = customer.data;
  return (
    <NewDealForm
      customer={{
        customer_id: c.id,
        customer_name: c.name,
        customer_email: c.email ?? '',
        customer_phone: c.phone ?? '',
        user_id: c.user_id,
        agent_name: c.owner_name,
      }}
    />
  );
}

function NewDealForm({ customer }: { customer?: Partial<DealFormInput> }) {
  const { user, timeZone } = useCurrentSession();
  const navigate = useNavigate();
  const create = useCreateDeal();
  return (
    <DealForm
      defaultValues={{ ...newDealValues(user, timeZone), ...customer }}
      submitLabel="Create Deal"
      pendingLabel="Creating..."
      pending={create.isPending}
      onCancel={() => navigate('/deals')}
      onSubmit={(values, form) =>
        create.mutate(dealFormToInput(values), {
          onSuccess: (deal) => {
            notifySuccess('Success', 'Deal created successfully. You can now upload contract documents.');
            navigate(`/deals/${deal.id}`);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 401) notifyError('Error', 'You must be logged in to create a deal');
            else if (!showDealServerErrors(form, error)) notifyError('Error', 'Failed to create deal. Please try again.');
          },
        })
      }
    />
  );
}
