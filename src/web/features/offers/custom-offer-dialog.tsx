import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import type { z } from 'zod';
import { customOfferInputSchema, type CustomOfferInput } from '@shared/offers/schemas';
import type { CustomOffer } from '@shared/offers/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateCustomOffer } from './api';

const requiredFields: (keyof CustomOfferInput)[] = ['make', 'model', 'year', 'price'];
const empty: CustomOfferInput = {
  make: '',
  model: '',
  year: '',
  price: '',
  original_price: '',
  mileage: '',
  color: '',
  features: '',
};

/** Create Custom Offer: make, model, year and price required; the new offer is selected. */
export function CustomOfferDialog({ onCreated }: { onCreated: (offer: CustomOffer) => void }) {
  const [open, setOpen] = useState(false);
  const form = useForm<CustomOfferInput, unknown, z.output<typeof customOfferInputSchema>>({
    resolver: zodResolver(customOfferInputSchema),
    defaultValues: empty,
  });
  const create = useCreateCustomOffer();
  const errors = form.formState.errors;
  const required = [errors.make, errors.model, errors.year, errors.price].find((e) => e?.message)?.message;
  // Checked here with the server's schema, then sent as typed: the server reads it the same way.
  const submit = form.handleSubmit(
    () =>
      create.mutate(form.getValues(), {
        onSuccess: (offer) => {
          notifySuccess('Custom Offer Created', `${offer.year} ${offer.make} ${offer.model} is selected.`);
          onCreated(offer);
          form.reset(empty);
          setOpen(false);
        },
        onError: (error) => {
          showServerErrors(form.setError, error);
          notifyError('Error', errorMessage(error, 'The offer could not be saved.'));
        },
      }),
    () => required && notifyError('Error', required),
  );
  const field = (name: keyof CustomOfferInput, label: string, props: React.ComponentProps<'input'> = {}) => (
    // The four required fields share the spec's one message, shown once under the form.
    <FormField label={label} htmlFor={`offer-${name}`} error={requiredFields.includes(name) ? undefined : errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </FormField>
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Plus /> Create Custom Offer
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Custom Offer</DialogTitle>
          <DialogDescription>For a vehicle that is not in inventory. Make, model, year and price are required.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label="Create a custom offer">
          {field('make', 'Make *', { placeholder: 'BMW' })}
          {field('model', 'Model *', { placeholder: 'X5' })}
          {field('year', 'Year *', { inputMode: 'numeric', placeholder: '2023' })}
          {field('price', 'Price *', { inputMode: 'decimal', placeholder: '$45,900' })}
          {field('original_price', 'Original Price', { inputMode: 'decimal', placeholder: '$49,900' })}
          {field('mileage', 'Mileage', { inputMode: 'numeric', placeholder: '0' })}
          {field('color', 'Color', { placeholder: 'Black' })}
          <div className="sm:col-span-2">
            {field('features', 'Features (comma separated)', { placeholder: 'Sunroof, Heated seats' })}
          </div>
          {required && (
            <p role="alert" className="text-destructive text-sm sm:col-span-2">
              {required}
            </p>
          )}
          <Button type="submit" className="sm:col-span-2" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Offer'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
