import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { csvChunks, csvDollars } from '../../http/csv.js';
import type { VehicleFilter } from '../../../shared/vehicles/queries.js';
import { eachVehicle, type VehicleRow } from './list.js';

const header = [
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

const csvRow = (v: VehicleRow) => [
  v.year,
  v.make,
  v.model,
  v.vin,
  v.color,
  v.mileage,
  csvDollars(v.price_cents),
  v.status,
  v.location,
  v.contact_name,
  v.contact_phone,
  v.contact_email,
  v.features.join('; '),
  v.notes,
  v.created_at.toISOString().slice(0, 10),
];

/** The filtered inventory as CSV, read a batch at a time. */
export const vehiclesCsv = (db: Kysely<DB>, actor: Actor, filter: VehicleFilter) =>
  csvChunks(header, eachVehicle(db, actor, filter), csvRow);

export const csvFileName = (now = new Date()) => `vehicles-${now.toISOString().slice(0, 10)}.csv`;
