import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { leadSources } from '@shared/customers/options';
import { manualLeadFormSchema, type ManualLeadFormValues } from '@shared/leads/schemas';
import { OptionField } from '@/components/option-select';
import { FormActions } from '@/components/form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/toast';
import { useAddLead } from './api';

const emptyLead = { name: '', email: '', phone: '', interest: '', budget: '', comments: '', lead_source: 'Phone' } as const;

/**
 * 'Add Lead': a lead taken by phone or at the desk goes through the same intake as every other: it joins the customer
 * with that e-mail or phone, or becomes one; an agent who adds it keeps it, unless the person is another agent's
 * customer, when the lead is passed on to that agent and the server's message says so.
 */
export function AddLeadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddLead();
  const form = useForm<ManualLeadFormValues, unknown, ReturnType<typeof manualLeadFormSchema.parse>>({
    resolver: zodResolver(manualLeadFormSchema),
    defaultValues: emptyLead,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    add.mutateAsync(values).then(
      (outcome) => {
        if ('passed_on' in outcome) notifyInfo('Lead passed on', outcome.message);
        else
          notifySuccess(
            outcome.new_customer ? 'Lead added' : 'Lead added to an existing customer',
            `${outcome.assigned_to ?? 'Nobody'}: ${outcome.assignment_reason}`,
          );
        form.reset(emptyLead);
        onOpenChange(false);
      },
      (error) => {
        if (!showServerErrors(form.setError, error)) notifyError('Error', 'Failed to add the lead. Please try again.');
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Lead</DialogTitle>
          <DialogDescription>
            A lead taken by phone, at the desk or at a show. An email or a phone number is needed.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField label="Full Name" htmlFor="lead-name" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Email" htmlFor="lead-email" error={errors.email?.message}>
              <Input type="email" autoComplete="off" {...form.register('email')} />
            </FormField>
            <FormField label="Phone" htmlFor="lead-phone" error={errors.phone?.message}>
              <Input type="tel" autoComplete="off" {...form.register('phone')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <OptionField control={form.control} name="lead_source" label="Lead Source" options={leadSources} />
            <FormField label="Budget ($)" htmlFor="lead-budget" error={errors.budget?.message}>
              <Input inputMode="decimal" autoComplete="off" {...form.register('budget')} />
            </FormField>
          </div>
          <FormField label="Vehicle of interest" htmlFor="lead-interest" error={errors.interest?.message}>
            <Input placeholder="2024 Toyota RAV4" autoComplete="off" {...form.register('interest')} />
          </FormField>
          <FormField label="Comments" htmlFor="lead-comments" error={errors.comments?.message}>
            <Textarea rows={3} {...form.register('comments')} />
          </FormField>
          <FormActions
            onCancel={() => onOpenChange(false)}
            pending={form.formState.isSubmitting}
            submitLabel="Add Lead"
            pendingLabel="Adding..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
