export const dealStatuses = ['pending', 'in-progress', 'completed', 'cancelled'] as const;
export type DealStatus = (typeof dealStatuses)[number];

export const dealClassifications = ['customer_paid', 'broker_deal', 'dealer_paid', 'cash_deal'] as const;
export type DealClassification = (typeof dealClassifications)[number];

export const dealManufacturers = [
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
] as const;

export const dealStatusLabels: Record<DealStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const dealClassificationLabels: Record<DealClassification, string> = {
  customer_paid: 'Customer Paid',
  broker_deal: 'Broker Deal',
  dealer_paid: 'Dealer Paid',
  cash_deal: 'Cash Deal',
};

/** Deals that still hold their vehicle; a completed deal holds it as sold. */
export const openDealStatuses = ['pending', 'in-progress'] as const satisfies readonly DealStatus[];

/** Sales figures (units, gross, fees, revenue) count completed deals only. */
export const salesStatus = 'completed' satisfies DealStatus;
