import { Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Pencil } from 'lucide-react';
import { queryFallback } from '@/components/query-state';
import { DeleteButton } from '@/components/delete-button';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/toast';
import { useDeleteVehicle, useVehicle } from './api';
import { BackToInventory } from './new-vehicle-page';
import { StatusChanger } from './status-changer';
import { VehicleNotFound } from './vehicle-not-found';
import { VehicleTimeline } from './vehicle-timeline';
import { vehicleName, type VehicleDetail } from '@shared/vehicles/types';
import { vehicleConditionLabels } from '@shared/vehicles/options';
import { formatMileage } from './vehicles-table';
import { VinSummary } from './vin-summary';
import { PhotosCard } from './photos-card';
import { BuyersGuideCard } from './buyers-guide-card';
import { ListingCard } from './listing-card';
import { mayChangeRecord, seesAllRecords } from '@shared/users/roles';
import { useCurrentSession } from '@/features/auth/api';
import { GiveTo } from '@/features/team';
import type { VehicleCard } from '@/lib/area';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}

const orNone = (value: string | null, none = '—') => value || <span className="text-muted-foreground font-normal">{none}</span>;

/** What the vehicle is: make, model, year, condition, price and the rest, and what its VIN says. */
function VehicleInformation({ vehicle }: { vehicle: VehicleDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Vehicle Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Detail label="Make">{vehicle.make}</Detail>
          <Detail label="Model">{vehicle.model}</Detail>
          <Detail label="Year">{vehicle.year}</Detail>
          <Detail label="Condition">{vehicleConditionLabels[vehicle.condition]}</Detail>
          <Detail label="Price">{formatCents(vehicle.price_cents, { exact: vehicle.price_cents % 100 !== 0 })}</Detail>
          <Detail label="Mileage">{formatMileage(vehicle.mileage)}</Detail>
          <Detail label="Color">{orNone(vehicle.color)}</Detail>
          <Detail label="Location">{orNone(vehicle.location, 'Not specified')}</Detail>
          <Detail label="Added">{formatDate(vehicle.created_at)}</Detail>
          <Detail label="Last updated">{formatDate(vehicle.updated_at)}</Detail>
        </dl>
        {vehicle.vin && <VinSummary vehicle={vehicle} />}
      </CardContent>
    </Card>
  );
}

function Features({ features }: { features: string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Features</CardTitle>
      </CardHeader>
      <CardContent>
        {features.length === 0 ? (
          <p className="text-muted-foreground text-sm">No features listed.</p>
        ) : (
          <div className="flex flex-wrap gap-1.5">
            {features.map((feature) => (
              <Badge key={feature} variant="secondary" className="font-normal">
                {feature}
              </Badge>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Whose inventory the vehicle is in, who may change it, and (for admins and editors) giving it to another agent. */
function AgentCard({ vehicle, canChange }: { vehicle: VehicleDetail; canChange: boolean }) {
  const { user } = useCurrentSession();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agent</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl>
          <Detail label="In the inventory of">{vehicle.owner_name}</Detail>
        </dl>
        {!canChange && (
          <p className="text-muted-foreground text-sm">
            You may put it on your deal; {vehicle.owner_name}, editors and admins change it.
          </p>
        )}
        {seesAllRecords(user.role) && <GiveTo kind="vehicles" ids={[vehicle.id]} ownerId={vehicle.user_id} />}
      </CardContent>
    </Card>
  );
}

/** The seller's contact, for a vehicle taken in from a private seller. */
function ContactCard({ vehicle }: { vehicle: VehicleDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Detail label="Name">{orNone(vehicle.contact_name)}</Detail>
          <Detail label="Phone">
            {vehicle.contact_phone ? (
              <a href={`tel:${vehicle.contact_phone}`} className="hover:underline">
                {vehicle.contact_phone}
              </a>
            ) : (
              orNone(null)
            )}
          </Detail>
          <Detail label="Email">
            {vehicle.contact_email ? (
              <a href={`mailto:${vehicle.contact_email}`} className="hover:underline">
                {vehicle.contact_email}
              </a>
            ) : (
              orNone(null)
            )}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * /inventory/:id — every field of the vehicle, its status and its history, with the cards other areas declare for it
 * (its deals; composed in the router).
 */
export function VehiclePage({ cards }: { cards: VehicleCard[] }) {
  const { id = '' } = useParams();
  const query = useVehicle(id);
  const remove = useDeleteVehicle(id);
  const navigate = useNavigate();
  const { user } = useCurrentSession();

  const fallback = queryFallback(query, {
    loadingMessage: 'Loading vehicle...',
    failedMessage: 'Failed to load the vehicle',
    notFound: <VehicleNotFound />,
  });
  if (fallback || !query.data) return fallback;
  const vehicle = query.data;
  // A colleague's vehicle of a shared inventory is seen and sold, and changed by its owner, editors and admins.
  const canChange = mayChangeRecord(user, vehicle.user_id);

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackToInventory />
      <PageHeader
        title={vehicleName(vehicle)}
        description={<span className="font-mono text-sm break-all">{vehicle.vin ?? 'No VIN'}</span>}
        actions={
          canChange && (
            <>
              <StatusChanger vehicle={vehicle} />
              <DeleteButton
                title={`Delete the ${vehicleName(vehicle)}?`}
                description={
                  <>
                    <p>
                      The vehicle leaves the inventory. A vehicle that is on a deal cannot be deleted: remove it from the deal
                      first.
                    </p>
                    <p>Its history stays in the audit log. This cannot be undone.</p>
                  </>
                }
                onDelete={() =>
                  remove.mutateAsync().then(() => {
                    notifySuccess('Vehicle deleted', `${vehicleName(vehicle)} has been deleted.`);
                    navigate('/inventory', { replace: true });
                  })
                }
              />
              <Button asChild>
                <Link to={`/inventory/${vehicle.id}/edit`}>
                  <Pencil /> Edit
                </Link>
              </Button>
            </>
          )
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <PhotosCard vehicleId={vehicle.id} vehicleName={vehicleName(vehicle)} readOnly={!canChange} />
          <VehicleInformation vehicle={vehicle} />

          <Features features={vehicle.features} />

          <BuyersGuideCard vehicle={vehicle} />

          {vehicle.notes && (
            <Card>
              <CardHeader>
                <CardTitle>Notes</CardTitle>
              </CardHeader>
              <CardContent className="text-sm whitespace-pre-wrap">{vehicle.notes}</CardContent>
            </Card>
          )}

          {cards.map((card) => (
            <Suspense key={card.position} fallback={null}>
              {card.render(vehicle)}
            </Suspense>
          ))}
        </div>

        <div className="grid content-start gap-6">
          <ListingCard vehicle={vehicle} />
          <AgentCard vehicle={vehicle} canChange={canChange} />
          <ContactCard vehicle={vehicle} />
          <VehicleTimeline vehicleId={vehicle.id} />
        </div>
      </div>
    </div>
  );
}
