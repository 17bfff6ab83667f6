import { useListParams } from '@/lib/use-list-params';

export const filterKeys = [
  'status',
  'preference',
  'source',
  'added_from',
  'added_to',
  'stage_from',
  'sold',
  'follow_up',
] as const;
export type FilterKey = (typeof filterKeys)[number];

/** The list's search and filters from the address; the "Added from/to" days are the company's (the server reads them). */
export function useCustomerListParams() {
  return useListParams(filterKeys);
}
