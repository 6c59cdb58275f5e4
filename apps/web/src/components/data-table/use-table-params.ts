import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { countActiveFilters } from './active-filters';
import type { SortState } from './data-table';

interface TableParamsOptions<F extends string> {
  /** Filter keys kept in the URL (`?grupo=..&activo=..`). */
  filters: readonly F[];
  defaultSort?: SortState | null;
  pageSize?: number;
}

interface TableParams<F extends string> {
  page: number;
  pageSize: number;
  search: string;
  sort: SortState | null;
  filters: Record<F, string>;
  /** True when a search or a filter is set. */
  filtered: boolean;
  /** How many filters are set (not the search; a period counts once): the phone's «Filtros (n)». */
  activeCount: number;
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: SortState) => void;
  setFilter: (key: F, value: string | null) => void;
  clear: () => void;
  /** Query object for the list call: q, page, pageSize, sort + order (asc|desc) and the filters. */
  query: Record<string, string | number>;
}

/**
 * Page, sort, search and filters of a list kept in the URL, so a list can be shared, reloaded and
 * navigated back to as it was. Any change other than the page goes back to page 1.
 */
export function useTableParams<F extends string>({ filters: keys, defaultSort = null, pageSize = 25 }: TableParamsOptions<F>): TableParams<F> {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const sortBy = params.get('sort');
  const sort: SortState | null = sortBy ? { by: sortBy, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' } : defaultSort;
  const filterKey = keys.join('|');
  const filters = useMemo(
    () => Object.fromEntries(filterKey.split('|').map((key) => [key, params.get(key) ?? ''])) as Record<F, string>,
    [params, filterKey],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void, resetPage = true) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setOrDelete = (next: URLSearchParams, key: string, value: string | null) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };

  const query: Record<string, string | number> = { page, pageSize };
  if (search) query.q = search;
  if (sort) {
    query.sort = sort.by;
    query.order = sort.dir;
  }
  for (const key of keys) if (filters[key]) query[key] = filters[key];

  return {
    page,
    pageSize,
    search,
    sort,
    filters,
    filtered: Boolean(search) || keys.some((key) => Boolean(filters[key])),
    activeCount: countActiveFilters(filters),
    setPage: (next) => update((p) => setOrDelete(p, 'page', next > 1 ? String(next) : null), false),
    setSearch: (next) => update((p) => setOrDelete(p, 'q', next.trim() || null)),
    setSort: (next) =>
      update((p) => {
        p.set('sort', next.by);
        p.set('dir', next.dir);
      }),
    setFilter: (key, value) => update((p) => setOrDelete(p, key, value)),
    clear: () =>
      update((p) => {
        p.delete('q');
        for (const key of keys) p.delete(key);
      }),
    query,
  };
}
