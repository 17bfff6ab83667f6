import { BackLink } from '@/components/back-link';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { emptyVehicleForm } from '@shared/vehicles/form';
import type { VehicleInput } from '@shared/vehicles/schemas';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateVehicle } from './api';
import { VehicleForm } from './vehicle-form';

export function BackToInventory() {
  return <BackLink to="/inventory">Back to Inventory</BackLink>;
}

export function NewVehiclePage() {
  const navigate = useNavigate();
  const create = useCreateVehicle();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();

  const submit = (input: VehicleInput) =>
    create.mutate(input, {
      // On to the new vehicle's page, where its photos and Buyers Guide are added.
      onSuccess: (vehicle) => {
        notifySuccess('Success', 'Vehicle added to inventory successfully');
        navigate(`/inventory/${vehicle.id}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          notifyError('Error', 'You must be logged in to create a vehicle');
          return;
        }
        if (error instanceof ApiError) setServerErrors(error.fields);
        notifyError('Error', 'Failed to add vehicle. Please try again.');
      },
    });

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackToInventory />
      <PageHeader title="Add New Vehicle" description="Add a vehicle to your inventory" />
      <VehicleForm
        defaultValues={emptyVehicleForm}
        onSubmit={submit}
        onCancel={() => navigate('/inventory')}
        pending={create.isPending}
        submitLabel="Add Vehicle"
        pendingLabel="Adding..."
        serverErrors={serverErrors}
      />
    </div>
  );
}
