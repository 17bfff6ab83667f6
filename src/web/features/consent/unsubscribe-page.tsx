import { useParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { BrandMark } from '@/components/brand-mark';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/toast';
import { useUnsubscribe, useUnsubscribePreview } from './api';

/** /unsubscribe/:token — the page the link at the foot of a marketing e-mail opens; no sign-in. */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const preview = useUnsubscribePreview(token);
  const unsubscribe = useUnsubscribe(token);
  return (
    <main className="bg-muted/40 flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-sm shadow-lg">
        <CardHeader className="items-center text-center">
          <BrandMark className="mx-auto mb-2 size-11" />
          <CardTitle className="text-2xl">Unsubscribe</CardTitle>
          {preview.data && <CardDescription>Offers from {preview.data.company}</CardDescription>}
        </CardHeader>
        <CardContent>
          <QueryState
            query={preview}
            loadingMessage="Checking the link..."
            failedMessage="The link could not be checked."
            notFound={
              <p role="alert" className="text-center">
                {errorMessage(preview.error, 'This unsubscribe link is not valid.')}
              </p>
            }
          >
            {(state) =>
              state.unsubscribed ? (
                <p role="status" className="flex items-center justify-center gap-2 text-center">
                  <CheckCircle2 className="text-success size-5" aria-hidden />
                  You will not receive offers by {state.channel === 'email' ? 'e-mail' : 'SMS'} any more.
                </p>
              ) : (
                <div className="grid gap-4 text-center">
                  <p>
                    Stop receiving offers by {state.channel === 'email' ? 'e-mail' : 'SMS'} from {state.company}?
                  </p>
                  <Button
                    onClick={() =>
                      unsubscribe.mutate(undefined, {
                        onError: (error) => notifyError('Could not unsubscribe', errorMessage(error, 'Please try again.')),
                      })
                    }
                    disabled={unsubscribe.isPending}
                  >
                    {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
                  </Button>
                </div>
              )
            }
          </QueryState>
        </CardContent>
      </Card>
    </main>
  );
}
