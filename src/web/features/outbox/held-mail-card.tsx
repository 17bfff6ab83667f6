import { useState } from 'react';
import { heldAge } from '@shared/outbox/delivery';
import type { OutboxItem } from '@shared/outbox/types';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import {
  useDiscardAllHeldMail,
  useDiscardHeldMail,
  useHeldMail,
  useMailStatus,
  useSendAllHeldMail,
  useSendHeldMail,
} from './api';

const emails = (count: number) => `${count.toLocaleString('en-US')} held e-mail${count === 1 ? '' : 's'}`;

/** One held mail: Send (with a warning when its appointment has passed) and Discard. */
function HeldRow({ item, canSend }: { item: OutboxItem; canSend: boolean }) {
  const send = useSendHeldMail(item.id);
  const discard = useDiscardHeldMail(item.id);
  const [warning, setWarning] = useState(false);
  const subject = item.subject ?? '(no subject)';
  const sendNow = () => send.mutateAsync().then(() => notifySuccess('Held mail sent', `To ${item.to ?? '—'}`));
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b py-2 last:border-b-0">
      <div className="min-w-0 max-w-full">
        <div className="truncate font-medium">{subject}</div>
        <div className="text-muted-foreground truncate text-sm">
          {item.to ?? '—'} · <span title={formatDateTime(item.created_at)}>{heldAge(item.created_at)}</span>
        </div>
        {item.appointment_past && (
          <Badge variant="destructive" className="mt-1">
            Appointment already past
          </Badge>
        )}
      </div>
      <div className="flex items-center gap-2">
        {canSend && (
          <Button
            size="sm"
            disabled={send.isPending || discard.isPending}
            aria-label={`Send "${subject}" to ${item.to ?? ''}`}
            onClick={() =>
              item.appointment_past
                ? setWarning(true)
                : sendNow().catch((error) => notifyError('Not sent', errorMessage(error, 'The mail could not be sent.')))
            }
          >
            Send
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={send.isPending || discard.isPending}
          aria-label={`Discard "${subject}" to ${item.to ?? ''}`}
          onClick={() =>
            discard
              .mutateAsync()
              .then(() => notifySuccess('Held mail discarded', `To ${item.to ?? '—'}. It stays in the outbox as discarded.`))
              .catch((error) => notifyError('Not discarded', errorMessage(error, 'The mail could not be discarded.')))
          }
        >
          Discard
        </Button>
      </div>
      <ConfirmDialog
        open={warning}
        onOpenChange={setWarning}
        title="Send mail about a past appointment?"
        description={
          <p>
            “{subject}” is about an appointment that started{' '}
            {item.appointment_starts_at ? formatDateTime(item.appointment_starts_at) : 'already'}. {item.to ?? 'The customer'}{' '}
            would get it now, for a time already gone.
          </p>
        }
        confirmLabel="Send anyway"
        pendingLabel="Sending..."
        fallbackError="The mail could not be sent."
        onConfirm={sendNow}
      />
    </li>
  );
}

/**
 * The mail held while no mail server was set up, for admins to send or discard once one is (SMTP_URL, or the Company
 * Mailbox): each one or all at once, "Send all" leaving the mail about an appointment already past. Nothing when
 * nothing is held.
 */
export function HeldMailCard() {
  const status = useMailStatus(true);
  const count = status.data?.held_mail ?? 0;
  const held = useHeldMail(count > 0);
  const sendAll = useSendAllHeldMail();
  const discardAll = useDiscardAllHeldMail();
  if (!status.data || count === 0) return null;
  const canSend = status.data.mail_server;
  const items = held.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Held Mail</CardTitle>
        <CardDescription>
          {emails(count)}, written while no mail server was set up: send or discard each, or all at once
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {!canSend && (
          <p role="note" className="border-warning bg-warning/10 rounded-lg border p-3 text-sm">
            Nothing can send this mail yet. Set <code>SMTP_URL</code> where Torque runs and restart it, or connect the Company
            Mailbox below; then send it from here. It can be discarded now.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {canSend && (
            <ConfirmDialog
              trigger={<Button>Send all</Button>}
              title="Send all held mail?"
              description={
                <>
                  <p>{emails(count)} will be sent now.</p>
                  <p>Mail about an appointment already past is not sent: it stays here to send or discard one by one.</p>
                </>
              }
              confirmLabel="Send all"
              pendingLabel="Sending..."
              fallbackError="The held mail could not be sent."
              onConfirm={async () => {
                const { sent, skipped_past } = await sendAll.mutateAsync();
                notifySuccess(
                  `Sending ${emails(sent)}`,
                  skipped_past > 0 ? `${emails(skipped_past)} about a past appointment stay held.` : undefined,
                );
              }}
            />
          )}
          <ConfirmDialog
            trigger={<Button variant="outline">Discard all</Button>}
            title="Discard all held mail?"
            description={
              <p>{emails(count)} will never be sent. Each stays in the Mail Outbox as discarded, with your name and the time.</p>
            }
            destructive
            confirmLabel="Discard all"
            pendingLabel="Discarding..."
            fallbackError="The held mail could not be discarded."
            onConfirm={async () => {
              const { discarded } = await discardAll.mutateAsync();
              notifySuccess(`Discarded ${emails(discarded)}`);
            }}
          />
        </div>
        {held.isError ? (
          <ErrorState message="The held mail could not be loaded." error={held.error} onRetry={() => held.refetch()} />
        ) : held.isPending ? (
          <InlineLoading message="Loading held mail..." />
        ) : (
          <>
            <ul aria-label="Held mail">
              {items.map((item) => (
                <HeldRow key={item.id} item={item} canSend={canSend} />
              ))}
            </ul>
            {held.hasNextPage && (
              <Button variant="outline" disabled={held.isFetchingNextPage} onClick={() => held.fetchNextPage()}>
                {held.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
