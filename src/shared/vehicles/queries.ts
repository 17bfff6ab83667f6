import { z } from 'zod';
import { orderedRange, text } from '../common/fields.js';
import { optionalParam, pageQuerySchema } from '../http/paging.js';
import { MAX_MONEY_CENTS } from '../money.js';
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

const year = z.coerce
  .number({ error: 'Enter a year such as 2020' })
  .int('Enter a year such as 2020')
  .min(0, 'Enter a year such as 2020')
  .max(9999, 'Enter a year such as 2020');
const cents = z.coerce
  .number({ error: 'Enter an amount of 0 or more' })
  .int('Enter an amount of 0 or more')
  .min(0, 'Enter an amount of 0 or more')
  .max(MAX_MONEY_CENTS, 'Amount is too large');

/**
 * The filter shared by the list, the summary cards and the CSV export, so all three describe the same vehicles.
 * Prices are integer cents, like every amount the API carries.
 */
const vehicleFilterShape = {
  q: optionalParam(text(100)),
  status: optionalParam(z.enum(vehicleStatuses)),
  make: optionalParam(text(60)),
  year_min: optionalParam(year),
  year_max: optionalParam(year),
  price_min: optionalParam(cents),
  price_max: optionalParam(cents),
  sort: optionalParam(z.enum(vehicleSorts)),
};

/** 'Year from' after 'Year to', or 'Price from' above 'Price to', is refused rather than matching nothing. */
const inOrder = <T extends z.ZodObject>(schema: T) =>
  schema
    .superRefine(orderedRange('year_min', 'year_max', "'Year to' can't be before 'Year from'"))
    .superRefine(orderedRange('price_min', 'price_max', "'Price to' can't be below 'Price from'"));

export const vehicleFilterSchema = inOrder(z.object(vehicleFilterShape));
export type VehicleFilter = z.output<typeof vehicleFilterSchema>;

export const vehicleListQuerySchema = inOrder(z.object({ ...vehicleFilterShape, ...pageQuerySchema.shape }));
export type VehicleListQuery = z.output<typeof vehicleListQuerySchema>;

export const vehicleOptionsQuerySchema = z.object({
  q: optionalParam(text(100)),
  status: optionalParam(z.enum(vehicleStatuses)),
});

export const vinCheckQuerySchema = z.object({
  vin: optionalParam(text(40)),
  /** The vehicle being edited, which is no duplicate of itself. */
  exclude_id: optionalParam(z.uuid()),
});

export const VEHICLE_OPTIONS_LIMIT = 20;
/** Makes of the inventory suggested at most: beyond this many, the ones with the fewest vehicles are left out. */
export const VEHICLE_MAKES_LIMIT = 200;
