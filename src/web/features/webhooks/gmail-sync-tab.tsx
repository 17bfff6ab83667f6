import { useEffect, useState } from 'react';
import { Mail, RefreshCw } from 'lucide-react';
import { WEBHOOK_URL_MESSAGE } from '@shared/webhooks/types';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCurrentSession } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useSaveWebhook, useTriggerGmailSync, useWebhookEndpoints } from './api';
import { can } from '@shared/users/permissions';

const FAILED = 'Failed to trigger Gmail sync. Please check the URL and try again.';

/**
 * Gmail Integration: a Zap watches the mailbox and posts new mail to the inbound e-mail webhook; this tab asks it to
 * sync now. Admins enter the Zap's webhook URL here (or in Settings); everyone may trigger a sync once it is set.
 */
export function GmailSyncTab() {
  const { user } = useCurrentSession();
  const isAdmin = can(user, 'connectForCompany');
  const endpoints = useWebhookEndpoints();
  const endpoint = endpoints.data?.find((e) => e.event === 'sync_gmail');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setUrl(endpoint?.url ?? ''), [endpoint?.url]);
  const save = useSaveWebhook();
  const trigger = useTriggerGmailSync();
  const busy = save.isPending || trigger.isPending;

  const sync = async () => {
    const typed = url.trim();
    if (isAdmin ? typed === '' : !endpoint?.configured) return setProblem(WEBHOOK_URL_MESSAGE);
    setProblem(null);
    try {
      if (isAdmin && typed !== endpoint?.url) {
        await save.mutateAsync({ event: 'sync_gmail', url: typed, allow_private: endpoint?.allow_private ?? false });
      }
      await trigger.mutateAsync();
      notifySuccess('Gmail Sync Triggered', 'Your Zap has been asked to sync the mailbox; new mail appears in the inbox.');
    } catch (error) {
      notifyError(FAILED, errorMessage(error, ''));
    }
  };

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-5" aria-hidden /> Gmail Integration
        </CardTitle>
        <CardDescription>
          Connect Gmail through a Zapier webhook: the Zap brings new mail into the inbox, and Sync asks it to do so now.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={endpoints} loadingMessage="Loading..." failedMessage="Failed to load the Gmail integration">
          {() => (
            <form
              className="grid gap-3"
              noValidate
              aria-label="Gmail sync"
              onSubmit={(event) => {
                event.preventDefault();
                void sync();
              }}
            >
              {isAdmin ? (
                <FormField label="Zapier Webhook URL" htmlFor="gmail-webhook-url">
                  <Input
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    placeholder="https://hooks.zapier.com/hooks/catch/..."
                    value={url}
                    onChange={(event) => setUrl(event.target.value)}
                  />
                </FormField>
              ) : (
                <p className="text-muted-foreground text-sm">
                  {endpoint?.configured
                    ? 'An admin has connected the Zapier webhook.'
                    : 'No Zapier webhook is set yet: an admin enters it here or in Settings.'}
                </p>
              )}
              {problem && (
                <p role="alert" className="text-destructive text-sm">
                  {problem}
                </p>
              )}
              <Button type="submit" className="justify-self-start" disabled={busy}>
                <RefreshCw className={busy ? 'animate-spin' : undefined} /> {busy ? 'Syncing...' : 'Sync Gmail'}
              </Button>
            </form>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
