import { sql } from 'kysely';
import { readable } from '../../platform/readable-files.js';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { csvChunks, csvDay, csvDollars, csvMoment } from '../../http/csv.js';
import { vehicleStatusLabels } from '../../../shared/vehicles/options.js';
import type { VehicleFilter } from '../../../shared/vehicles/queries.js';
import { eachVehicle, type VehicleRow } from './list.js';

export const vehicleCsvHeader = [
  'Year',
  'Make',
  'Model',
  'VIN',
  'Color',
  'Mileage',
  'Price',
  'Status',
  'Location',
  'Contact Name',
  'Contact Phone',
  'Contact Email',
  'Features',
  'Notes',
  'Date Added',
];

/** A vehicle as a line of the inventory's CSV: the price in dollars, the day added as YYYY-MM-DD in `timeZone`. */
export function vehicleCsvRow(timeZone: string) {
  const day = csvDay(timeZone);
  return (v: VehicleRow) => [
    v.year,
    v.make,
    v.model,
    v.vin,
    v.color,
    v.mileage,
    csvDollars(v.price_cents),
    vehicleStatusLabels[v.status],
    v.location,
    v.contact_name,
    v.contact_phone,
    v.contact_email,
    v.features.join('; '),
    v.notes,
    day(v.created_at),
  ];
}

/** The filtered inventory as CSV, read a batch at a time, its days in UTC. */
/** The inventory's CSV, its days in `timeZone` (the company's). */
export const vehiclesCsv = (db: Kysely<DB>, actor: Actor, filter: VehicleFilter, timeZone: string) =>
  csvChunks(vehicleCsvHeader, eachVehicle(db, actor, filter), vehicleCsvRow(timeZone));

/** `vehicles-2026-11-25.csv`, named by the business day it was made. */
export const csvFileName = (today: string) => `vehicles-${today}.csv`;

/** The full export's `readable/vehicles.csv`. */
export const vehiclesReadable = readable<VehicleRow & { owner_name: string }>({
  name: 'vehicles',
  table: 'vehicles',
  about: 'The inventory with the columns of the Inventory screen’s export and the agent it belongs to',
  header: [...vehicleCsvHeader, 'Agent', 'Last Updated', 'Vehicle ID', 'Agent ID'],
  select: () => sql`SELECT t.*, u.name AS owner_name FROM vehicles t JOIN users u ON u.id = t.user_id`,
  line: (timeZone) => {
    const [row, moment] = [vehicleCsvRow(timeZone), csvMoment(timeZone)];
    return (v) => [...row(v), v.owner_name, moment(v.updated_at), v.id, v.user_id];
  },
});
