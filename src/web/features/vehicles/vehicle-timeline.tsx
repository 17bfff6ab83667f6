import { vehicleFeatures } from '@shared/vehicles/options';
import type { VehicleTimelineEntry } from '@shared/vehicles/types';
import { InlineLoading } from '@/components/loading-screen';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { useVehicleTimeline } from './api';

const fieldLabels: Record<string, string> = {
  make: 'Make', model: 'Model', year: 'Year', vin: 'VIN', color: 'Color', mileage: 'Mileage', price_cents: 'Price',
  status: 'Status', location: 'Location', contact_name: 'Contact name', contact_phone: 'Contact phone',
  contact_email: 'Contact email', features: 'Features', notes: 'Notes',
};

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (field === 'price_cents' && typeof value === 'number') return formatCents(value, { exact: true });
  if (field === 'mileage' && typeof value === 'number') return `${value.toLocaleString('en-US')} miles`;
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  return String(value);
}

/** What changed, in order of the form; long notes are only said to have changed. */
function Changes({ changes }: { changes: VehicleTimelineEntry['changes'] }) {
  const fields = Object.keys(fieldLabels).filter((field) => field in changes);
  if (fields.length === 0) return null;
  return (
    <ul className="text-muted-foreground mt-1 grid gap-0.5 text-sm">
      {fields.map((field) => {
        const { from, to } = changes[field]!;
        return (
          <li key={field} className="break-words">
            <span className="text-foreground">{fieldLabels[field]}</span>
            {field === 'notes' ? ' changed' : field === 'features' ? `: ${featureChange(from, to)}` : `: ${shown(field, from)} → ${shown(field, to)}`}
          </li>
        );
      })}
    </ul>
  );
}

function featureChange(from: unknown, to: unknown): string {
  const before = Array.isArray(from) ? (from as string[]) : [];
  const after = Array.isArray(to) ? (to as string[]) : [];
  const order = (list: string[]) => [...list].sort((a, b) => vehicleFeatures.indexOf(a as never) - vehicleFeatures.indexOf(b as never));
  const added = order(after.filter((f) => !before.includes(f)));
  const removed = order(before.filter((f) => !after.includes(f)));
  return [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
}

const actionLabels: Record<string, string> = {
  created: 'Added to inventory',
  updated: 'Updated',
  status_changed: 'Status changed by a deal',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Who added and changed the vehicle, newest first, from the audit log. */
export function VehicleTimeline({ vehicleId }: { vehicleId: string }) {
  const timeline = useVehicleTimeline(vehicleId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.isPending ? (
          <InlineLoading message="Loading history..." />
        ) : !timeline.data?.length ? (
          <p className="text-muted-foreground text-sm">No changes recorded.</p>
        ) : (
          <ol className="border-border grid gap-4 border-l pl-4">
            {timeline.data.map((entry) => (
              <li key={entry.id} className="relative">
                <span className="bg-primary absolute top-1.5 -left-[21px] size-2.5 rounded-full" aria-hidden />
                <p className="text-sm">
                  <span className="font-medium">{actionLabels[entry.action] ?? 'Changed'}</span> by{' '}
                  {entry.actor_name}
                  {entry.impersonator_name && ` (as ${entry.impersonator_name})`}
                </p>
                <p className="text-muted-foreground text-xs">{when(entry.created_at)}</p>
                {entry.action !== 'created' && <Changes changes={entry.changes} />}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
