import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { vehicleConditionLabels, vehicleConditions, vehicleStatuses } from '@shared/vehicles/options';
import { MakeSuggestions } from './make-suggestions';
import { formToVehicleInput, vehicleFormField } from '@shared/vehicles/form';
import {
  maxVehicleYear,
  vehicleFormSchema,
  type VehicleFormOutput,
  type VehicleFormValues,
  type VehicleInput,
} from '@shared/vehicles/schemas';
import { FormActions } from '@/components/form-actions';
import { showServerErrors } from '@/lib/server-errors';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { OptionField } from '@/components/option-select';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FeaturesField } from './features-field';
import { VinField } from './vin-field';

type Props = {
  defaultValues: Partial<VehicleFormValues>;
  onSubmit: (input: VehicleInput) => void;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The server's refusal of the last save, whose field messages go next to their fields. */
  serverErrors?: unknown;
  /** The vehicle being edited, which is no duplicate of itself. */
  vehicleId?: string;
};

/** The vehicle's fields, shared by New Vehicle and Edit Vehicle. */
export function VehicleForm({
  defaultValues,
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  serverErrors,
  vehicleId,
}: Props) {
  const form = useForm<VehicleFormValues, unknown, VehicleFormOutput>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues,
  });
  const { register, control, formState, setError } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (serverErrors) showServerErrors(setError, serverErrors, vehicleFormField);
  }, [serverErrors, setError]);

  const number = { valueAsNumber: true } as const;

  return (
    <form className="grid gap-6" noValidate onSubmit={form.handleSubmit((values) => onSubmit(formToVehicleInput(values)))}>
      <Card>
        <CardHeader>
          <CardTitle>Vehicle Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <VinField form={form} excludeId={vehicleId} />
          </div>
          <FormField label="Make" htmlFor="make" error={errors.make?.message}>
            <Input {...register('make')} list="make-suggestions" autoComplete="off" placeholder="e.g. BMW" />
          </FormField>
          <MakeSuggestions id="make-suggestions" />
          <FormField label="Model" htmlFor="model" error={errors.model?.message}>
            <Input {...register('model')} autoComplete="off" placeholder="e.g. X5" />
          </FormField>
          <FormField label="Year" htmlFor="year" error={errors.year?.message}>
            <Input {...register('year', number)} type="number" inputMode="numeric" min={1900} max={maxVehicleYear()} step={1} />
          </FormField>
          <FormField label="Color (Optional)" htmlFor="color" error={errors.color?.message}>
            <Input {...register('color')} autoComplete="off" />
          </FormField>
          <FormField label="Mileage" htmlFor="mileage" error={errors.mileage?.message}>
            <Input {...register('mileage', number)} type="number" inputMode="numeric" min={0} step={1} />
          </FormField>
          <FormField label="Price ($)" htmlFor="price" error={errors.price?.message}>
            <Input {...register('price', number)} type="number" inputMode="decimal" min={0} step={0.01} />
          </FormField>
          <OptionField control={control} name="status" label="Status" options={vehicleStatuses} />
          <OptionField
            control={control}
            name="condition"
            label="Condition"
            options={vehicleConditions}
            labels={vehicleConditionLabels}
          />
          <FormField label="Location (Optional)" htmlFor="location" error={errors.location?.message}>
            <Input {...register('location')} placeholder="e.g. Main lot, Austin, TX" />
          </FormField>
          <Controller
            control={control}
            name="listed"
            render={({ field }) => (
              <div className="flex items-start gap-3 sm:col-span-2">
                <Checkbox
                  id="listed"
                  checked={field.value ?? true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  aria-describedby="listed-hint"
                />
                <div className="grid gap-1 leading-none">
                  <Label htmlFor="listed">List online</Label>
                  <p id="listed-hint" className="text-muted-foreground text-sm">
                    While it is available, the vehicle has a public page and is in the listing feeds.
                  </p>
                </div>
              </div>
            )}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Contact Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <FormField label="Contact Name (Optional)" htmlFor="contact_name" error={errors.contact_name?.message}>
            <Input {...register('contact_name')} autoComplete="off" />
          </FormField>
          <FormField label="Contact Phone (Optional)" htmlFor="contact_phone" error={errors.contact_phone?.message}>
            <Input {...register('contact_phone')} type="tel" autoComplete="off" />
          </FormField>
          <FormField label="Contact Email (Optional)" htmlFor="contact_email" error={errors.contact_email?.message}>
            <Input {...register('contact_email')} type="email" autoComplete="off" />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardContent className="grid gap-6">
          <Controller
            control={control}
            name="features"
            render={({ field }) => <FeaturesField value={field.value ?? []} onChange={field.onChange} />}
          />
          <FormField label="Notes (Optional)" htmlFor="notes" error={errors.notes?.message}>
            <Textarea {...register('notes')} className="min-h-20" />
          </FormField>
        </CardContent>
      </Card>

      <FormActions onCancel={onCancel} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
