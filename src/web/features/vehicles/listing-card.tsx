import { Printer } from 'lucide-react';
import { publicVehiclePath } from '@shared/listings/paths';
import type { VehicleDetail } from '@shared/vehicles/types';
import { vehiclesApi } from '@shared/vehicles/api';
import { AddressField } from '@/components/secret-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { urlOf } from '@/lib/contract';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Whether the public sees the vehicle now, in words, and why not. */
function listingState(vehicle: Pick<VehicleDetail, 'listed' | 'status' | 'needs_buyers_guide'>) {
  if (!vehicle.listed) return { shown: false, text: 'Not listed: its page and the feeds leave it out (Edit → List online).' };
  if (vehicle.needs_buyers_guide)
    return {
      shown: false,
      text: 'Not shown for sale until its Buyers Guide is completed: its page and the feeds leave it out.',
    };
  if (vehicle.status === 'available') return { shown: true, text: 'On its public page and in the listing feeds.' };
  if (vehicle.status === 'sold') return { shown: false, text: 'Sold: out of the feeds; its page says it was sold.' };
  return { shown: false, text: `Out of the feeds and off its page while ${vehicle.status}.` };
}

/**
 * The vehicle online: its public page (an address made of a random key, for customers, marketplaces and the window
 * sticker's QR code), whether it is listed now, and the window sticker to print.
 */
export function ListingCard({ vehicle }: { vehicle: VehicleDetail }) {
  const url = `${location.origin}${publicVehiclePath(vehicle)}`;
  const state = listingState(vehicle);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Online listing</CardTitle>
        <CardAction>
          <Badge variant={state.shown ? 'default' : 'secondary'}>{state.shown ? 'Listed' : 'Not shown'}</Badge>
        </CardAction>
        <CardDescription>{state.text}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <AddressField address={url} label="public page link" open testId="public-page-url" />
        <Button variant="outline" size="sm" className="justify-self-start" asChild>
          <a href={urlOf(vehiclesApi.windowSticker, { params: { id: vehicle.id } })} target="_blank" rel="noreferrer">
            <Printer /> Print window sticker
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
