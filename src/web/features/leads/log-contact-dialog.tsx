import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contactKindLabels, contactKinds, contactLogSchema, type ContactLog } from '@shared/leads/schemas';
import { OptionSelect } from '@/components/option-select';
import { FormActions } from '@/components/form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useLogContact } from './api';

type FormValues = { kind: ContactLog['kind'] | undefined; note: string };

/** Writes a call, text, meeting or note with the lead's customer on their timeline; the first one answers the lead. */
export function LogContactDialog({
  leadId,
  customerName,
  open,
  onOpenChange,
}: {
  leadId: string;
  customerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const log = useLogContact(leadId);
  const form = useForm<FormValues, unknown, ContactLog>({
    resolver: zodResolver(contactLogSchema) as never,
    defaultValues: { kind: 'call', note: '' },
  });
  const submit = form.handleSubmit((values) =>
    log.mutateAsync(values).then(
      () => {
        notifySuccess(
          'Contact logged',
          `Your ${contactKindLabels[values.kind].toLowerCase()} with ${customerName} is on their timeline.`,
        );
        form.reset();
        onOpenChange(false);
      },
      (error) => {
        if (!showServerErrors(form.setError, error)) notifyError('Error', 'Failed to log the contact. Please try again.');
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Log contact</DialogTitle>
          <DialogDescription>
            How you reached {customerName}, for their timeline and the lead&apos;s answer time.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Controller
            control={form.control}
            name="kind"
            render={({ field, fieldState }) => (
              <FormField label="Contact" htmlFor="contact-kind" error={fieldState.error?.message}>
                <OptionSelect
                  value={field.value}
                  onValueChange={field.onChange}
                  options={contactKinds}
                  labels={contactKindLabels}
                />
              </FormField>
            )}
          />
          <FormField label="Note" htmlFor="contact-note" error={form.formState.errors.note?.message}>
            <Textarea rows={3} placeholder="What was said, what comes next" {...form.register('note')} />
          </FormField>
          <FormActions
            onCancel={() => onOpenChange(false)}
            pending={form.formState.isSubmitting}
            submitLabel="Log contact"
            pendingLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
