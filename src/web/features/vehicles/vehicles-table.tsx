import { Link } from 'react-router';
import { AlertTriangle, Car, Mail, Phone, User } from 'lucide-react';
import { vehicleName, type Vehicle, type VehicleListItem } from '@shared/vehicles/types';
import { ChipList } from '@/components/chip-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents, formatDate } from '@/lib/format';
import { VehicleStatusBadge } from './vehicle-status-badge';
import { mayChangeRecord } from '@shared/users/roles';
import { Checkbox } from '@/components/ui/checkbox';
import { useCurrentSession } from '@/features/auth/api';
import type { Selection } from '@/hooks/use-selection';

function Pick({ vehicle, selection }: { vehicle: Vehicle; selection: Selection }) {
  return (
    <Checkbox
      aria-label={`Select ${vehicleName(vehicle)}`}
      checked={selection.selected.has(vehicle.id)}
      onCheckedChange={(checked) => selection.toggle(vehicle.id, checked === true)}
    />
  );
}

export const formatMileage = (miles: number) => `${miles.toLocaleString('en-US')} miles`;

function ContactInfo({ vehicle }: { vehicle: Vehicle }) {
  const { contact_name: name, contact_phone: phone, contact_email: email } = vehicle;
  if (!name && !phone && !email) return <span className="text-muted-foreground">—</span>;
  // Names break between words, numbers never, addresses anywhere (they have no spaces to break at).
  const line = (Icon: typeof Mail, text: string, wrap: string) => (
    <span className="flex min-w-0 items-center gap-1.5">
      <Icon className="text-muted-foreground size-3.5 shrink-0" aria-hidden />
      <span className={wrap}>{text}</span>
    </span>
  );
  return (
    <div className="grid gap-0.5 text-sm">
      {name && line(User, name, 'break-words')}
      {phone && line(Phone, phone, 'whitespace-nowrap')}
      {email && line(Mail, email, '[overflow-wrap:anywhere]')}
    </div>
  );
}

function Location({ vehicle }: { vehicle: Vehicle }) {
  return vehicle.location ? <span>{vehicle.location}</span> : <span className="text-muted-foreground">Not specified</span>;
}

function Actions({ vehicle, stacked = false }: { vehicle: Vehicle; stacked?: boolean }) {
  const title = vehicleName(vehicle);
  // A colleague's vehicle of a shared inventory is seen and sold, not edited.
  const { user } = useCurrentSession();
  return (
    <div className={stacked ? 'grid justify-end gap-1.5 2xl:flex' : 'flex justify-end gap-1.5'}>
      <Button asChild variant="outline" size="sm">
        <Link to={`/inventory/${vehicle.id}`} aria-label={`View ${title}`}>
          View
        </Link>
      </Button>
      {mayChangeRecord(user, vehicle.user_id) && (
        <Button asChild variant="outline" size="sm">
          <Link to={`/inventory/${vehicle.id}/edit`} aria-label={`Edit ${title}`}>
            Edit
          </Link>
        </Button>
      )}
    </div>
  );
}

function VinAndDetails({ vehicle }: { vehicle: Vehicle }) {
  return (
    <div className="grid gap-0.5 text-sm">
      <span className="font-mono text-xs">{vehicle.vin ?? <span className="text-muted-foreground font-sans">No VIN</span>}</span>
      <span className="text-muted-foreground">{formatMileage(vehicle.mileage)}</span>
      <span className="text-muted-foreground text-xs">Added {formatDate(vehicle.created_at)}</span>
    </div>
  );
}

/** The vehicle's cover photo, small, or a car's outline when it has no photo yet. */
function Cover({ vehicle }: { vehicle: VehicleListItem }) {
  const frame = 'bg-muted flex h-10 w-14 shrink-0 items-center justify-center overflow-hidden rounded-md';
  return vehicle.cover_url ? (
    <img src={vehicle.cover_url} alt="" loading="lazy" className={`${frame} object-cover`} />
  ) : (
    <span className={frame} title="No photo yet">
      <Car className="text-muted-foreground size-5" aria-hidden />
    </span>
  );
}

/** A used vehicle offered for sale without a completed FTC Buyers Guide says so in the list, and that it is held back. */
function GuideFlag({ vehicle }: { vehicle: VehicleListItem }) {
  if (!vehicle.needs_buyers_guide) return null;
  return (
    <Badge
      variant="outline"
      className="border-amber-500/60 text-amber-800 dark:text-amber-300"
      title={
        vehicle.listed
          ? 'Not shown for sale (its public page and the listing feeds) until its FTC Buyers Guide is completed'
          : 'A used vehicle offered for sale must display a completed FTC Buyers Guide'
      }
    >
      <AlertTriangle aria-hidden /> No Buyers Guide
    </Badge>
  );
}

/** The 'Vehicle Inventory' rows: a table from tablet width up, cards on a phone. */
export function VehiclesTable({ vehicles, selection }: { vehicles: VehicleListItem[]; selection?: Selection }) {
  const ids = vehicles.map((v) => v.id);
  const allPicked = ids.length > 0 && ids.every((id) => selection?.selected.has(id));
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              {selection && (
                <TableHead className="w-8">
                  <Checkbox
                    aria-label="Select every vehicle shown"
                    checked={allPicked}
                    onCheckedChange={(checked) => selection.toggleAll(ids, checked === true)}
                  />
                </TableHead>
              )}
              <TableHead>Vehicle</TableHead>
              <TableHead>VIN &amp; Details</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Price</TableHead>
              <TableHead>Location</TableHead>
              <TableHead>Contact Info</TableHead>
              <TableHead>Features</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {vehicles.map((vehicle) => (
              <TableRow key={vehicle.id}>
                {selection && (
                  <TableCell>
                    <Pick vehicle={vehicle} selection={selection} />
                  </TableCell>
                )}
                <TableCell className="min-w-36 whitespace-normal">
                  <div className="grid justify-items-start gap-1.5">
                    <Cover vehicle={vehicle} />
                    <div className="min-w-0">
                      <Link to={`/inventory/${vehicle.id}`} className="font-medium hover:underline">
                        {vehicleName(vehicle)}
                      </Link>
                      {vehicle.color && <div className="text-muted-foreground text-sm">{vehicle.color}</div>}
                    </div>
                    <GuideFlag vehicle={vehicle} />
                  </div>
                </TableCell>
                <TableCell>
                  <VinAndDetails vehicle={vehicle} />
                </TableCell>
                <TableCell>
                  <VehicleStatusBadge status={vehicle.status} />
                </TableCell>
                <TableCell className="font-medium tabular-nums">{formatCents(vehicle.price_cents)}</TableCell>
                <TableCell className="min-w-24 whitespace-normal">
                  <Location vehicle={vehicle} />
                </TableCell>
                <TableCell className="min-w-36 whitespace-normal">
                  <ContactInfo vehicle={vehicle} />
                </TableCell>
                <TableCell className="min-w-36 whitespace-normal">
                  <ChipList items={vehicle.features} />
                </TableCell>
                <TableCell>
                  <Actions vehicle={vehicle} stacked />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 md:hidden" aria-label="Vehicles">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id} className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border p-3">
            <div className="flex items-start justify-between gap-2">
              {selection && <Pick vehicle={vehicle} selection={selection} />}
              <Cover vehicle={vehicle} />
              <div className="min-w-0 flex-1">
                <Link to={`/inventory/${vehicle.id}`} className="font-medium hover:underline">
                  {vehicleName(vehicle)}
                </Link>
                <div className="text-muted-foreground truncate text-sm">
                  {[vehicle.color, formatMileage(vehicle.mileage)].filter(Boolean).join(' · ')}
                </div>
              </div>
              <div className="grid shrink-0 justify-items-end gap-1">
                <span className="font-semibold tabular-nums">{formatCents(vehicle.price_cents)}</span>
                <VehicleStatusBadge status={vehicle.status} />
                <GuideFlag vehicle={vehicle} />
              </div>
            </div>
            <div className="grid gap-0.5 text-sm">
              <span className="font-mono text-xs break-all">{vehicle.vin ?? 'No VIN'}</span>
              <span className="text-muted-foreground">
                <Location vehicle={vehicle} /> · Added {formatDate(vehicle.created_at)}
              </span>
            </div>
            <ContactInfo vehicle={vehicle} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ChipList items={vehicle.features} />
              <Actions vehicle={vehicle} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
