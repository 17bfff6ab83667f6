import { useListParams } from '@/lib/use-list-params';

export const filterKeys = ['status', 'preference', 'source', 'added_from', 'added_to'] as const;
export type FilterKey = (typeof filterKeys)[number];

// The "Added from/to" filter dates are days in the browser's time zone.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export const useCustomerListParams = () => useListParams(filterKeys, { tz: timeZone });
