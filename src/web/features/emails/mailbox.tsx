import { useState } from 'react';
import { Link } from 'react-router';
import type { EmailItem } from '@shared/emails/types';
import { seesAllRecords } from '@shared/users/roles';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ShowMore } from '@/components/show-more';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCurrentSession } from '@/features/auth/api';
import { UnmatchedTexts } from '@/features/conversations';
import { DeliveryBadge } from '@/features/outbox';
import { AssignEmail } from './assign-email';
import { useEmail, useEmails, useMarkEmailRead, type EmailBox } from './api';

function EmailRow({ email, onOpen }: { email: EmailItem; onOpen: () => void }) {
  const inbound = email.direction === 'inbound';
  const unread = inbound && !email.is_read;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="hover:bg-accent focus-visible:ring-ring grid w-full gap-1 px-6 py-3 text-left outline-none focus-visible:ring-2"
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className={cn('min-w-0 flex-1 truncate text-sm', unread && 'font-semibold')}>
            {email.customer?.name ?? (inbound ? email.from_address : email.to_address)}
          </span>
          {unread && <Badge>New</Badge>}
          {email.deal && <Badge variant="outline">{email.deal.label}</Badge>}
          <time className="text-muted-foreground text-xs" dateTime={email.created_at}>
            {formatDateTime(email.created_at)}
          </time>
        </span>
        <span className={cn('truncate text-sm', unread && 'font-medium')}>{email.subject || '(no subject)'}</span>
        <span className="text-muted-foreground truncate text-xs">{email.preview}</span>
        {email.delivery && <DeliveryBadge delivery={email.delivery} />}
      </button>
    </li>
  );
}

function EmailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const email = useEmail(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{email.data?.subject || 'E-mail'}</DialogTitle>
          <DialogDescription>
            {email.data
              ? `From ${email.data.from_address} to ${email.data.to_address}, ${formatDateTime(email.data.created_at)}`
              : 'Loading...'}
          </DialogDescription>
          {email.data?.delivery && <DeliveryBadge delivery={email.data.delivery} />}
        </DialogHeader>
        <QueryState query={email} loadingMessage="Loading e-mail..." failedMessage="The e-mail could not be loaded.">
          {(data) => (
            <div className="grid gap-3">
              {data.customer && (
                <p className="text-sm">
                  Customer:{' '}
                  <Link className="text-primary underline-offset-4 hover:underline" to={`/customers/${data.customer.id}`}>
                    {data.customer.name}
                  </Link>
                  {data.deal && (
                    <>
                      {' · Deal: '}
                      <Link className="text-primary underline-offset-4 hover:underline" to={`/deals/${data.deal.id}`}>
                        {data.deal.label}
                      </Link>
                    </>
                  )}
                </p>
              )}
              {data.direction === 'inbound' && !data.customer && <AssignEmail emailId={data.id} onDone={onClose} />}
              <pre className="bg-muted rounded-md p-3 font-sans text-sm break-words whitespace-pre-wrap">{data.body}</pre>
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

const empty: Record<EmailBox, string> = {
  inbox: 'No e-mail has come in yet.',
  sent: 'Nothing sent yet.',
  unmatched: 'No mail from unknown addresses.',
};
const boxLabels: Record<EmailBox, string> = { inbox: 'Inbox', sent: 'Sent', unmatched: 'Unmatched' };

/**
 * The inbox (mail that reached Torque, unread marked 'New'), the sent mail, and the mail from addresses no customer
 * has, to file with one, below the texts from numbers no customer has; newest first.
 */
export function Mailbox() {
  const { user } = useCurrentSession();
  const [box, setBox] = useState<EmailBox>('inbox');
  const [open, setOpen] = useState<string | null>(null);
  const emails = useEmails(box);
  const markRead = useMarkEmailRead();
  const items = emails.data?.pages.flatMap((page) => page.items) ?? [];
  const openEmail = (email: EmailItem) => {
    setOpen(email.id);
    if (email.direction === 'inbound' && !email.is_read) markRead.mutate(email.id);
  };

  let body;
  if (emails.isError && !emails.data)
    body = <ErrorState message="Failed to load e-mail" error={emails.error} onRetry={() => emails.refetch()} />;
  else if (!emails.data) body = <InlineLoading message="Loading e-mail..." />;
  else if (items.length === 0) body = <p className="text-muted-foreground py-10 text-center text-sm">{empty[box]}</p>;
  else
    body = (
      <ul className="divide-y" aria-label={boxLabels[box]}>
        {items.map((email) => (
          <EmailRow key={email.id} email={email} onOpen={() => openEmail(email)} />
        ))}
      </ul>
    );

  return (
    <Card>
      <Tabs value={box} onValueChange={(value) => setBox(value as EmailBox)} className="gap-0">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>E-mail</CardTitle>
          <TabsList>
            <TabsTrigger value="inbox">Inbox</TabsTrigger>
            <TabsTrigger value="sent">Sent</TabsTrigger>
            <TabsTrigger value="unmatched">Unmatched</TabsTrigger>
          </TabsList>
        </CardHeader>
        <TabsContent value={box}>
          <CardContent className="px-0">
            {box === 'unmatched' && seesAllRecords(user.role) && (
              <>
                <UnmatchedTexts />
                <h3 className="px-6 pt-3 pb-1 text-sm font-medium">E-mail</h3>
              </>
            )}
            {body}
            <ShowMore list={emails} className="pt-2 pb-0" />
          </CardContent>
        </TabsContent>
      </Tabs>
      <EmailDialog id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
