export const dealStatuses = ['pending', 'in-progress', 'completed', 'cancelled'] as const;
export type DealStatus = (typeof dealStatuses)[number];

export const dealClassifications = ['customer_paid', 'broker_deal', 'dealer_paid', 'cash_deal'] as const;
export type DealClassification = (typeof dealClassifications)[number];

export const dealManufacturers = [
  'BMW', 'Mercedes-Benz', 'Audi', 'Tesla', 'Porsche', 'Lexus', 'Acura', 'Infiniti', 'Cadillac', 'Lincoln', 'Genesis',
  'Volvo', 'Jaguar', 'Land Rover',
] as const;
