import { useState } from 'react';
import { Car, X } from 'lucide-react';
import type { LinkedVehicle } from '@shared/deals/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatCents } from '@/lib/format';
import { vehicleName, type VehicleOption } from '@shared/vehicles/types';
import { MakeSuggestions, VehicleSearchPicker } from '@/features/vehicles';
import type { DealForm } from './deal-customer-fields';
import { toDollars } from '@shared/money';

/** Picks a vehicle from inventory (filling make, model, year and price), then the vehicle fields themselves. */
export function DealVehicleFields({ form, initialVehicle }: { form: DealForm; initialVehicle: LinkedVehicle | null }) {
  const { register, formState, setValue, watch } = form;
  const errors = formState.errors;
  const [picked, setPicked] = useState<(Omit<VehicleOption, 'status'> & { status: string }) | null>(initialVehicle);

  const pick = (vehicle: VehicleOption) => {
    setPicked(vehicle);
    setValue('vehicle_id', vehicle.id, { shouldDirty: true });
    setValue('manufacturer', vehicle.make, { shouldDirty: true, shouldValidate: true });
    setValue('model', vehicle.model, { shouldDirty: true, shouldValidate: true });
    setValue('year', vehicle.year, { shouldDirty: true, shouldValidate: true });
    setValue('contract_price', String(toDollars(vehicle.price_cents)), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div className="grid gap-2 sm:col-span-3">
        {picked && watch('vehicle_id') ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm">
            <Car className="text-muted-foreground size-4" aria-hidden />
            <span className="font-medium">{vehicleName(picked)}</span>
            {picked.vin && <span className="text-muted-foreground font-mono text-xs">{picked.vin}</span>}
            <span className="tabular-nums">{formatCents(picked.price_cents)}</span>
            <Badge variant="secondary">{picked.status}</Badge>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="ml-auto"
              onClick={() => {
                setPicked(null);
                setValue('vehicle_id', null, { shouldDirty: true });
              }}
            >
              <X /> Remove vehicle
            </Button>
          </div>
        ) : (
          <VehicleSearchPicker
            id="vehicle_search"
            label="Vehicle from Inventory (Optional)"
            error={errors.vehicle_id?.message}
            onPick={pick}
            withPrice
          />
        )}
      </div>
      <FormField label="Manufacturer" htmlFor="manufacturer" error={errors.manufacturer?.message}>
        <Input {...register('manufacturer')} list="deal-make-suggestions" autoComplete="off" placeholder="e.g. Toyota" />
      </FormField>
      <MakeSuggestions id="deal-make-suggestions" />
      <FormField label="Model" htmlFor="model" error={errors.model?.message}>
        <Input {...register('model')} />
      </FormField>
      <FormField label="Year" htmlFor="year" error={errors.year?.message}>
        <Input type="number" inputMode="numeric" {...register('year')} />
      </FormField>
    </div>
  );
}
