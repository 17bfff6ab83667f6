import { useListParams } from '@/lib/use-list-params';

/** As the API takes them; prices in cents. */
export const filterKeys = ['status', 'make', 'year_min', 'year_max', 'price_min', 'price_max'] as const;
export type FilterKey = (typeof filterKeys)[number];

export const useVehicleListParams = () => useListParams(filterKeys);
