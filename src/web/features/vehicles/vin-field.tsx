import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import type { VehicleFormOutput, VehicleFormValues } from '@shared/vehicles/schemas';
import { checkDigitWarning, checkVin, vinMessages } from '@shared/vehicles/vin';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useVinDuplicate } from './api';

type VehicleForm = UseFormReturn<VehicleFormValues, unknown, VehicleFormOutput>;

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || Number.isNaN(value);

function Note({ tone, children }: { tone: 'ok' | 'warn'; children: React.ReactNode }) {
  const Icon = tone === 'ok' ? CheckCircle2 : AlertTriangle;
  return (
    <p
      className={`flex items-start gap-1.5 text-sm ${tone === 'ok' ? 'text-muted-foreground' : 'text-amber-700 dark:text-warning'}`}
    >
      <Icon className={`mt-0.5 size-4 shrink-0 ${tone === 'ok' ? 'text-success' : ''}`} aria-hidden />
      <span>{children}</span>
    </p>
  );
}

/**
 * The VIN, read as it is typed: a well-formed VIN fills an empty Make and Year, a check digit that does not add up
 * and a VIN already in the inventory are warnings, never blocks.
 */
export function VinField({ form, excludeId }: { form: VehicleForm; excludeId?: string }) {
  const typed = String(form.watch('vin') ?? '');
  const check = useMemo(() => checkVin(typed), [typed]);
  const wellFormed = check.vin.length > 0 && check.errors.length === 0;
  const duplicate = useVinDuplicate(wellFormed ? check.vin : '', excludeId).data?.duplicate;
  const { getValues, setValue } = form;

  useEffect(() => {
    if (!wellFormed) return;
    if (check.make && isBlank(getValues('make'))) setValue('make', check.make, { shouldValidate: true, shouldDirty: true });
    if (check.modelYear && isBlank(getValues('year')))
      setValue('year', check.modelYear, { shouldValidate: true, shouldDirty: true });
  }, [wellFormed, check, getValues, setValue]);

  const registered = form.register('vin');
  const warning = checkDigitWarning(check);
  const decoded = [check.modelYear, check.make].filter(Boolean).join(' ');
  const formError = form.formState.errors.vin?.message;
  const showLengthHint = check.vin.length > 0 && check.vin.length < 17 && !formError;
  // Wrong letters are worth saying at once; a short VIN is only unfinished.
  const liveError = formError ? undefined : check.errors.find((e) => e !== vinMessages.length || check.vin.length > 17);

  return (
    <div className="grid gap-2">
      <FormField label="VIN (Optional)" htmlFor="vin" error={formError ?? liveError}>
        <Input
          {...registered}
          onChange={(event) => {
            event.target.value = event.target.value.toUpperCase();
            return registered.onChange(event);
          }}
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
          placeholder="17 characters"
        />
      </FormField>
      {showLengthHint && <p className="text-muted-foreground text-sm">{check.vin.length} of 17 characters</p>}
      {wellFormed && !warning && <Note tone="ok">Check digit valid{decoded && ` · ${decoded}`}</Note>}
      {wellFormed && warning && (
        <Note tone="warn">
          {warning}
          {decoded && ` Reads as ${decoded}.`}
        </Note>
      )}
      {duplicate && (
        <Note tone="warn">
          Possible duplicate:{' '}
          <Link to={`/inventory/${duplicate.id}`} target="_blank" className="font-medium underline underline-offset-4">
            {duplicate.year} {duplicate.make} {duplicate.model}
          </Link>{' '}
          already has this VIN.
        </Note>
      )}
    </div>
  );
}
