import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { agreementFormSchema, AgreementForm } from '@shared/cosigners/schemas';
import type { MinorAgreement } from '@shared/cosigners/types';
import { SearchPicker } from '@/components/search-picker';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCustomerOptions } from '@/features/customers/api';
import { DealPicker } from '@/features/deals';

export type AgreementFormMethods = UseFormReturn<AgreementForm, unknown, z.output<typeof agreementFormSchema>>;
export type PickedCustomer = { id: string; name: string };

/** The customer the agreement is stored with, searched as typed; none makes a new customer for the minor. */
function CustomerPicker({
  text,
  onType,
  onPick,
}: {
  text: string;
  onType: (text: string) => void;
  onPick: (customer: PickedCustomer) => void;
}) {
  const customers = useCustomerOptions(text.trim(), text.trim().length > 0);
  return (
    <div className="grid gap-2">
      <Label htmlFor="agreement-customer">Customer (Optional)</Label>
      <SearchPicker
        id="agreement-customer"
        value={text}
        placeholder="A new customer is made for the minor"
        options={customers.data ?? []}
        optionKey={(option) => option.id}
        renderOption={(option) => (
          <span className="flex justify-between gap-2">
            <span className="truncate">{option.name}</span>
            <span className="text-muted-foreground truncate text-xs">{option.email ?? option.phone ?? ''}</span>
          </span>
        )}
        onChange={(event) => onType(event.target.value)}
        onPick={(option) => onPick({ id: option.id, name: option.name })}
      />
    </div>
  );
}

/** The minor, the parent or guardian, the deal and the customer: the form the Submit button seals. */
export function CustomerInformationCard({
  form,
  onSubmit,
  correcting,
  customerText,
  onCustomerType,
  onCustomerPick,
  round,
}: {
  form: AgreementFormMethods;
  onSubmit: () => void;
  correcting: MinorAgreement | null;
  customerText: string;
  onCustomerType: (text: string) => void;
  onCustomerPick: (customer: PickedCustomer) => void;
  /** Clears the deal picker when the screen starts again. */
  round: number;
}) {
  const errors = form.formState.errors;
  const field = (name: keyof AgreementForm, label: string, props: React.ComponentProps<'input'> = {}) => (
    <FormField label={label} htmlFor={`agreement-${name}`} error={errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </FormField>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Information</CardTitle>
        <CardDescription>
          {correcting
            ? `Correcting the agreement sealed for ${correcting.minor_name}: the new one refers to it.`
            : 'The minor, the parent or guardian who co-signs, and the deal'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          id="agreement-form"
          onSubmit={onSubmit}
          noValidate
          className="grid gap-3 sm:grid-cols-2"
          aria-label="Customer information"
        >
          {field('minor_name', "Minor's Name", { autoComplete: 'off' })}
          {field('minor_age', "Minor's Age", { inputMode: 'numeric' })}
          {field('minor_email', "Minor's Email (Optional)", { type: 'email', autoComplete: 'off' })}
          {field('minor_phone', "Minor's Phone (Optional)", { type: 'tel', autoComplete: 'off' })}
          {field('parent_name', 'Parent/Guardian Name', { autoComplete: 'off' })}
          {field('parent_relationship', 'Relationship to Minor', { placeholder: 'Mother, Father, Guardian…' })}
          {field('parent_email', 'Parent/Guardian Email', { type: 'email', autoComplete: 'off' })}
          {field('parent_phone', 'Parent/Guardian Phone', { type: 'tel', autoComplete: 'off' })}
          <div className="sm:col-span-2">
            {field('vehicle_details', 'Vehicle Details', { placeholder: 'Year, make, model, VIN' })}
          </div>
          {field('deal_amount', 'Deal Amount', { inputMode: 'decimal', placeholder: '$' })}
          {field('deal_date', 'Deal Date', { type: 'date' })}
          <CustomerPicker text={customerText} onType={onCustomerType} onPick={onCustomerPick} />
          <div className="grid gap-2">
            <Label htmlFor="agreement-deal">Deal (Optional)</Label>
            <DealPicker key={round} id="agreement-deal" onChange={(deal) => form.setValue('deal_id', deal?.id)} />
          </div>
          <div className="sm:col-span-2">
            <FormField label="Notes (Optional)" htmlFor="agreement-notes" error={errors.notes?.message}>
              <Textarea rows={3} {...form.register('notes')} />
            </FormField>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
