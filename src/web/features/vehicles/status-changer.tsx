import { vehicleStatuses, type VehicleStatus } from '@shared/vehicles/options';
import { vehicleToInput } from '@shared/vehicles/form';
import type { VehicleDetail } from '@shared/vehicles/types';
import { OptionSelect } from '@/components/option-select';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useUpdateVehicle } from './api';

/**
 * Changes the status straight from the vehicle page, as an edit of the version shown. Statuses the vehicle's deals
 * rule out (a vehicle sold through a completed deal) cannot be picked, and the list says why.
 */
export function StatusChanger({ vehicle }: { vehicle: VehicleDetail }) {
  const rule = vehicle.status_rule;
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
      allowed={rule?.allowed}
      note={rule?.reason}
      disabled={update.isPending}
      className="w-36"
      aria-label="Status"
    />
  );
}
