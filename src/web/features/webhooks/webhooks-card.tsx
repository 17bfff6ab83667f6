import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw, Save, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import {
  webhookEndpointInputSchema,
  webhookEventDescriptions,
  webhookEventLabels,
  type WebhookEndpoint,
} from '@shared/webhooks/types';
import { QueryState } from '@/components/query-state';
import { SecretField } from '@/components/secret-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useRemoveWebhook, useRotateWebhookSecret, useSaveWebhook, useWebhookEndpoints } from './api';

type Form = z.input<typeof webhookEndpointInputSchema>;

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const label = webhookEventLabels[endpoint.event];
  const id = `webhook-${endpoint.event}`;
  const form = useForm<Form, unknown, z.output<typeof webhookEndpointInputSchema>>({
    resolver: zodResolver(webhookEndpointInputSchema),
    values: { url: endpoint.url ?? '', allow_private: endpoint.allow_private },
  });
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const error = form.formState.errors.url?.message;
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { event: endpoint.event, ...input },
      {
        onSuccess: () => notifySuccess('Webhook saved', `${label} calls go to this address from now on.`),
        onError: (failure) => {
          showServerErrors(form.setError, failure);
          notifyError('Could not save the webhook', errorMessage(failure, 'Please try again.'));
        },
      },
    ),
  );
  return (
    <li className="grid gap-2 border-t pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-medium">{label}</p>
        <Badge variant={endpoint.configured ? 'default' : 'outline'}>{endpoint.configured ? 'Set' : 'Not set'}</Badge>
      </div>
      <p className="text-muted-foreground text-sm">{webhookEventDescriptions[endpoint.event]}</p>
      <form onSubmit={submit} noValidate className="grid gap-2" aria-label={`${label} webhook`}>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://hooks.zapier.com/hooks/catch/..."
            aria-label={`${label} webhook URL`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('url')}
          />
          <Button type="submit" variant="outline" disabled={save.isPending}>
            <Save /> Save
          </Button>
        </div>
        {error && (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {error}
          </p>
        )}
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-private`}
            checked={form.watch('allow_private')}
            onCheckedChange={(checked) => form.setValue('allow_private', checked === true, { shouldDirty: true })}
          />
          <Label htmlFor={`${id}-private`} className="text-sm font-normal">
            Allow private addresses (a service on this network)
          </Label>
        </div>
      </form>
      {endpoint.secret && (
        <div className="flex flex-wrap items-center gap-2">
          <SecretField secret={endpoint.secret} label={label} />
          <Button
            variant="outline"
            size="sm"
            disabled={rotate.isPending}
            onClick={() =>
              window.confirm('The receiver will have to check calls with the new secret. Make a new secret?') &&
              rotate.mutate(endpoint.event, {
                onSuccess: () => notifySuccess('Secret changed', `Give the new secret to the ${label.toLowerCase()} receiver.`),
                onError: (failure) => notifyError('Could not change the secret', errorMessage(failure, 'Please try again.')),
              })
            }
          >
            <RefreshCw /> Rotate
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              window.confirm(`Stop sending ${label.toLowerCase()} calls?`) &&
              remove.mutate(endpoint.event, {
                onSuccess: () => notifySuccess('Webhook removed', `${label} calls are no longer sent.`),
                onError: (failure) => notifyError('Could not remove the webhook', errorMessage(failure, 'Please try again.')),
              })
            }
          >
            <Trash2 /> Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Where Torque calls other services (a Zapier hook, an SMS gateway), one address per event. Each call is signed with
 * the endpoint's secret: X-Torque-Signature is sha256= and the HMAC-SHA256 of the X-Torque-Timestamp value, a dot and
 * the body.
 */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outgoing webhooks</CardTitle>
        <CardDescription>
          Torque calls these addresses and signs every call: X-Torque-Signature is sha256= and the HMAC-SHA256 of the
          X-Torque-Timestamp value, a dot and the body. Failed calls are retried for about an hour.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={endpoints} loadingMessage="Loading webhooks..." failedMessage="Failed to load webhooks">
          {(items) => (
            <ul className="grid gap-4">
              {items.map((endpoint) => (
                <EndpointRow key={endpoint.event} endpoint={endpoint} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
