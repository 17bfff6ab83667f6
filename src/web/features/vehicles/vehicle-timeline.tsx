import { vehicleConditionLabels, vehicleFeatures } from '@shared/vehicles/options';
import type { VehicleTimelineEntry } from '@shared/vehicles/types';
import { AuditTimeline, changeLine, type AuditWording } from '@/components/audit-timeline';
import { formatCents } from '@/lib/format';
import { useVehicleTimeline } from './api';
import { formatMileage } from './vehicles-table';

const fieldLabels: Record<string, string> = {
  make: 'Make',
  model: 'Model',
  year: 'Year',
  vin: 'VIN',
  color: 'Color',
  mileage: 'Mileage',
  price_cents: 'Price',
  status: 'Status',
  condition: 'Condition',
  listed: 'Listed online',
  location: 'Location',
  contact_name: 'Contact name',
  contact_phone: 'Contact phone',
  contact_email: 'Contact email',
  features: 'Features',
  notes: 'Notes',
};

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (field === 'price_cents' && typeof value === 'number') return formatCents(value, { exact: true });
  if (field === 'mileage' && typeof value === 'number') return formatMileage(value);
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'condition' && (value === 'new' || value === 'used')) return vehicleConditionLabels[value];
  return String(value);
}

function featureChange(from: unknown, to: unknown): string {
  const before = Array.isArray(from) ? (from as string[]) : [];
  const after = Array.isArray(to) ? (to as string[]) : [];
  const order = (list: string[]) =>
    [...list].sort((a, b) => vehicleFeatures.indexOf(a as never) - vehicleFeatures.indexOf(b as never));
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
  photo_added: 'Photo added',
  photo_removed: 'Photo deleted',
  photos_ordered: 'Photos reordered',
  buyers_guide_completed: 'Buyers Guide completed',
  buyers_guide_changed: 'Buyers Guide changed',
};

/** What changed, in order of the form; long notes are only said to have changed. */
function describe(entry: VehicleTimelineEntry): AuditWording {
  const title = actionLabels[entry.action] ?? 'Changed';
  // The guide's choices are read on the guide itself; its history says only who completed or changed it.
  if (['created', 'photos_ordered', 'buyers_guide_completed', 'buyers_guide_changed'].includes(entry.action))
    return { title, details: [] };
  if (entry.action === 'reassigned') {
    const { from, to } = entry.changes as Record<string, unknown>;
    return { title: `Given to ${String(to)}`, details: typeof from === 'string' ? [`From ${from}`] : [] };
  }
  if (entry.action === 'photo_added' || entry.action === 'photo_removed') {
    const name = (entry.changes as Record<string, unknown>).file_name;
    return { title: typeof name === 'string' ? `${title}: ${name}` : title, details: [] };
  }
  const fields = Object.keys(fieldLabels).filter((field) => field in entry.changes);
  const details = fields.map((field) => {
    const label = fieldLabels[field]!;
    const { from, to } = entry.changes[field]!;
    if (field === 'notes') return `${label} changed`;
    if (field === 'features') return `${label}: ${featureChange(from, to)}`;
    return changeLine(label, shown(field, from), shown(field, to));
  });
  return { title, details };
}

/** Who added and changed the vehicle, newest first, from the audit log. */
export function VehicleTimeline({ vehicleId }: { vehicleId: string }) {
  return (
    <AuditTimeline
      title="History"
      timeline={useVehicleTimeline(vehicleId)}
      loadingMessage="Loading history..."
      emptyMessage="No changes recorded."
      describe={describe}
      actorInTitle
    />
  );
}
