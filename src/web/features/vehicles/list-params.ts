import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { toSearchParams } from './api';

export const filterKeys = ['status', 'make', 'year_min', 'year_max', 'price_min', 'price_max'] as const;
export type FilterKey = (typeof filterKeys)[number];
export type Filters = Record<FilterKey, string>;

export const noFilters: Filters = { status: '', make: '', year_min: '', year_max: '', price_min: '', price_max: '' };

export type ListParams = {
  q: string;
  sort: string;
  /** As the API takes them; prices in cents. */
  filters: Filters;
  /** Cursors of the pages before this one, oldest first; the last is this page's cursor. */
  pages: string[];
};

/**
 * The inventory's search, filters, sort and page live in the query string, so a reload or a shared link shows the
 * same list. Changing the search, a filter or the sort goes back to the first page.
 */
export function useVehicleListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params: ListParams = useMemo(
    () => ({
      q: searchParams.get('q') ?? '',
      sort: searchParams.get('sort') ?? '',
      filters: Object.fromEntries(filterKeys.map((k) => [k, searchParams.get(k) ?? ''])) as Filters,
      pages: (searchParams.get('page') ?? '').split(',').filter(Boolean),
    }),
    [searchParams],
  );

  const write = useCallback(
    (next: ListParams, replace = false) =>
      setSearchParams(
        new URLSearchParams(toSearchParams({ q: next.q, sort: next.sort, ...next.filters, page: next.pages.join(',') })),
        { replace },
      ),
    [setSearchParams],
  );

  const setSearch = useCallback((q: string) => write({ ...params, q, pages: [] }, true), [write, params]);
  const filterQuery = toSearchParams({ q: params.q, sort: params.sort, ...params.filters });

  return {
    params,
    filterQuery,
    listQuery: toSearchParams({ q: params.q, sort: params.sort, ...params.filters, cursor: params.pages.at(-1) }),
    activeFilterCount: filterKeys.filter((k) => params.filters[k]).length,
    setSearch,
    setSort: (sort: string) => write({ ...params, sort, pages: [] }),
    setFilters: (filters: Filters) => write({ ...params, filters, pages: [] }),
    next: (cursor: string) => write({ ...params, pages: [...params.pages, cursor] }),
    previous: () => write({ ...params, pages: params.pages.slice(0, -1) }),
  };
}
