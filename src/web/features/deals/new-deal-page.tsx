import { BackLink } from '@/components/back-link';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { dealFormToInput, newDealValues } from '@shared/deals/form';
import type { Deal } from '@shared/deals/types';
import { DocumentsPanel } from '@/components/documents-panel';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useCurrentSession } from '@/features/auth/api';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateDeal } from './api';
import { DealForm, showDealServerErrors } from './deal-form';

export function NewDealPage() {
  const { user, timeZone } = useCurrentSession();
  const navigate = useNavigate();
  const create = useCreateDeal();
  const [created, setCreated] = useState<Deal | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to="/deals">Back to Deals</BackLink>
      <PageHeader title="New Deal" description="Record a sale: the vehicle, the customer, the money and the agent" />

      <DealForm
        defaultValues={newDealValues(user, timeZone)}
        submitLabel="Create Deal"
        pendingLabel="Creating..."
        pending={create.isPending}
        disabled={created !== null}
        onCancel={() => navigate('/deals')}
        onSubmit={(values, form) =>
          create.mutate(dealFormToInput(values), {
            onSuccess: (deal) => {
              setCreated(deal);
              notifySuccess('Success', 'Deal created successfully. You can now upload contract documents.');
            },
            onError: (error) => {
              if (error instanceof ApiError && error.status === 401)
                notifyError('Error', 'You must be logged in to create a deal');
              else if (!showDealServerErrors(form, error)) notifyError('Error', 'Failed to create deal. Please try again.');
            },
          })
        }
      />

      {created && (
        <>
          <DocumentsPanel
            kind="deal"
            parentId={created.id}
            title="Contract Documents"
            description={`Contracts and paperwork for the ${created.year} ${created.manufacturer} ${created.model} deal with ${created.customer_name}.`}
          />
          <Card className="border-success/40">
            <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-center gap-2 text-sm">
                <CheckCircle2 className="text-success size-5 shrink-0" aria-hidden />
                Deal created successfully. You can continue uploading contract documents or return to deals.
              </p>
              <div className="flex gap-2">
                <Button variant="outline" asChild>
                  <Link to={`/deals/${created.id}`}>View Deal</Link>
                </Button>
                <Button asChild>
                  <Link to="/deals">Go to Deals</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
