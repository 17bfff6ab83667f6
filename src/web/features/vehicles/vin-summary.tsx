import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { Vehicle } from '@shared/vehicles/types';
import { checkDigitWarning, checkVin } from '@shared/vehicles/vin';

/** What the stored VIN says, checked offline, under the vehicle's details. */
export function VinSummary({ vehicle }: { vehicle: Vehicle }) {
  const check = checkVin(vehicle.vin ?? '');
  const warning = checkDigitWarning(check);
  const decoded = [check.modelYear, check.make].filter(Boolean).join(' ');
  return (
    <p className="text-muted-foreground mt-4 flex items-start gap-1.5 border-t pt-4 text-sm">
      {warning ? (
        <AlertTriangle className="text-warning mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CheckCircle2 className="text-success mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <span>
        {warning ?? 'VIN check digit valid.'}
        {decoded && ` The VIN reads as ${decoded}.`}
      </span>
    </p>
  );
}
