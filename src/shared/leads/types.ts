/** What a vehicle in a lead is to the customer (ADF 1.0 `vehicle interest`). */
export const vehicleInterests = ['buy', 'lease', 'sell', 'trade-in', 'test-drive'] as const;
export type VehicleInterest = (typeof vehicleInterests)[number];

export type LeadVehicle = {
  interest: VehicleInterest;
  status: 'new' | 'used';
  year: number | null;
  make: string | null;
  model: string | null;
  vin: string | null;
  trim: string | null;
  price_cents: number | null;
};

/** One prospect of an ADF document, as Torque reads it. */
export type ParsedLead = {
  /** The `requestdate` as an ISO 8601 moment with its offset, as sent; null when missing or unreadable. */
  request_date: string | null;
  customer: {
    name: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phones: { type: string | null; number: string }[];
    comments: string | null;
  };
  /** The vehicle the customer asks about (the first that is not a trade-in), and the one they would trade in. */
  vehicle: LeadVehicle | null;
  trade: LeadVehicle | null;
  vendor: { name: string | null; contact: string | null };
  provider: { name: string | null; service: string | null; url: string | null; email: string | null };
};

/** Why an ADF document was not taken in as leads, as the Leads screen and the ADF endpoint's refusals say it. */
export const adfReasons = {
  noDocument: 'No <adf> document found',
  notWellFormed: 'Not well-formed XML',
  notReadable: 'Not readable',
  doctype: 'The document declares a DOCTYPE, which ADF does not use',
  unknownEntity: 'The document uses an entity XML does not define',
  noProspect: 'The document has no <prospect>',
  noContact: 'A prospect has no customer name, e-mail or phone',
};

/** '1999 Chevrolet Blazer': what a lead's vehicle is called on screens and in a new customer's Car Preferences. */
export const vehicleLabel = (vehicle: Pick<LeadVehicle, 'year' | 'make' | 'model'>) =>
  [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ');
