import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { z } from 'zod';
import { composeSchema } from '@shared/emails/schemas';
import { deliveryStateOf } from '@shared/outbox/delivery';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/toast';
import { useSendEmail } from './api';
import { RecipientConsentNote, useRecipient } from './recipient-consent';
import { TransactionalField } from './transactional-field';

type Form = z.input<typeof composeSchema>;

/**
 * Compose: to, subject, message; sent through Torque's mail server, and kept on the customer's timeline. The address's
 * e-mail consent shows under To; an opted-out address takes only a message marked transactional.
 */
export function ComposeForm() {
  const form = useForm<Form, unknown, z.output<typeof composeSchema>>({
    resolver: zodResolver(composeSchema),
    defaultValues: { to: '', subject: '', message: '', transactional: false },
  });
  const send = useSendEmail();
  const recipient = useRecipient(form.watch('to'));
  const errors = form.formState.errors;
  // The spec's one message for any missing field is shown once, under the form.
  const message = errors.to?.message ?? errors.subject?.message ?? errors.message?.message;
  const submit = form.handleSubmit((input) =>
    send.mutate(input, {
      onSuccess: (sent) => {
        const to = sent.customer ? sent.customer.name : sent.to_address;
        const state = sent.delivery ? deliveryStateOf(sent.delivery) : 'sent';
        if (state === 'held') notifyInfo('Email Held', `No mail server is set up, so the mail to ${to} waits in the outbox.`);
        else if (state === 'sent') notifySuccess('Email Sent', `To ${to}`);
        else notifySuccess('Email Queued', `To ${to}. Sent shows when it has gone.`);
        form.reset();
      },
      onError: (error) => {
        showServerErrors(form.setError, error);
        notifyError('Failed to send email', errorMessage(error, 'Please try again.'));
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Compose</CardTitle>
        <CardDescription>Mail to a customer's address is kept on their timeline</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Compose an e-mail">
          <FormField label="To" htmlFor="email-to" description={recipient && <RecipientConsentNote recipient={recipient} />}>
            <Input type="email" autoComplete="off" placeholder="customer@example.com" {...form.register('to')} />
          </FormField>
          <FormField label="Subject" htmlFor="email-subject">
            <Input placeholder="Your vehicle" {...form.register('subject')} />
          </FormField>
          <FormField label="Message" htmlFor="email-message">
            <Textarea rows={6} placeholder="Type your message..." {...form.register('message')} />
          </FormField>
          <TransactionalField control={form.control} name="transactional" id="email-transactional" />
          {message && (
            <p role="alert" className="text-destructive text-sm wrap-anywhere">
              {message}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={send.isPending}>
            <Send /> {send.isPending ? 'Sending...' : 'Send Email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
