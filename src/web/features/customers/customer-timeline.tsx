import type { TimelineEntry } from '@shared/customers/types';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatFileSize } from '@/lib/format';
import { useCustomerTimeline } from './api';

const fieldLabels: Record<string, string> = {
  name: 'Full Name', status: 'Status', email: 'Email', phone: 'Phone', location: 'Location',
  preferred_cars: 'Car Preferences', referred_by_customer_id: 'Referring customer', referred_by_name: 'Referrer Name',
  birthday: 'Birthday', notes: 'Notes', lead_source: 'Lead Source', budget_cents: 'Budget',
};

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'empty';
  if (field === 'budget_cents' && typeof value === 'number') return formatCents(value);
  if (field === 'referred_by_customer_id') return 'a customer';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

function describe(entry: TimelineEntry): { title: string; details: string[] } {
  const c = entry.changes as Record<string, unknown>;
  switch (entry.action) {
    case 'created':
      return { title: 'Created the customer', details: [] };
    case 'document_added':
      return { title: `Added document ${c.file_name}`, details: typeof c.file_size === 'number' ? [formatFileSize(c.file_size)] : [] };
    case 'document_removed':
      return { title: `Removed document ${c.file_name}`, details: [] };
    case 'updated':
      return {
        title: 'Edited the customer',
        details: Object.entries(c as Record<string, { from: unknown; to: unknown }>).map(
          ([field, { from, to }]) => `${fieldLabels[field] ?? field}: ${shown(field, from)} → ${shown(field, to)}`,
        ),
      };
    default:
      return { title: entry.action, details: [] };
  }
}

const moment = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Who did what to this customer and when, from the audit log, newest first. */
export function CustomerTimeline({ customerId }: { customerId: string }) {
  const timeline = useCustomerTimeline(customerId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.isPending ? (
          <p className="text-muted-foreground text-sm">Loading timeline...</p>
        ) : !timeline.data?.length ? (
          <p className="text-muted-foreground text-sm">No activity yet.</p>
        ) : (
          <ol className="grid gap-4 border-l pl-4" aria-label="Timeline">
            {timeline.data.map((entry) => {
              const { title, details } = describe(entry);
              return (
                <li key={entry.id} className="relative">
                  <span className="bg-primary absolute top-1.5 -left-[21px] size-2.5 rounded-full" aria-hidden />
                  <p className="text-sm font-medium break-words">{title}</p>
                  {details.map((line) => (
                    <p key={line} className="text-muted-foreground text-sm break-words">
                      {line}
                    </p>
                  ))}
                  <p className="text-muted-foreground text-xs">
                    {entry.actor_name}
                    {entry.impersonator_name && ` (as ${entry.impersonator_name})`} · {moment(entry.created_at)}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
