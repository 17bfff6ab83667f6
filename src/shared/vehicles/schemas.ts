import { z } from 'zod';
import {
  blankNumber,
  dollars,
  moneyCents,
  optionalEmail,
  optionalName,
  optionalText,
  requiredText,
  textList,
  version,
} from '../common/fields.js';
import { vehicleConditions, vehicleStatuses } from './options.js';
import { checkVin, normalizeVin } from './vin.js';

export const MIN_VEHICLE_YEAR = 1900;
export const MAX_MILEAGE = 9_999_999;

/** Read when a value is validated, not when the module loads, so a server running over New Year stays right. */
export const maxVehicleYear = () => new Date().getFullYear() + 2;

const year = z
  .number({ error: 'Invalid year' })
  .int('Invalid year')
  .min(MIN_VEHICLE_YEAR, 'Invalid year')
  .refine((y) => y <= maxVehicleYear(), 'Year too far in future');

const mileage = z.preprocess(
  blankNumber,
  z
    .number({ error: 'Mileage must be positive' })
    .int('Mileage must be a whole number')
    .min(0, 'Mileage must be positive')
    .max(MAX_MILEAGE, 'Mileage is too high')
    .optional()
    .transform((v) => v ?? 0),
);

/** Optional; when given it must be a well-formed VIN. A check-digit mismatch is only a warning, never refused. */
export const optionalVin = z
  .string()
  .nullish()
  .transform((v) => (v ? normalizeVin(v) : null))
  .superRefine((v, ctx) => {
    if (v === null) return;
    const [message] = checkVin(v).errors;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const contactEmail = optionalEmail().transform((v) => v && v.toLowerCase());

const vehicleFields = {
  make: requiredText(60, 'Make is required'),
  model: requiredText(80, 'Model is required'),
  year,
  vin: optionalVin,
  color: optionalText(40),
  mileage,
  status: z.enum(vehicleStatuses).default('available'),
  condition: z.enum(vehicleConditions, { error: 'Choose new or used' }).default('used'),
  /** Shown on its public page and in the listing feeds while it is available. */
  listed: z.boolean({ error: 'Listed online must be on or off' }).default(true),
  location: optionalText(120),
  contact_name: optionalName(120),
  contact_phone: optionalText(40),
  contact_email: contactEmail,
  features: textList(60, 40, 'Too many features'),
  notes: optionalText(5000),
};

/** The New Vehicle / Edit Vehicle form: price in dollars as typed. */
export const vehicleFormSchema = z.object({
  ...vehicleFields,
  price: dollars('Price must be positive', 'Price is too high', 'Required'),
});
export type VehicleFormValues = z.input<typeof vehicleFormSchema>;
export type VehicleFormOutput = z.output<typeof vehicleFormSchema>;

/** What the API accepts: the same fields with the price as integer cents. */
export const vehicleInputSchema = z.object({
  ...vehicleFields,
  price_cents: moneyCents('Price must be positive', 'Price is too high'),
});
export type VehicleInput = z.output<typeof vehicleInputSchema>;

/** An edit carries the `updated_at` it was loaded with; a newer row means someone else saved first. */
export const vehicleUpdateSchema = vehicleInputSchema.extend({ updated_at: version });
export type VehicleUpdate = z.output<typeof vehicleUpdateSchema>;
