import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import type { CustomerInput } from '@shared/customers/schemas';
import { queryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCustomer, useUpdateCustomer } from './api';
import { CustomerForm, customerToForm } from './customer-form';
import { CustomerNotFound } from './customer-not-found';
import { BackToCustomers } from './new-customer-page';

export function EditCustomerPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const customer = useCustomer(id);
  const update = useUpdateCustomer(id);
  const [stale, setStale] = useState<string | null>(null);

  const fallback = queryFallback(customer, {
    loadingMessage: 'Loading customer...',
    failedMessage: 'Failed to load the customer',
    notFound: <CustomerNotFound />,
  });
  if (fallback || !customer.data) return fallback;
  const loaded = customer.data;

  const submit = (input: CustomerInput) =>
    update.mutateAsync(
      { ...input, updated_at: loaded.updated_at },
      {
        onSuccess: () => {
          notifySuccess('Success', 'Customer updated successfully.');
          navigate(`/customers/${id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'STALE') setStale(error.message);
          notifyError('Error', errorMessage(error, 'Failed to update customer. Please try again.'));
        },
      },
    );

  const reload = async () => {
    await customer.refetch();
    setStale(null);
  };

  return (
    <div className="grid gap-6">
      <BackToCustomers />
      <PageHeader title="Edit Customer" description={loaded.name} />
      {stale && (
        <div
          role="alert"
          className="border-destructive/50 bg-destructive/10 flex flex-col gap-3 rounded-md border p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2">
            <AlertTriangle className="text-destructive mt-0.5 size-4 shrink-0" aria-hidden />
            {stale} Your changes were not saved.
          </p>
          <Button variant="outline" size="sm" onClick={reload}>
            Reload
          </Button>
        </div>
      )}
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
