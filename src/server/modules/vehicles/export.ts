import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { toCsv } from '../../http/csv.js';
import type { VehicleFilter } from '../../../shared/vehicles/queries.js';
import { eachVehicle, type VehicleRow } from './list.js';

const header = [
  'Year', 'Make', 'Model', 'VIN', 'Color', 'Mileage', 'Price', 'Status', 'Location',
  'Contact Name', 'Contact Phone', 'Contact Email', 'Features', 'Notes', 'Date Added',
];

const csvRow = (v: VehicleRow) => [
  v.year, v.make, v.model, v.vin, v.color, v.mileage, (v.price_cents / 100).toFixed(2), v.status, v.location,
  v.contact_name, v.contact_phone, v.contact_email, v.features.join('; '), v.notes, v.created_at.toISOString().slice(0, 10),
];

/** The filtered inventory as CSV, streamed a batch at a time so a large lot never sits in memory whole. */
export function vehiclesCsv(db: Kysely<DB>, actor: Actor, filter: VehicleFilter): Readable {
  const headerLine = toCsv(header, []);
  async function* lines() {
    yield headerLine;
    for await (const batch of eachVehicle(db, actor, filter)) {
      if (batch.length > 0) yield toCsv(header, batch.map(csvRow)).slice(headerLine.length);
    }
  }
  return Readable.from(lines());
}

export const csvFileName = (now = new Date()) => `vehicles-${now.toISOString().slice(0, 10)}.csv`;
