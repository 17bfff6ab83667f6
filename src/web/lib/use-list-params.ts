import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toSearchParams } from './api-client';

type ListParams<K extends string> = {
  q: string;
  sort: string;
  /** As the API takes them. */
  filters: Record<K, string>;
  /** Cursors of the pages before this one, oldest first; the last is this page's cursor. */
  pages: string[];
};

/** What a list's pager needs besides the next page's cursor. */
export type ListPaging = { hasPrevious: boolean; onPrevious: () => void; onNext: (cursor: string) => void; label: string };

/**
 * A list's search, filters, sort and page live in the query string, so a reload or a shared link shows the same
 * list. Changing the search, a filter or the sort goes back to the first page.
 */
export function useListParams<K extends string>(filterKeys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();

  const params: ListParams<K> = useMemo(
    () => ({
      q: searchParams.get('q') ?? '',
      sort: searchParams.get('sort') ?? '',
      filters: Object.fromEntries(filterKeys.map((k) => [k, searchParams.get(k) ?? ''])) as Record<K, string>,
      pages: (searchParams.get('page') ?? '').split(',').filter(Boolean),
    }),
    [searchParams, filterKeys],
  );

  const write = useCallback(
    (next: ListParams<K>, replace = false) => {
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
  const setFilters = (filters: Record<K, string>) => write({ ...params, filters, pages: [] });
  const query = { q: params.q, sort: params.sort, ...params.filters };
  const activeFilterCount = filterKeys.filter((k) => params.filters[k]).length;

  return {
    params,
    filterQuery: toSearchParams(query),
    listQuery: toSearchParams({ ...query, cursor: params.pages.at(-1) }),
    activeFilterCount,
    /** A search or a filter narrows the list. */
    isFiltered: Boolean(params.q) || activeFilterCount > 0,
    setSearch,
    setSort: (sort: string) => write({ ...params, sort, pages: [] }),
    setFilter: (key: K, value: string) => setFilters({ ...params.filters, [key]: value }),
    clearFilters: () => setFilters(Object.fromEntries(filterKeys.map((k) => [k, ''])) as Record<K, string>),
    paging: {
      hasPrevious: params.pages.length > 0,
      onPrevious: () => write({ ...params, pages: params.pages.slice(0, -1) }),
      onNext: (cursor: string) => write({ ...params, pages: [...params.pages, cursor] }),
      label: `Page ${params.pages.length + 1}`,
    } satisfies ListPaging,
  };
}

/** The list's state and setters, as a screen's filter panel takes them. */
export type ListControls<K extends string> = ReturnType<typeof useListParams<K>>;
