import { useState } from 'react';
import type { OutboxItem, outboxKinds } from '@shared/outbox/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { useOutbox, useOutboxMessage } from './api';
import { DeliveryBadge } from './delivery-badge';

function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{message.data?.subject ?? 'Message'}</DialogTitle>
          <DialogDescription>{message.data ? `To ${message.data.to ?? '—'}` : 'Loading...'}</DialogDescription>
        </DialogHeader>
        <QueryState query={message} loadingMessage="Loading message..." failedMessage="The message could not be loaded.">
          {(data) => (
            <div className="grid gap-3">
              {data.last_error && (
                <p className="text-destructive text-sm">
                  Last error after {data.attempts} attempt{data.attempts === 1 ? '' : 's'}: {data.last_error}
                </p>
              )}
              <pre className="bg-muted rounded-md p-3 text-sm break-words whitespace-pre-wrap">{data.text}</pre>
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

function Row({ item, onRead }: { item: OutboxItem; onRead: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b py-2 last:border-b-0">
      <div className="min-w-0">
        <div className="truncate font-medium">{item.subject ?? (item.kind === 'sms' ? 'Text message' : '(no subject)')}</div>
        <div className="text-muted-foreground truncate text-sm">
          {item.to ?? '—'} · {formatDateTime(item.created_at)}
          {item.status === 'pending' && item.send_after && new Date(item.send_after) > new Date()
            ? ` · waits until ${formatDateTime(item.send_after)}`
            : ''}
          {item.discarded_at
            ? ` · discarded by ${item.discarded_by ?? 'a former user'} ${formatDateTime(item.discarded_at)}`
            : ''}
        </div>
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <DeliveryBadge delivery={item} kind={item.kind} />
        <Button
          variant="outline"
          size="sm"
          onClick={onRead}
          aria-label={`Read "${item.subject ?? 'message'}" to ${item.to ?? ''}`}
        >
          Read
        </Button>
      </div>
    </li>
  );
}

type OutboxCardProps = {
  /** One kind only (the webhook deliveries); everything when absent. */
  kind?: (typeof outboxKinds)[number];
  title?: string;
  description?: string;
  empty?: string;
};

/**
 * What Torque has sent or holds. Without SMTP_URL nothing leaves the machine: mail is held here for admins to read (an
 * invitation link can be passed on by hand). With `kind`, one kind: the webhook calls, each with its status.
 */
export function OutboxCard({
  kind,
  title = 'Mail Outbox',
  description = 'Mail Torque sent, is sending, holds because no mail server is set up, or was told not to send',
  empty = 'No mail yet.',
}: OutboxCardProps) {
  const outbox = useOutbox(kind);
  const [reading, setReading] = useState<string | null>(null);
  const items = outbox.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {outbox.isError ? (
          <ErrorState message="The outbox could not be loaded." error={outbox.error} onRetry={() => outbox.refetch()} />
        ) : outbox.isPending ? (
          <InlineLoading message="Loading outbox..." />
        ) : items.length === 0 ? (
          <p className="text-muted-foreground py-4 text-center text-sm">{empty}</p>
        ) : (
          <>
            <ul aria-label={title}>
              {items.map((item) => (
                <Row key={item.id} item={item} onRead={() => setReading(item.id)} />
              ))}
            </ul>
            {outbox.hasNextPage && (
              <Button
                variant="outline"
                className="mt-3"
                disabled={outbox.isFetchingNextPage}
                onClick={() => outbox.fetchNextPage()}
              >
                {outbox.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </Button>
            )}
          </>
        )}
        <MessageDialog id={reading} onClose={() => setReading(null)} />
      </CardContent>
    </Card>
  );
}
