import { useState } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { Link2, Unlink } from 'lucide-react';
import type { CustomerChoice } from '@shared/customers/types';
import type { DealFormInput, DealFormValues } from '@shared/deals/schemas';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCurrentSession } from '@/features/auth/api';
import { useCustomerLookup } from '@/features/customers/api';
import { SearchPicker } from '@/components/search-picker';
import { useDebounced } from '@/hooks/use-debounced';
import { ExistingCustomerOffer, whose } from './deal-existing-customer';

export type DealForm = UseFormReturn<DealFormInput, unknown, DealFormValues>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The deal's customer: picked from every customer the user may see (showing whose each is), or typed as a new one,
 * with any customer who already has the typed e-mail or phone offered instead.
 */
export function DealCustomerFields({ form }: { form: DealForm }) {
  const { register, formState, setValue, watch } = form;
  const { user } = useCurrentSession();
  const errors = formState.errors;
  const name = useController({ control: form.control, name: 'customer_name' });
  const customerId = watch('customer_id');
  const createCustomer = watch('create_customer');
  const [searching, setSearching] = useState(false);
  const q = useDebounced(text(name.field.value).trim(), 250);
  const options = useCustomerLookup(q, searching && !customerId && q.length > 0);

  /** Links the deal to the customer; a deal is its customer's agent's, so another user's customer brings their agent. */
  const use = (c: CustomerChoice) => {
    setValue('customer_name', c.name, { shouldDirty: true, shouldValidate: true });
    setValue('customer_phone', c.phone ?? '', { shouldDirty: true, shouldValidate: true });
    setValue('customer_email', c.email ?? '', { shouldDirty: true, shouldValidate: true });
    setValue('customer_id', c.id, { shouldDirty: true });
    if (c.user_id !== form.getValues('user_id')) {
      setValue('user_id', c.user_id, { shouldDirty: true });
      setValue('agent_name', c.owner_name, { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Customer Name" htmlFor="customer_name" error={errors.customer_name?.message} className="sm:col-span-2">
        <SearchPicker
          ref={name.field.ref}
          name={name.field.name}
          value={text(name.field.value)}
          placeholder="Start typing to find a customer"
          options={customerId ? [] : (options.data ?? [])}
          optionKey={(c) => c.id}
          renderOption={(c) => (
            <span className="grid">
              <span className="font-medium">{c.name}</span>
              <span className="text-muted-foreground text-xs">
                {[c.email, c.phone].filter(Boolean).join(' · ') || 'No contact details'}
              </span>
              <span className="text-muted-foreground text-xs">{whose(c, user.id)}</span>
            </span>
          )}
          onFocus={() => setSearching(true)}
          onBlur={() => {
            setSearching(false);
            name.field.onBlur();
          }}
          onChange={(e) => {
            name.field.onChange(e.target.value);
            if (customerId) setValue('customer_id', null, { shouldDirty: true });
          }}
          onPick={use}
        />
      </FormField>
      <div className="text-sm sm:col-span-2">
        {customerId ? (
          <p className="text-muted-foreground flex flex-wrap items-center gap-2">
            <Link2 className="size-4" aria-hidden /> Linked to the customer record.
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => setValue('customer_id', null, { shouldDirty: true })}
            >
              <Unlink /> Unlink
            </Button>
          </p>
        ) : (
          <div className="flex items-center gap-2">
            <Checkbox
              id="create_customer"
              checked={Boolean(createCustomer)}
              onCheckedChange={(checked) => setValue('create_customer', checked === true, { shouldDirty: true })}
            />
            <Label htmlFor="create_customer" className="font-normal">
              Save as a new customer when the deal is saved
            </Label>
          </div>
        )}
      </div>
      <FormField label="Phone (Optional)" htmlFor="customer_phone" error={errors.customer_phone?.message}>
        <Input type="tel" autoComplete="off" {...register('customer_phone')} />
      </FormField>
      <FormField label="Email (Optional)" htmlFor="customer_email" error={errors.customer_email?.message}>
        <Input type="email" autoComplete="off" {...register('customer_email')} />
      </FormField>
      {!customerId && (
        <div className="sm:col-span-2">
          <ExistingCustomerOffer
            email={text(watch('customer_email'))}
            phone={text(watch('customer_phone'))}
            userId={user.id}
            onUse={use}
          />
        </div>
      )}
    </div>
  );
}
