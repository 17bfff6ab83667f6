import { useSearchParams } from 'react-router';
import { useListParams } from '@/lib/use-list-params';

export const filterKeys = ['status', 'preference', 'source', 'added_from', 'added_to', 'stage_from', 'sold'] as const;
export type FilterKey = (typeof filterKeys)[number];

// The "Added from/to" filter dates are days in the browser's time zone.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The list's search and filters from the address. A link that names its time zone (the analytics funnel's, whose days
 * are UTC days) is read in that zone until a filter is changed here.
 */
export function useCustomerListParams() {
  const [searchParams] = useSearchParams();
  return useListParams(filterKeys, { tz: searchParams.get('tz') || timeZone });
}
