import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf, SearchValues } from '@shared/http/contract';
import { api, toSearchParams, uploadWithProgress } from './api-client';

/**
 * What a call of a contract entry takes: its path's params, its query (the values, or a query string already built,
 * as a list page keeps in its address) and its body, each only where the entry has one.
 */
export type CallInput<E extends Endpoint> = (unknown extends ParamsOf<E> ? { params?: never } : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: never } : { query?: QueryOf<E> | string }) &
  (BodyOf<E> extends undefined ? { body?: never } : { body: BodyOf<E> });

/** The input may be left out when the entry has no params and no body. */
type InputArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type Input = { params?: Record<string, string>; query?: SearchValues | string; body?: unknown };

const searchOf = (query: Input['query']) =>
  typeof query === 'string' ? query : query === undefined ? '' : toSearchParams(query as SearchValues);

/** The entry's path with its params filled in (encoded) and its query string. */
export function urlOf(endpoint: Endpoint, input: Input = {}): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${endpoint.area}.${endpoint.name} needs the param ${name}`);
    return encodeURIComponent(value);
  });
  const search = searchOf(input.query);
  return search ? `${path}?${search}` : path;
}

/** Calls a contract entry; errors are `ApiError`s, as every call of `api`. */
export function call<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<ResponseOf<E>> {
  return callWith(endpoint, input as Input | undefined);
}

/** The same, stoppable: a query's `signal`. */
export function callWith<E extends Endpoint>(endpoint: E, input: Input = {}, signal?: AbortSignal): Promise<ResponseOf<E>> {
  return api<ResponseOf<E>>(urlOf(endpoint, input), { method: endpoint.method, body: input.body, signal });
}

/** Posts a contract entry's FormData body, telling `onProgress` the share sent so far (0 to 1). */
export function upload<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> & { body: FormData },
  onProgress: (sent: number) => void,
): Promise<ResponseOf<E>> {
  return uploadWithProgress<ResponseOf<E>>(urlOf(endpoint, input as Input), input.body, onProgress);
}

/**
 * The query key of a contract entry: its area, its name, its params in the path's order, its query string. Given no
 * input it is the prefix of every key of the entry, to invalidate them all; `[area]` refreshes the whole area.
 */
export function keyOf(endpoint: Endpoint, input?: Input): readonly string[] {
  if (!input) return [endpoint.area, endpoint.name];
  const params = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => input.params?.[name!] ?? '');
  const search = searchOf(input.query);
  return [endpoint.area, endpoint.name, ...params, ...(search ? [search] : [])];
}

/** TanStack Query's options of a GET entry: its key and its call, spread into `useQuery`, prefetch or `ensureQueryData`. */
export function queryOf<E extends Endpoint<'GET'>>(endpoint: E, ...[input]: InputArgs<E>) {
  return queryOptions({
    queryKey: keyOf(endpoint, (input ?? {}) as Input),
    queryFn: ({ signal }) => callWith(endpoint, input as Input | undefined, signal),
  });
}

/** A list read a page at a time: each page names the cursor of the next, null after the last. */
type Paged = { nextCursor: string | null };

/**
 * TanStack Query's options of a GET entry read a page at a time ('Show more'): its key is the entry's with the query
 * it was given, and each page is asked from the cursor the one before it answered. Spread into `useInfiniteQuery`.
 */
export function pagesOf<E extends Endpoint<'GET', string, Paged>>(endpoint: E, ...[input]: InputArgs<E>) {
  const given = (input ?? {}) as { params?: Record<string, string>; query?: SearchValues };
  return infiniteQueryOptions({
    queryKey: keyOf(endpoint, given),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => callWith(endpoint, { ...given, query: { ...given.query, cursor: pageParam } }, signal),
    getNextPageParam: (page: ResponseOf<E>) => (page as Paged).nextCursor,
  });
}

/**
 * The key every query of an area starts with, from its contract or its name: invalidating it refreshes the whole area.
 */
export function areaKey<C extends Record<string, Endpoint>>(contract: C): readonly [C[keyof C]['area']];
export function areaKey<A extends string>(area: A): readonly [A];
export function areaKey(contractOrArea: string | Record<string, Endpoint>): readonly [string] {
  return [typeof contractOrArea === 'string' ? contractOrArea : Object.values(contractOrArea)[0]!.area];
}
