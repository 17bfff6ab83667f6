import { vehicleStatuses, type VehicleStatus } from '@shared/vehicles/options';
import { vehicleToInput } from '@shared/vehicles/schemas';
import type { Vehicle } from '@shared/vehicles/types';
import { OptionSelect } from '@/components/option-select';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useUpdateVehicle } from './api';

/** Changes the status straight from the vehicle page, as an edit of the version shown. */
export function StatusChanger({ vehicle }: { vehicle: Vehicle }) {
  const update = useUpdateVehicle(vehicle.id);
  const change = (status: VehicleStatus) =>
    update.mutate(
      { ...vehicleToInput(vehicle), status, updated_at: vehicle.updated_at },
      {
        onSuccess: () => notifySuccess('Success', `Vehicle marked as ${status}`),
        onError: (error) => notifyError('Error', errorMessage(error, 'Failed to update vehicle. Please try again.')),
      },
    );
  return (
    <OptionSelect
      value={vehicle.status}
      onValueChange={change}
      options={vehicleStatuses}
      disabled={update.isPending}
      className="w-36"
      aria-label="Status"
    />
  );
}
