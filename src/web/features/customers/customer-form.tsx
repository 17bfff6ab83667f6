import { Controller, useForm, type Control, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { carPreferences, customerStatuses, leadSources } from '@shared/customers/options';
import { customerFormSchema, type CustomerFormValues, type CustomerInput } from '@shared/customers/schemas';
import type { CustomerDetail } from '@shared/customers/types';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { OptionField } from '@/components/option-select';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { showServerErrors } from '@/lib/server-errors';
import { DuplicateWarning } from './duplicate-warning';
import { ReferralPicker } from './referral-picker';

export const emptyCustomerForm: CustomerFormValues = {
  name: '',
  status: 'prospect',
  email: '',
  phone: '',
  location: '',
  preferred_cars: [],
  referral_type: 'none',
  referred_by_customer_id: null,
  referred_by_name: '',
  birthday: '',
  notes: '',
  lead_source: '',
  budget: '',
};

/** A saved customer as the form shows it: dollars, and the referral choice read back from the two fields. */
const referralLabels = { none: 'No referral', existing: 'Existing customer', new: 'New person' } as const;
const NO_SOURCE = 'none';

function CarPreferences({ control }: { control: Control<CustomerFormValues, unknown, CustomerInput> }) {
  return (
    <Controller
      control={control}
      name="preferred_cars"
      render={({ field }) => {
        const selected = new Set(field.value ?? []);
        const toggle = (car: string, on: boolean) =>
          field.onChange(carPreferences.filter((c) => (c === car ? on : selected.has(c))));
        return (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Car Preferences</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
              {carPreferences.map((car) => (
                <label key={car} className="flex items-center gap-2 text-sm">
                  <Checkbox checked={selected.has(car)} onCheckedChange={(on) => toggle(car, on === true)} />
                  {car}
                </label>
              ))}
            </div>
          </fieldset>
        );
      }}
    />
  );
}

type Form = UseFormReturn<CustomerFormValues, unknown, CustomerInput>;

/** Who referred the customer: nobody, another customer (picked from the agent's), or a person named here. */
function ReferralFields({ form, customer }: { form: Form; customer?: CustomerDetail }) {
  const { register, control, watch, formState } = form;
  const errors = formState.errors;
  const referralType = watch('referral_type');
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Referral Information</legend>
      <Controller
        control={control}
        name="referral_type"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={field.onChange}
            className="flex flex-wrap gap-4"
            aria-label="Referral Information"
          >
            {(Object.keys(referralLabels) as (keyof typeof referralLabels)[]).map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <RadioGroupItem value={type} />
                {referralLabels[type]}
              </label>
            ))}
          </RadioGroup>
        )}
      />
      {referralType === 'existing' && (
        <Controller
          control={control}
          name="referred_by_customer_id"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor="referred_by_customer_id">Referring Customer</Label>
              <ReferralPicker
                id="referred_by_customer_id"
                value={field.value}
                current={
                  customer?.referred_by_customer_id
                    ? { id: customer.referred_by_customer_id, name: customer.referred_by_customer_name ?? 'Current referrer' }
                    : null
                }
                excludeId={customer?.id}
                ownerId={customer?.user_id}
                onChange={field.onChange}
              />
            </div>
          )}
        />
      )}
      {referralType === 'new' && (
        <FormField label="Referrer Name" htmlFor="referred_by_name" error={errors.referred_by_name?.message}>
          <Input {...register('referred_by_name')} />
        </FormField>
      )}
    </fieldset>
  );
}

/** The lead source, or Referral (fixed) for a referred customer. */
function LeadSourceSelect({ control, referred }: { control: Form['control']; referred: boolean }) {
  return (
    <Controller
      control={control}
      name="lead_source"
      render={({ field }) => (
        <Select
          value={referred ? 'Referral' : field.value || NO_SOURCE}
          onValueChange={(v) => field.onChange(v === NO_SOURCE ? '' : v)}
          disabled={referred}
        >
          <FormField
            label="Lead Source (Optional)"
            htmlFor="lead_source"
            description={referred ? 'Referral, because this customer was referred' : undefined}
          >
            <SelectTrigger className="w-full">
              <SelectValue />
            </SelectTrigger>
          </FormField>
          <SelectContent>
            <SelectItem value={NO_SOURCE}>Not specified</SelectItem>
            {leadSources.map((source) => (
              <SelectItem key={source} value={source}>
                {source}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/** The fields of New Customer and Edit Customer, validated by the shared schema the server also uses. */
export function CustomerForm({
  defaultValues,
  customer,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
}: {
  defaultValues: CustomerFormValues;
  customer?: CustomerDetail;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (input: CustomerInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<CustomerFormValues, unknown, CustomerInput>({ resolver: zodResolver(customerFormSchema), defaultValues });
  const { register, control, watch, formState } = form;
  const errors = formState.errors;
  const referralType = watch('referral_type');

  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      showServerErrors(form.setError, error);
    }
  });

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Full Name" htmlFor="name" error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <OptionField control={control} name="status" label="Status" options={customerStatuses} />
        <FormField label="Email (Optional)" htmlFor="email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email')} />
        </FormField>
        <FormField label="Phone (Optional)" htmlFor="phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...register('phone')} />
        </FormField>
        <DuplicateWarning
          email={watch('email') ?? ''}
          phone={watch('phone') ?? ''}
          excludeId={customer?.id}
          className="sm:col-span-2"
        />
        <FormField label="Location (Optional)" htmlFor="location" error={errors.location?.message} className="sm:col-span-2">
          <Input placeholder="City, State" {...register('location')} />
        </FormField>
      </div>

      <CarPreferences control={control} />

      <ReferralFields form={form} customer={customer} />

      <div className="grid gap-4 sm:grid-cols-2">
        <LeadSourceSelect control={control} referred={referralType !== 'none'} />
        <FormField label="Budget (Optional)" htmlFor="budget" error={errors.budget?.message} description="In dollars">
          <Input inputMode="decimal" placeholder="45000" {...register('budget')} />
        </FormField>
        <FormField
          label="Birthday (Optional)"
          htmlFor="birthday"
          error={errors.birthday?.message}
          description="Used for birthday greetings and special offers"
        >
          <Input type="date" {...register('birthday')} />
        </FormField>
      </div>

      <FormField label="Notes (Optional)" htmlFor="notes" error={errors.notes?.message}>
        <Textarea className="min-h-[80px]" placeholder="Additional notes about the customer..." {...register('notes')} />
      </FormField>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? submittingLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
