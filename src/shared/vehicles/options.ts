/** New, or used: a used vehicle offered for sale carries the FTC's Buyers Guide. */
export const vehicleConditions = ['new', 'used'] as const;
export type VehicleCondition = (typeof vehicleConditions)[number];
export const vehicleConditionLabels: Record<VehicleCondition, string> = { new: 'New', used: 'Used' };

export const vehicleStatuses = ['available', 'pending', 'sold', 'reserved'] as const;
export type VehicleStatus = (typeof vehicleStatuses)[number];

/**
 * Each status in words: its label in lists and exports, and its summary card's title (the spec's Available, Pending
 * and Sold, and Reserved beside them).
 */
export const vehicleStatusLabels: Record<VehicleStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold',
  reserved: 'Reserved',
};

/**
 * Inventory value, on the dashboard and the inventory page alike: the asking prices of the vehicles still to sell
 * (available, pending, reserved), not of those already sold.
 */
export const unsoldStatuses = ['available', 'pending', 'reserved'] as const satisfies readonly VehicleStatus[];
export const INVENTORY_VALUE_NOTE = 'Vehicles not yet sold';

/** The makes suggested as a make is typed, beside those already in the inventory; any other make may be typed. */
export const makeSuggestions = [
  'Acura',
  'Audi',
  'BMW',
  'Buick',
  'Cadillac',
  'Chevrolet',
  'Chrysler',
  'Dodge',
  'Ford',
  'Genesis',
  'GMC',
  'Honda',
  'Hyundai',
  'Infiniti',
  'Jaguar',
  'Jeep',
  'Kia',
  'Land Rover',
  'Lexus',
  'Lincoln',
  'Mazda',
  'Mercedes-Benz',
  'MINI',
  'Mitsubishi',
  'Nissan',
  'Porsche',
  'Ram',
  'Subaru',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
] as const;

/** The common makes and the inventory's, each once whatever its case, in alphabetical order. */
export function suggestedMakes(inventory: readonly string[]): string[] {
  const byKey = new Map<string, string>();
  for (const make of [...makeSuggestions, ...inventory]) {
    const key = make.trim().toLowerCase();
    if (key && !byKey.has(key)) byKey.set(key, make.trim());
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

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
