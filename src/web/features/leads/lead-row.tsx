import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import { firstAnswerLabels, leadChannelLabels, type LeadItem } from '@shared/leads/schemas';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime, formatDuration } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useLead, useMarkLeadHandled } from './api';
import { LogContactDialog } from './log-contact-dialog';
import { AddTaskButton } from '@/features/tasks';

const seconds = (from: string, to: string | number) => ((typeof to === 'number' ? to : Date.parse(to)) - Date.parse(from)) / 1000;

/** How the lead was answered, or how long it has waited. */
function Response({ lead }: { lead: LeadItem }) {
  if (lead.status === 'flagged')
    return lead.handled_at ? (
      <span className="text-muted-foreground flex items-center gap-1 text-sm">
        <CheckCircle2 className="size-4" aria-hidden /> Handled by {lead.handled_by ?? 'a former user'}
      </span>
    ) : (
      <span className="text-destructive flex items-start gap-1 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden /> Could not be read: {lead.reason}
      </span>
    );
  if (lead.first_response_at)
    return (
      <span className="flex items-center gap-1 text-sm">
        <CheckCircle2 className="text-success size-4 shrink-0" aria-hidden />
        Answered in {formatDuration(seconds(lead.received_at, lead.first_response_at))}
        {lead.first_response_by ? ` by ${lead.first_response_by}` : ''}
        {lead.first_response_kind ? `, ${firstAnswerLabels[lead.first_response_kind] ?? lead.first_response_kind}` : ''}
      </span>
    );
  return (
    <span className={lead.alerted_at ? 'text-destructive flex items-center gap-1 text-sm' : 'flex items-center gap-1 text-sm'}>
      <Clock className="size-4 shrink-0" aria-hidden /> Waiting {formatDuration(seconds(lead.received_at, Date.now()))}
      {lead.alerted_at ? ' — admins told' : ''}
    </span>
  );
}

function RawLeadDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const lead = useLead(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>What arrived</DialogTitle>
          <DialogDescription>
            {lead.data ? `From ${lead.data.source_name}, ${formatDateTime(lead.data.received_at)}` : 'Loading...'}
          </DialogDescription>
        </DialogHeader>
        <QueryState query={lead} loadingMessage="Loading lead..." failedMessage="The lead could not be loaded.">
          {(data) => (
            <pre className="bg-muted max-h-[60svh] overflow-auto rounded-md p-3 text-xs break-words whitespace-pre-wrap">
              {data.raw}
            </pre>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

/** One lead: who, from where, to whom and why, and its answer; with what a person can do about it. */
export function LeadRow({
  lead,
  canHandle,
  showCustomer = true,
}: {
  lead: LeadItem;
  canHandle: boolean;
  showCustomer?: boolean;
}) {
  const [raw, setRaw] = useState<string | null>(null);
  const [logging, setLogging] = useState(false);
  const handled = useMarkLeadHandled();
  const name = lead.name ?? lead.customer?.name ?? (lead.status === 'flagged' ? 'Unreadable lead' : 'Unknown');
  return (
    <li className="grid gap-2 px-6 py-4 md:grid-cols-[minmax(0,1.2fr)_9rem_minmax(0,1.6fr)_15rem] md:items-center md:gap-4">
      <div className="grid min-w-0 gap-0.5">
        {showCustomer && lead.customer ? (
          <Link to={`/customers/${lead.customer.id}`} className="truncate font-medium underline-offset-4 hover:underline">
            {name}
          </Link>
        ) : (
          <span className="truncate font-medium">{showCustomer ? name : (lead.vehicle ?? 'Lead')}</span>
        )}
        <span className="text-muted-foreground truncate text-xs">
          {showCustomer && lead.vehicle ? `${lead.vehicle} · ` : ''}
          <time dateTime={lead.received_at}>{formatDateTime(lead.received_at)}</time>
        </span>
      </div>
      <div className="flex min-w-0 flex-wrap items-center gap-1.5">
        <Badge variant="outline" className="max-w-full truncate">
          {lead.source_name}
        </Badge>
        <span className="text-muted-foreground text-xs">{leadChannelLabels[lead.channel]}</span>
      </div>
      <div className="grid min-w-0 gap-0.5">
        {lead.status === 'parsed' && (
          <span className="truncate text-sm">
            {lead.assigned_to?.name ?? 'Nobody'}
            <span className="text-muted-foreground"> · {lead.assignment_reason}</span>
          </span>
        )}
        <Response lead={lead} />
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        {lead.status === 'flagged' ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setRaw(lead.id)}>
              Show what arrived
            </Button>
            {canHandle && !lead.handled_at && (
              <Button
                size="sm"
                disabled={handled.isPending}
                onClick={() =>
                  handled.mutate(lead.id, {
                    onSuccess: () => notifySuccess('Lead handled', 'It no longer waits for a person.'),
                    onError: () => notifyError('Error', 'Failed to mark the lead handled. Please try again.'),
                  })
                }
              >
                Mark handled
              </Button>
            )}
          </>
        ) : (
          lead.customer && (
            <>
              <AddTaskButton
                size="sm"
                prefill={{ customer_id: lead.customer.id, customer_name: lead.customer.name, lead_id: lead.id }}
              />
              <Button variant={lead.first_response_at ? 'outline' : 'default'} size="sm" onClick={() => setLogging(true)}>
                Log contact
              </Button>
            </>
          )
        )}
      </div>
      <RawLeadDialog id={raw} onClose={() => setRaw(null)} />
      {lead.customer && (
        <LogContactDialog leadId={lead.id} customerName={lead.customer.name} open={logging} onOpenChange={setLogging} />
      )}
    </li>
  );
}
