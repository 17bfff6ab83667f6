import { useState } from 'react';
import { vehicleName, type VehicleOption } from '@shared/vehicles/types';
import { SearchPicker } from '@/components/search-picker';
import { FormField } from '@/components/ui/form-field';
import { useDebounced } from '@/hooks/use-debounced';
import { formatCents } from '@/lib/format';
import { useVehicleOptions } from './api';

/**
 * A vehicle picked from inventory by make, model or VIN: each suggestion names the vehicle and its VIN, and with
 * `withPrice` its price and status too. The field empties once a vehicle is picked; the caller shows the choice.
 */
export function VehicleSearchPicker({
  id,
  label,
  error,
  onPick,
  withPrice = false,
}: {
  id: string;
  label: string;
  error?: string;
  onPick: (vehicle: VehicleOption) => void;
  withPrice?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const options = useVehicleOptions(useDebounced(search.trim(), 250), searching);
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <SearchPicker
        value={search}
        placeholder="Search by make, model, or VIN..."
        options={options.data ?? []}
        optionKey={(v) => v.id}
        renderOption={(v) => (
          <span className="flex items-center justify-between gap-2">
            <span className="grid">
              <span className="font-medium">{vehicleName(v)}</span>
              <span className="text-muted-foreground font-mono text-xs">{v.vin ?? 'No VIN'}</span>
            </span>
            {withPrice && (
              <span className="text-right text-xs">
                <span className="block tabular-nums">{formatCents(v.price_cents)}</span>
                <span className="text-muted-foreground">{v.status}</span>
              </span>
            )}
          </span>
        )}
        onFocus={() => setSearching(true)}
        onBlur={() => setSearching(false)}
        onChange={(e) => setSearch(e.target.value)}
        onPick={(vehicle) => {
          setSearch('');
          onPick(vehicle);
        }}
      />
    </FormField>
  );
}
