import { useState } from 'react';
import { Car, X } from 'lucide-react';
import { useController, type Control } from 'react-hook-form';
import type { TaskFormValues, TaskInput } from '@shared/tasks/schemas';
import { vehicleName } from '@shared/vehicles/types';
import { Button } from '@/components/ui/button';
import { VehicleSearchPicker } from '@/features/vehicles';

/** The vehicle a task is about (the one to show at an appointment), picked from inventory by make, model or VIN. */
export function VehicleField({
  control,
  initialName,
}: {
  control: Control<TaskFormValues, unknown, TaskInput>;
  initialName: string | null;
}) {
  const { field, fieldState } = useController({ control, name: 'vehicle_id' });
  const [picked, setPicked] = useState(initialName);
  // A vehicle linked without its name at hand (a page that passed only the id) is still shown, and can be removed.
  if (field.value)
    return (
      <div className="grid gap-2">
        <span className="text-sm leading-none font-medium">Vehicle to show</span>
        <div className="flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm">
          <Car className="text-muted-foreground size-4" aria-hidden />
          <span className="min-w-0 flex-1 truncate font-medium">{picked ?? 'A vehicle from inventory'}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setPicked(null);
              field.onChange(null);
            }}
          >
            <X /> Remove vehicle
          </Button>
        </div>
      </div>
    );
  return (
    <VehicleSearchPicker
      id="task-vehicle"
      label="Vehicle to show (optional)"
      error={fieldState.error?.message}
      onPick={(vehicle) => {
        setPicked(vehicleName(vehicle));
        field.onChange(vehicle.id);
      }}
    />
  );
}
