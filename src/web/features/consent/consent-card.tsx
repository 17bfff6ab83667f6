import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  consentChannelLabels,
  consentChannels,
  consentInputSchema,
  consentSourceLabels,
  consentStatusLabels,
  consentStatuses,
  recordableSources,
  type ConsentChannel,
} from '@shared/consent/schemas';
import type { ConsentEntry } from '@shared/consent/types';
import { OptionField } from '@/components/option-select';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useConsent, useRecordConsent } from './api';

function ConsentBadge({ entry }: { entry: ConsentEntry | null }) {
  if (!entry) return <Badge variant="outline">No consent</Badge>;
  return <Badge variant={entry.status === 'opted_in' ? 'success' : 'destructive'}>{consentStatusLabels[entry.status]}</Badge>;
}

const describe = (entry: ConsentEntry) =>
  `${consentChannelLabels[entry.channel]} ${consentStatusLabels[entry.status].toLowerCase()} · ${consentSourceLabels[entry.source]} · ${
    entry.recorded_by_name ?? 'the customer'
  }`;

/**
 * Whether the customer may be sent offers by e-mail and by SMS, with the ledger of every change: who recorded it, how
 * the customer said it, and the words they agreed to. No consent recorded means none given.
 */
export function ConsentCard({ customerId }: { customerId: string }) {
  const consent = useConsent(customerId);
  const [recording, setRecording] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact consent</CardTitle>
        <CardDescription>Offers and marketing go only where the customer has opted in</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={consent} loadingMessage="Loading consent..." failedMessage="Failed to load consent">
          {(state) => (
            <>
              <dl className="grid grid-cols-2 gap-3">
                {consentChannels.map((channel) => (
                  <div key={channel} className="grid gap-1">
                    <dt className="text-muted-foreground text-sm">{consentChannelLabels[channel]}</dt>
                    <dd>
                      <ConsentBadge entry={state.current[channel]} />
                    </dd>
                  </div>
                ))}
              </dl>
              {recording ? (
                <ConsentForm customerId={customerId} onDone={() => setRecording(false)} />
              ) : (
                <Button variant="outline" className="justify-self-start" onClick={() => setRecording(true)}>
                  Record a change
                </Button>
              )}
              {state.history.length > 0 && (
                <ol className="grid gap-2 border-t pt-3" aria-label="Consent history">
                  {state.history.map((entry) => (
                    <li key={entry.id} className="text-sm">
                      <p>{describe(entry)}</p>
                      {entry.wording && <p className="text-muted-foreground break-words">“{entry.wording}”</p>}
                      <time className="text-muted-foreground text-xs" dateTime={entry.recorded_at}>
                        {formatDateTime(entry.recorded_at)}
                      </time>
                    </li>
                  ))}
                </ol>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

type Form = z.input<typeof consentInputSchema>;

function ConsentForm({ customerId, onDone }: { customerId: string; onDone: () => void }) {
  const record = useRecordConsent(customerId);
  const form = useForm<Form, unknown, z.output<typeof consentInputSchema>>({
    resolver: zodResolver(consentInputSchema),
    defaultValues: { channel: 'email' as ConsentChannel, status: 'opted_in', source: 'in_person', wording: '' },
  });
  const submit = form.handleSubmit((input) =>
    record.mutate(input, {
      onSuccess: () => {
        notifySuccess(
          'Consent recorded',
          `${consentChannelLabels[input.channel]}: ${consentStatusLabels[input.status].toLowerCase()}`,
        );
        onDone();
      },
      onError: (error) => {
        showServerErrors(form.setError, error);
        notifyError('Failed to record consent', errorMessage(error, 'Please try again.'));
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-md border p-3" aria-label="Record a consent change">
      <div className="grid gap-3 sm:grid-cols-3">
        <OptionField
          control={form.control}
          name="channel"
          label="Channel"
          options={consentChannels}
          labels={consentChannelLabels}
        />
        <OptionField
          control={form.control}
          name="status"
          label="Consent"
          options={consentStatuses}
          labels={consentStatusLabels}
        />
        <OptionField control={form.control} name="source" label="How" options={recordableSources} labels={consentSourceLabels} />
      </div>
      <FormField
        label="Words the customer agreed to"
        htmlFor="consent-wording"
        error={form.formState.errors.wording?.message}
        description="Needed when they opt in, e.g. 'Yes, send me offers from Torque Auto Brokerage by e-mail.'"
      >
        <Textarea rows={2} {...form.register('wording')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
