export const vehicleStatuses = ['available', 'pending', 'sold', 'reserved'] as const;
export type VehicleStatus = (typeof vehicleStatuses)[number];

/**
 * Inventory value, on the dashboard and the inventory page alike: the asking prices of the vehicles still to sell
 * (available, pending, reserved), not of those already sold.
 */
export const unsoldStatuses = ['available', 'pending', 'reserved'] as const satisfies readonly VehicleStatus[];
export const INVENTORY_VALUE_NOTE = 'Vehicles not yet sold';

export const makeSuggestions = [
  'BMW',
  'Mercedes-Benz',
  'Audi',
  'Tesla',
  'Porsche',
  'Lexus',
  'Acura',
  'Infiniti',
  'Cadillac',
  'Lincoln',
  'Genesis',
  'Volvo',
  'Jaguar',
  'Land Rover',
  'Ford',
  'Chevrolet',
  'Toyota',
  'Honda',
  'Nissan',
  'Mazda',
  'Subaru',
  'Hyundai',
] as const;

export const vehicleFeatures = [
  'Navigation',
  'Sunroof',
  'Leather Interior',
  'Premium Sound',
  'Autopilot',
  'All-Wheel Drive',
  'Heated Seats',
  'Backup Camera',
  'Bluetooth',
  'USB Ports',
  'Keyless Entry',
  'Remote Start',
  'Third Row Seating',
  'Towing Package',
  'Sport Package',
  'Premium Package',
  'Technology Package',
] as const;
