import { useState } from 'react';
import { Car, X } from 'lucide-react';
import { useController, type Control } from 'react-hook-form';
import type { TaskFormValues, TaskInput } from '@shared/tasks/schemas';
import type { VehicleOption } from '@shared/vehicles/types';
import { SearchPicker } from '@/components/search-picker';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useVehicleOptions } from '@/features/vehicles/api';
import { useDebounced } from '@/hooks/use-debounced';

const describe = (v: Pick<VehicleOption, 'year' | 'make' | 'model'>) => `${v.year} ${v.make} ${v.model}`;

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
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const options = useVehicleOptions(useDebounced(search.trim(), 250), searching);
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
    <FormField label="Vehicle to show (optional)" htmlFor="task-vehicle" error={fieldState.error?.message}>
      <SearchPicker
        value={search}
        placeholder="Search by make, model, or VIN..."
        options={options.data ?? []}
        optionKey={(v) => v.id}
        renderOption={(v) => (
          <span className="grid">
            <span className="font-medium">{describe(v)}</span>
            <span className="text-muted-foreground font-mono text-xs">{v.vin ?? 'No VIN'}</span>
          </span>
        )}
        onFocus={() => setSearching(true)}
        onBlur={() => setSearching(false)}
        onChange={(e) => setSearch(e.target.value)}
        onPick={(vehicle) => {
          setPicked(describe(vehicle));
          setSearch('');
          field.onChange(vehicle.id);
        }}
      />
    </FormField>
  );
}
