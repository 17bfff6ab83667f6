import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { vehicleToForm, type VehicleInput } from '@shared/vehicles/schemas';
import type { Vehicle } from '@shared/vehicles/types';
import { InlineLoading } from '@/components/loading-screen';
import { queryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useUpdateVehicle, useVehicle } from './api';
import { BackToInventory } from './new-vehicle-page';
import { VehicleForm } from './vehicle-form';
import { VehicleNotFound } from './vehicle-not-found';
import { vehicleTitle } from './vehicles-table';

export function EditVehiclePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const vehicle = useVehicle(id);
  const update = useUpdateVehicle(id);
  // The version the form was filled from; a background refetch must not move it, or a stale save would pass.
  const [loaded, setLoaded] = useState<Vehicle>();
  const [stale, setStale] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();

  useEffect(() => {
    if (vehicle.data && !loaded) setLoaded(vehicle.data);
  }, [vehicle.data, loaded]);

  const fallback = loaded
    ? null
    : queryFallback(vehicle, {
        loadingMessage: 'Loading vehicle...',
        failedMessage: 'Failed to load the vehicle',
        notFound: <VehicleNotFound />,
      });
  if (fallback || !loaded) return fallback ?? <InlineLoading message="Loading vehicle..." />;

  const reload = async () => {
    const fresh = await vehicle.refetch();
    if (fresh.data) setLoaded(fresh.data);
    setStale(false);
  };

  const submit = (input: VehicleInput) =>
    update.mutate(
      { ...input, updated_at: loaded.updated_at },
      {
        onSuccess: () => {
          notifySuccess('Success', 'Vehicle updated successfully');
          navigate(`/inventory/${id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'STALE') setStale(true);
          if (error instanceof ApiError) setServerErrors(error.fields);
          notifyError('Error', errorMessage(error, 'Failed to update vehicle. Please try again.'));
        },
      },
    );

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackToInventory />
      <PageHeader title="Edit Vehicle" description={vehicleTitle(loaded)} />
      {stale && (
        <div
          role="alert"
          className="border-warning bg-warning/10 flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm">
            Someone else changed this vehicle after you opened it. Reload to see the latest version; your changes here will be
            replaced.
          </p>
          <Button variant="outline" size="sm" onClick={reload} className="shrink-0">
            <RefreshCw /> Reload
          </Button>
        </div>
      )}
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
