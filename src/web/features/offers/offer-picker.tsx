import { useEffect, useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { OfferRef } from '@shared/offers/schemas';
import { vehicleName } from '@shared/vehicles/types';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { SearchPicker } from '@/components/search-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { useVehicleOptions } from '@/features/vehicles/api';
import { formatCents } from '@/lib/format';
import { notifySuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCustomOffers, useDeleteCustomOffer } from './api';
import { CustomOfferDialog } from './custom-offer-dialog';

/** The offer the tabs work on: an inventory vehicle or a custom offer. */
export type SelectedOffer = { ref: OfferRef; label: string };

/** Pick a vehicle from inventory by make, model or VIN, or one of the custom offers (create, select, delete). */
export function OfferPicker({
  selected,
  onSelect,
}: {
  selected: SelectedOffer | null;
  onSelect: (offer: SelectedOffer | null) => void;
}) {
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const vehicles = useVehicleOptions(text.trim(), searching);
  const offers = useCustomOffers();
  const remove = useDeleteCustomOffer();
  // The vehicle field names the vehicle chosen, so it empties once the choice is a custom offer (or nothing).
  const chosenVehicle = selected?.ref.vehicle_id ?? null;
  useEffect(() => {
    if (chosenVehicle === null) setText('');
  }, [chosenVehicle, selected]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Offer</CardTitle>
        <CardDescription>{selected ? `Selected: ${selected.label}` : 'Select a vehicle or a custom offer'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="offer-vehicle">Vehicle from inventory</Label>
          <SearchPicker
            id="offer-vehicle"
            value={text}
            placeholder="Search by make, model or VIN"
            options={vehicles.data ?? []}
            optionKey={(vehicle) => vehicle.id}
            renderOption={(vehicle) => (
              <span className="flex justify-between gap-2">
                <span className="truncate">{vehicleName(vehicle)}</span>
                <span className="text-muted-foreground shrink-0 text-xs">{formatCents(vehicle.price_cents)}</span>
              </span>
            )}
            onFocus={() => setSearching(true)}
            onChange={(event) => setText(event.target.value)}
            onPick={(vehicle) => {
              setText(vehicleName(vehicle));
              onSelect({ ref: { vehicle_id: vehicle.id }, label: vehicleName(vehicle) });
            }}
          />
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium">Custom offers</p>
            <CustomOfferDialog
              onCreated={(offer) => onSelect({ ref: { custom_offer_id: offer.id }, label: vehicleName(offer) })}
            />
          </div>
          <QueryState query={offers} loadingMessage="Loading offers..." failedMessage="Failed to load custom offers">
            {(items) =>
              items.length === 0 ? (
                <p className="text-muted-foreground text-sm">No custom offers yet.</p>
              ) : (
                <ul className="grid gap-2" aria-label="Custom offers">
                  {items.map((offer) => {
                    const active = selected?.ref.custom_offer_id === offer.id;
                    return (
                      <li
                        key={offer.id}
                        className={cn('flex items-center gap-2 rounded-md border p-2', active && 'border-primary bg-primary/5')}
                      >
                        <button
                          type="button"
                          className="min-w-0 flex-1 text-left"
                          aria-pressed={active}
                          onClick={() => onSelect({ ref: { custom_offer_id: offer.id }, label: vehicleName(offer) })}
                        >
                          <span className="block truncate text-sm font-medium">{vehicleName(offer)}</span>
                          <span className="text-muted-foreground text-xs">
                            {formatCents(offer.price_cents)}
                            {offer.original_price_cents && offer.original_price_cents > offer.price_cents
                              ? ` · was ${formatCents(offer.original_price_cents)}`
                              : ''}
                          </span>
                        </button>
                        {active && <Badge>Selected</Badge>}
                        <DeleteButton
                          title="Delete this offer?"
                          description={`${vehicleName(offer)} is removed from the list. Images already posted keep working.`}
                          onDelete={async () => {
                            await remove.mutateAsync(offer.id);
                            if (active) onSelect(null);
                            notifySuccess('Offer Deleted', `${vehicleName(offer)} was removed.`);
                          }}
                          trigger={
                            <Button variant="ghost" size="icon-sm" aria-label={`Delete ${vehicleName(offer)}`}>
                              <Trash2 />
                            </Button>
                          }
                        />
                      </li>
                    );
                  })}
                </ul>
              )
            }
          </QueryState>
        </div>
      </CardContent>
    </Card>
  );
}
