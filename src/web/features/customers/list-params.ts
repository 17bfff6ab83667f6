import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toSearchParams } from './api';

export const filterKeys = ['status', 'preference', 'source', 'added_from', 'added_to'] as const;
export type FilterKey = (typeof filterKeys)[number];

export type ListParams = {
  q: string;
  sort: string;
  filters: Record<FilterKey, string>;
  /** Cursors of the pages before this one, oldest first; the last is this page's cursor. */
  pages: string[];
};

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The list's search, filters, sort and page live in the query string, so a reload or a shared link shows the same
 * list. Changing the search or a filter goes back to the first page.
 */
export function useCustomerListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();

  const params: ListParams = useMemo(
    () => ({
      q: searchParams.get('q') ?? '',
      sort: searchParams.get('sort') ?? '',
      filters: Object.fromEntries(filterKeys.map((k) => [k, searchParams.get(k) ?? ''])) as Record<FilterKey, string>,
      pages: (searchParams.get('page') ?? '').split(',').filter(Boolean),
    }),
    [searchParams],
  );

  const write = useCallback(
    (next: ListParams, replace = false) => {
      // A search typed just before leaving the list must not follow the user to the next screen.
      if (window.location.pathname !== pathname) return;
      setSearchParams(
        new URLSearchParams(toSearchParams({ q: next.q, sort: next.sort, ...next.filters, page: next.pages.join(',') })),
        { replace },
      );
    },
    [setSearchParams, pathname],
  );

  const setSearch = useCallback((q: string) => write({ ...params, q, pages: [] }, true), [write, params]);

  const filterQuery = toSearchParams({ q: params.q, sort: params.sort, ...params.filters, tz: timeZone });

  return {
    params,
    filterQuery,
    listQuery: toSearchParams({ q: params.q, sort: params.sort, ...params.filters, tz: timeZone, cursor: params.pages.at(-1) }),
    activeFilterCount: filterKeys.filter((k) => params.filters[k]).length,
    setSearch,
    setSort: (sort: string) => write({ ...params, sort, pages: [] }),
    setFilters: (filters: Record<FilterKey, string>) => write({ ...params, filters, pages: [] }),
    next: (cursor: string) => write({ ...params, pages: [...params.pages, cursor] }),
    previous: () => write({ ...params, pages: params.pages.slice(0, -1) }),
  };
}
