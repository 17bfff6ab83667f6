import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { vehicleToForm } from '@shared/vehicles/form';
import type { VehicleInput } from '@shared/vehicles/schemas';
import { ChangedElsewhere } from '@/components/changed-elsewhere';
import { queryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useEditVersion } from '@/lib/use-edit-version';
import { useUpdateVehicle, useVehicle } from './api';
import { BackToInventory } from './new-vehicle-page';
import { VehicleForm } from './vehicle-form';
import { VehicleNotFound } from './vehicle-not-found';
import { vehicleName } from '@shared/vehicles/types';

export function EditVehiclePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const vehicle = useVehicle(id);
  const update = useUpdateVehicle(id);
  const version = useEditVersion(vehicle);
  const loaded = version.loaded;
  const [serverErrors, setServerErrors] = useState<unknown>();

  const fallback = queryFallback(vehicle, {
    loadingMessage: 'Loading vehicle...',
    failedMessage: 'Failed to load the vehicle',
    notFound: <VehicleNotFound />,
  });
  if (!loaded) return fallback;

  const submit = (input: VehicleInput) =>
    update.mutate(
      { ...input, updated_at: loaded.updated_at },
      {
        onSuccess: () => {
          notifySuccess('Success', 'Vehicle updated successfully');
          navigate(`/inventory/${id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'STALE') version.refused();
          setServerErrors(error);
          notifyError('Error', errorMessage(error, 'Failed to update vehicle. Please try again.'));
        },
      },
    );

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackToInventory />
      <PageHeader title="Edit Vehicle" description={vehicleName(loaded)} />
      {version.changedElsewhere && !update.isSuccess && <ChangedElsewhere what="vehicle" onReload={version.reload} />}
      <VehicleForm
        key={loaded.updated_at}
        defaultValues={vehicleToForm(loaded)}
        onSubmit={submit}
        onCancel={() => navigate(`/inventory/${id}`)}
        pending={update.isPending}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        serverErrors={serverErrors}
        vehicleId={id}
      />
    </div>
  );
}
