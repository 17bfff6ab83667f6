import { RefreshCw } from 'lucide-react';
import { hookLabels, type HookSecret } from '@shared/inbound-hooks/types';
import { QueryState } from '@/components/query-state';
import { CopyField, SecretField } from '@/components/secret-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useHookSecrets, useRotateHookSecret } from './api';

function HookRow({ hook }: { hook: HookSecret }) {
  const rotate = useRotateHookSecret();
  const url = `${location.origin}${hook.path}`;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)] gap-2 border-t pt-3 first:border-t-0 first:pt-0">
      <p className="text-sm font-medium">{hookLabels[hook.name]}</p>
      <CopyField value={url} what="Webhook address" copyLabel={`Copy the ${hookLabels[hook.name]} address`} />
      <div className="flex items-center gap-2">
        <SecretField secret={hook.secret} label={hookLabels[hook.name]} />
        <Button
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() =>
            window.confirm('Calls signed with the current secret will be refused. Make a new secret?') &&
            rotate.mutate(hook.name, {
              onSuccess: () =>
                notifySuccess('Secret changed', `Give the new secret to the ${hookLabels[hook.name].toLowerCase()} service.`),
              onError: (error) => notifyError('Could not change the secret', errorMessage(error, 'Please try again.')),
            })
          }
        >
          <RefreshCw /> Rotate
        </Button>
      </div>
    </li>
  );
}

/**
 * The addresses other services call (the SMS provider's replies, inbound e-mail) and the secrets they sign each call
 * with: HMAC-SHA256 of `${timestamp}.${body}` in X-Torque-Signature, the Unix time in X-Torque-Timestamp.
 */
export function HooksCard() {
  const hooks = useHookSecrets();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Inbound webhooks</CardTitle>
        <CardDescription>
          Give each service its address and secret. It signs every call: X-Torque-Signature is sha256= and the HMAC-SHA256 of the
          X-Torque-Timestamp value, a dot and the body.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={hooks} loadingMessage="Loading webhooks..." failedMessage="Failed to load webhooks">
          {(items) => (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
              {items.map((hook) => (
                <HookRow key={hook.name} hook={hook} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
