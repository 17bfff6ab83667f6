import { BackLink } from '@/components/back-link';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { Customer } from '@shared/customers/types';
import { DocumentsPanel } from '@/components/documents-panel';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateCustomer } from './api';
import { CustomerForm, emptyCustomerForm } from './customer-form';

export function BackToCustomers() {
  return <BackLink to="/customers">Back to Customers</BackLink>;
}

export function NewCustomerPage() {
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const [created, setCreated] = useState<Customer | null>(null);

  const submit = (input: Parameters<typeof create.mutateAsync>[0]) =>
    create.mutateAsync(input, {
      onSuccess: (customer) => {
        setCreated(customer);
        notifySuccess('Success', 'Customer created successfully. You can now upload customer documents.');
      },
      onError: (error) =>
        notifyError(
          'Error',
          error instanceof ApiError && error.status === 401
            ? 'You must be logged in to create a customer'
            : 'Failed to create customer. Please try again.',
        ),
    });

  return (
    <div className="grid gap-6">
      <BackToCustomers />
      <PageHeader title="Add New Customer" description="Create a new customer profile and upload their documents" />
      {created ? (
        <>
          <DocumentsPanel
            kind="customer"
            parentId={created.id}
            title="Customer Documents"
            description={`Upload documents for ${created.name}`}
          />
          <Card className="border-success/40 bg-success/5">
            <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-start gap-2">
                <CheckCircle2 className="text-success mt-0.5 size-5 shrink-0" aria-hidden />
                Customer created successfully! You can continue uploading documents or return to customers.
              </p>
              <Button onClick={() => navigate('/customers')}>Go to Customers</Button>
            </CardContent>
          </Card>
        </>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Customer Information</CardTitle>
            <CardDescription>Contact details, preferences and how they found you</CardDescription>
          </CardHeader>
          <CardContent>
            <CustomerForm
              defaultValues={emptyCustomerForm}
              submitLabel="Create Customer"
              submittingLabel="Creating..."
              onSubmit={submit}
              onCancel={() => navigate('/customers')}
            />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
