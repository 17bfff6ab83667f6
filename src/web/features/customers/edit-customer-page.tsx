import { Link, useNavigate, useParams } from 'react-router';
import type { CustomerInput } from '@shared/customers/schemas';
import { ChangedElsewhere } from '@/components/changed-elsewhere';
import { queryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useEditVersion } from '@/lib/use-edit-version';
import { useCustomer, useUpdateCustomer } from './api';
import { customerToForm } from '@shared/customers/form';
import { CustomerForm } from './customer-form';
import { CustomerNotFound } from './customer-not-found';
import { BackToCustomers } from './new-customer-page';

export function EditCustomerPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const customer = useCustomer(id);
  const update = useUpdateCustomer(id);
  const version = useEditVersion(customer);
  const loaded = version.loaded;

  const fallback = queryFallback(customer, {
    loadingMessage: 'Loading customer...',
    failedMessage: 'Failed to load the customer',
    notFound: <CustomerNotFound />,
  });
  if (!loaded) return fallback;

  const submit = (input: CustomerInput) =>
    update.mutateAsync(
      { ...input, updated_at: loaded.updated_at },
      {
        onSuccess: () => {
          notifySuccess('Success', 'Customer updated successfully.');
          navigate(`/customers/${id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'STALE') version.refused();
          notifyError('Error', errorMessage(error, 'Failed to update customer. Please try again.'));
        },
      },
    );

  return (
    <div className="grid gap-6">
      <BackToCustomers />
      <PageHeader title="Edit Customer" description={loaded.name} />
      {version.changedElsewhere && !update.isSuccess && <ChangedElsewhere what="record" onReload={version.reload} />}
      <Card>
        <CardHeader>
          <CardTitle>Customer Information</CardTitle>
        </CardHeader>
        <CardContent>
          <CustomerForm
            key={loaded.updated_at}
            customer={loaded}
            defaultValues={customerToForm(loaded)}
            submitLabel="Save Changes"
            submittingLabel="Saving..."
            onSubmit={submit}
            onCancel={() => navigate(`/customers/${id}`)}
          />
        </CardContent>
      </Card>
      <p className="text-muted-foreground text-sm">
        Documents are on the{' '}
        <Link to={`/customers/${id}`} className="underline underline-offset-4">
          customer page
        </Link>
        .
      </p>
    </div>
  );
}
