import { z } from 'zod';
import { optionalParam, pageQuerySchema } from '../http/paging.js';
import { vehicleStatuses } from './options.js';

export const vehicleSorts = ['newest', 'oldest', 'price_desc', 'price_asc', 'year_desc', 'year_asc'] as const;
export type VehicleSort = (typeof vehicleSorts)[number];

export const vehicleSortLabels: Record<VehicleSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  price_desc: 'Price: high to low',
  price_asc: 'Price: low to high',
  year_desc: 'Year: newest',
  year_asc: 'Year: oldest',
};

const year = z.coerce.number().int('Invalid year').min(0, 'Invalid year').max(9999, 'Invalid year');
const cents = z.coerce.number().int('Invalid price').min(0, 'Invalid price');

/**
 * The filter shared by the list, the summary cards and the CSV export, so all three describe the same vehicles.
 * Prices are integer cents, like every amount the API carries.
 */
export const vehicleFilterSchema = z.object({
  q: optionalParam(z.string().trim().max(100)),
  status: optionalParam(z.enum(vehicleStatuses)),
  make: optionalParam(z.string().trim().max(60)),
  year_min: optionalParam(year),
  year_max: optionalParam(year),
  price_min: optionalParam(cents),
  price_max: optionalParam(cents),
  sort: optionalParam(z.enum(vehicleSorts)),
});
export type VehicleFilter = z.output<typeof vehicleFilterSchema>;

export const vehicleListQuerySchema = vehicleFilterSchema.extend(pageQuerySchema.shape);
export type VehicleListQuery = z.output<typeof vehicleListQuerySchema>;

export const vehicleOptionsQuerySchema = z.object({
  q: optionalParam(z.string().trim().max(100)),
  status: optionalParam(z.enum(vehicleStatuses)),
});

export const vinCheckQuerySchema = z.object({
  vin: optionalParam(z.string().max(40)),
  /** The vehicle being edited, which is no duplicate of itself. */
  exclude_id: optionalParam(z.uuid()),
});

export const VEHICLE_OPTIONS_LIMIT = 20;
