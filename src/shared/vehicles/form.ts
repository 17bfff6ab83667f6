import { toCents, toDollars } from '../money.js';
import type { VehicleFormOutput, VehicleFormValues, VehicleInput } from './schemas.js';
import type { Vehicle } from './types.js';

/** A form field's name for an API field's, where they differ; for placing the server's field messages. */
export const vehicleFormField = (apiField: string) => (apiField === 'price_cents' ? 'price' : apiField);

export function formToVehicleInput({ price, ...rest }: VehicleFormOutput): VehicleInput {
  return { ...rest, price_cents: toCents(price) };
}

/** New Vehicle defaults: available, used, listed online, 0 miles, no features; year and price start blank. */
export const emptyVehicleForm: Partial<VehicleFormValues> = {
  make: '',
  model: '',
  vin: '',
  color: '',
  mileage: 0,
  status: 'available',
  condition: 'used',
  listed: true,
  location: '',
  contact_name: '',
  contact_phone: '',
  contact_email: '',
  features: [],
  notes: '',
};

export function vehicleToForm(vehicle: Vehicle): VehicleFormValues {
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    vin: vehicle.vin ?? '',
    color: vehicle.color ?? '',
    mileage: vehicle.mileage,
    price: toDollars(vehicle.price_cents),
    status: vehicle.status,
    condition: vehicle.condition,
    listed: vehicle.listed,
    location: vehicle.location ?? '',
    contact_name: vehicle.contact_name ?? '',
    contact_phone: vehicle.contact_phone ?? '',
    contact_email: vehicle.contact_email ?? '',
    features: vehicle.features,
    notes: vehicle.notes ?? '',
  };
}

/** The API body that saves a vehicle unchanged except for the given fields. */
export function vehicleToInput(vehicle: Vehicle): VehicleInput {
  return {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    vin: vehicle.vin,
    color: vehicle.color,
    mileage: vehicle.mileage,
    price_cents: vehicle.price_cents,
    status: vehicle.status,
    condition: vehicle.condition,
    listed: vehicle.listed,
    location: vehicle.location,
    contact_name: vehicle.contact_name,
    contact_phone: vehicle.contact_phone,
    contact_email: vehicle.contact_email,
    features: vehicle.features,
    notes: vehicle.notes,
  };
}
