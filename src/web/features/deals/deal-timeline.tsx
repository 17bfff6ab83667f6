import type { DealTimelineEntry } from '@shared/deals/types';
import { InlineLoading } from '@/components/loading-screen';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { useDealTimeline } from './api';

const fieldLabels: Record<string, string> = {
  user_id: 'Agent',
  agent_name: 'Agent name',
  customer_id: 'Linked customer',
  vehicle_id: 'Linked vehicle',
  date: 'Date',
  manufacturer: 'Manufacturer',
  model: 'Model',
  year: 'Year',
  customer_name: 'Customer name',
  customer_phone: 'Customer phone',
  customer_email: 'Customer email',
  contract_price_cents: 'Contract price',
  monthly_payment_cents: 'Monthly payment',
  broker_fee_cents: 'Broker fee',
  status: 'Status',
  deal_classification: 'Classification',
  notes: 'Notes',
};

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (field.endsWith('_cents') && typeof value === 'number') return formatCents(value, { exact: true });
  if (field.endsWith('_id')) return 'a record';
  return String(value);
}

/** One line per change, in words: "Status: pending → completed". */
function describe(entry: DealTimelineEntry): { title: string; lines: string[] } {
  const changes = entry.changes as Record<string, { from?: unknown; to?: unknown } | unknown>;
  if (entry.entity_type === 'vehicle') {
    const status = changes.status as { from: string; to: string } | undefined;
    return { title: 'Vehicle status changed', lines: status ? [`${status.from} → ${status.to}`] : [] };
  }
  if (entry.action === 'document_added' || entry.action === 'document_removed') {
    const name = typeof changes.file_name === 'string' ? changes.file_name : 'a document';
    return { title: entry.action === 'document_removed' ? `Document deleted: ${name}` : `Document uploaded: ${name}`, lines: [] };
  }
  if (entry.action === 'created') return { title: 'Deal created', lines: [] };
  const lines = Object.entries(changes)
    .filter(([field]) => fieldLabels[field] && field !== 'agent_name')
    .map(([field, change]) => {
      const { from, to } = change as { from: unknown; to: unknown };
      return `${fieldLabels[field]}: ${show(field, from)} → ${show(field, to)}`;
    });
  return { title: 'Deal updated', lines };
}

export function DealTimeline({ dealId }: { dealId: string }) {
  const timeline = useDealTimeline(dealId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.isPending ? (
          <InlineLoading message="Loading timeline..." />
        ) : (
          <ol className="border-muted grid gap-4 border-l pl-4">
            {(timeline.data ?? []).map((entry) => {
              const { title, lines } = describe(entry);
              return (
                <li key={entry.id} className="relative">
                  <span className="bg-primary absolute top-1.5 -left-[1.3rem] size-2 rounded-full" aria-hidden />
                  <p className="text-sm font-medium">{title}</p>
                  <p className="text-muted-foreground text-xs">
                    {new Date(entry.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                    {entry.actor_name && ` · ${entry.actor_name}`}
                    {entry.impersonator_name && ` (as ${entry.impersonator_name})`}
                  </p>
                  {lines.length > 0 && (
                    <ul className="mt-1 grid gap-0.5 text-sm">
                      {lines.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
