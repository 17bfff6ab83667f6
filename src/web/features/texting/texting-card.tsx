import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { twilioInputSchema, type TextingProvider } from '@shared/texting/types';
import { QueryState } from '@/components/query-state';
import { CopyField } from '@/components/secret-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useRemoveTextingProvider, useSaveTwilio, useTextingProvider } from './api';

type Form = z.input<typeof twilioInputSchema>;

/** An address to give Twilio, with a Copy button. */
function CopyLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <p className="text-sm font-medium">{label}</p>
      <CopyField value={value} what={label} copyLabel={`Copy the ${label.toLowerCase()}`} />
    </div>
  );
}

function TwilioForm({ provider }: { provider: TextingProvider }) {
  const form = useForm<Form, unknown, z.output<typeof twilioInputSchema>>({
    resolver: zodResolver(twilioInputSchema),
    values: { account_sid: provider.account_sid ?? '', auth_token: '', sender: provider.sender ?? '' },
  });
  const save = useSaveTwilio();
  const remove = useRemoveTextingProvider();
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => notifySuccess('Texting provider saved', 'Texts are sent through Twilio from now on.'),
      onError: (failure) => {
        showServerErrors(form.setError, failure);
        notifyError('Could not save the texting provider', errorMessage(failure, 'Please try again.'));
      },
    }),
  );
  return (
    <div className="grid gap-4">
      <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Twilio account">
        <FormField label="Account SID" htmlFor="twilio-account-sid" error={errors.account_sid?.message}>
          <Input autoComplete="off" spellCheck={false} placeholder="AC…" {...form.register('account_sid')} />
        </FormField>
        <FormField
          label="Auth Token"
          htmlFor="twilio-auth-token"
          error={errors.auth_token?.message}
          description={provider.auth_token_set ? 'Saved and never shown again; leave blank to keep it.' : undefined}
        >
          <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register('auth_token')} />
        </FormField>
        <FormField
          label="Send from"
          htmlFor="twilio-sender"
          error={errors.sender?.message}
          description="A number of the account (+15551234567) or a Messaging Service SID (MG…)"
        >
          <Input autoComplete="off" spellCheck={false} placeholder="+15551234567" {...form.register('sender')} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            <Save /> {save.isPending ? 'Checking with Twilio...' : 'Save'}
          </Button>
          {provider.provider && (
            <Button
              type="button"
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                window.confirm('Stop sending texts through Twilio? Texts then go to the SMS webhook, or wait for one.') &&
                remove.mutate(undefined, {
                  onSuccess: () => notifySuccess('Texting provider removed', 'Texts are no longer sent through Twilio.'),
                  onError: (failure) =>
                    notifyError('Could not remove the texting provider', errorMessage(failure, 'Please try again.')),
                })
              }
            >
              <Trash2 /> Remove
            </Button>
          )}
        </div>
      </form>
      <div className="grid gap-3">
        <CopyLine label="A message comes in (webhook, HTTP POST)" value={provider.messages_url} />
        <p className="text-muted-foreground text-sm">
          Paste this address into your number&apos;s (or Messaging Service&apos;s) incoming message webhook in the Twilio Console.
          Delivery reports come back to {provider.status_url} by themselves. Opt-out keywords such as STOP are answered by Twilio
          and recorded in each customer&apos;s consent.
        </p>
      </div>
    </div>
  );
}

/** Where texts leave through: a Twilio account of the dealership's, or else the SMS outgoing webhook. */
export function TextingCard() {
  const provider = useTextingProvider();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Texting
          {provider.data && (
            <Badge variant={provider.data.provider ? 'default' : 'outline'}>
              {provider.data.provider ? 'Twilio' : 'Not set'}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          Texts (appointment reminders, SMS offers, opt-out confirmations) are sent through your Twilio account, with delivery
          reports and replies coming back to Torque. Without one, they go to the SMS outgoing webhook.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={provider} loadingMessage="Loading texting provider..." failedMessage="Failed to load texting provider">
          {(data) => <TwilioForm provider={data} />}
        </QueryState>
      </CardContent>
    </Card>
  );
}
