import { BackLink } from '@/components/back-link';
import { useNavigate, useParams } from 'react-router';
import { dealFormToInput, dealFormValues } from '@shared/deals/form';
import { salesStatus } from '@shared/deals/options';
import { reopenedSaleToast } from '@shared/deals/sale-rule';
import { ChangedElsewhere } from '@/components/changed-elsewhere';
import { queryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useEditVersion } from '@/lib/use-edit-version';
import { useDeal, useUpdateDeal } from './api';
import { DealNotFound } from './deal-not-found';
import { DealForm, showDealServerErrors } from './deal-form';
import { dealVehicle } from './deals-table';

export function EditDealPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const deal = useDeal(id);
  const update = useUpdateDeal(id);
  const version = useEditVersion(deal);
  const current = version.loaded;

  const fallback = queryFallback(deal, {
    loadingMessage: 'Loading deal...',
    failedMessage: 'Failed to load the deal',
    notFound: <DealNotFound />,
  });
  if (!current) return fallback;

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to={`/deals/${id}`}>Back to Deal</BackLink>
      <PageHeader title="Edit Deal" description={`${dealVehicle(current)} · ${current.customer_name}`} />
      {version.changedElsewhere && !update.isSuccess && <ChangedElsewhere what="deal" onReload={version.reload} />}
      <DealForm
        // Reloading the newer version starts the form afresh; a background refresh does not.
        key={current.updated_at}
        defaultValues={dealFormValues(current)}
        initialVehicle={current.vehicle}
        desked={current.desked}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        pending={update.isPending}
        onCancel={() => navigate(`/deals/${id}`)}
        onSubmit={(values, form) =>
          update.mutate(
            { ...dealFormToInput(values), updated_at: current.updated_at },
            {
              onSuccess: (saved) => {
                // A reopened sale leaves its customer where they are; the toast says so.
                const stays = current.status === salesStatus && saved.status !== salesStatus ? current.customer : null;
                notifySuccess('Success', stays ? reopenedSaleToast(stays.name) : 'Deal updated successfully.');
                navigate(`/deals/${saved.id}`);
              },
              onError: (error) => {
                if (error instanceof ApiError && error.code === 'STALE') {
                  version.refused();
                  notifyError('Error', error.message);
                } else if (!showDealServerErrors(form, error))
                  notifyError('Error', errorMessage(error, 'Failed to update deal. Please try again.'));
              },
            },
          )
        }
      />
    </div>
  );
}
