export const customerStatuses = ['active', 'prospect', 'inactive'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];

export const customerStatusLabels: Record<CustomerStatus, string> = {
  active: 'Active',
  prospect: 'Prospect',
  inactive: 'Inactive',
};

export const carPreferences = [
  'Luxury',
  'SUV',
  'Electric',
  'Sedan',
  'Sports',
  'Convertible',
  'Family',
  'Compact',
  'Truck',
  'Hybrid',
  'Coupe',
  'Hatchback',
] as const;

export const leadSources = ['Referral', 'Website', 'Social Media', 'Walk-in', 'Phone', 'Other'] as const;
export type LeadSource = (typeof leadSources)[number];
