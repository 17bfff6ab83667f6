import type { z } from 'zod';

/**
 * The API as the web calls it: each area's `api.ts` in `src/shared` names its routes (method, path with `:params`,
 * the shared schema of the body or query where there is one, the response type). The web's typed client turns an
 * entry into a call and into query options; a test holds every entry to a route the server registers.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The values of a query string: empty ones are left out. */
export type SearchValues = Record<string, string | number | null | undefined>;

/** `{ id: string }` for '/api/customers/:id'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : unknown;

export type Endpoint<M extends Method = Method, P extends string = string, Res = unknown, Body = unknown, Query = unknown> = {
  /** The area the entry belongs to: the first element of its query keys. */
  readonly area: string;
  /** Its name in the area's contract: the second element of its query keys. */
  readonly name: string;
  readonly method: M;
  readonly path: P;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /** Types only, never set. */
  readonly types?: { response: Res; body: Body; query: Query };
};

export type ResponseOf<E> = E extends Endpoint<Method, string, infer Res> ? Res : never;
export type BodyOf<E> = E extends Endpoint<Method, string, unknown, infer Body> ? Body : never;
export type QueryOf<E> = E extends Endpoint<Method, string, unknown, unknown, infer Query> ? Query : never;
export type ParamsOf<E> = E extends Endpoint<Method, infer P> ? PathParams<P> : never;

/** A query string's values as a schema takes them, each of which may be left out. */
type SearchOf<S extends z.ZodType> = { [K in keyof z.input<S>]?: SearchValues[string] };

type Builder<M extends Method, P extends string, Body, Query> = {
  /** The body's type where no shared schema describes it (a FormData upload, a body of one field). */
  sends<B>(): Builder<M, P, B, Query>;
  /** The query's keys where no shared schema describes them. */
  searches<Q extends SearchValues>(): Builder<M, P, Body, Q>;
  returns<Res = void>(): Endpoint<M, P, Res, Body, Query>;
};

function builder<M extends Method, P extends string, Body, Query>(
  method: M,
  path: P,
  schemas: { body?: z.ZodType; query?: z.ZodType },
): Builder<M, P, Body, Query> {
  return {
    sends: () => builder(method, path, schemas),
    searches: () => builder(method, path, schemas),
    returns: () => ({ area: '', name: '', method, path, ...schemas }),
  };
}

type Schemas<B, Q> = { body?: B; query?: Q };
type BodyType<B> = B extends z.ZodType ? z.input<B> : undefined;
type QueryType<Q> = Q extends z.ZodType ? SearchOf<Q> : undefined;

const method =
  <M extends Method>(m: M) =>
  <const P extends `/api/${string}`, B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
    path: P,
    schemas: Schemas<B, Q> = {},
  ) =>
    builder<M, P, BodyType<B>, QueryType<Q>>(m, path, schemas as { body?: z.ZodType; query?: z.ZodType });

export const get = method('GET');
export const post = method('POST');
export const put = method('PUT');
export const patch = method('PATCH');
export const del = method('DELETE');

/** An area's contract: each entry stamped with its area and its name, which its query keys start with. */
export function defineApi<const A extends string, const E extends Record<string, Endpoint>>(
  area: A,
  endpoints: E,
): { [K in keyof E]: E[K] & { readonly area: A; readonly name: K } } {
  return Object.fromEntries(Object.entries(endpoints).map(([name, endpoint]) => [name, { ...endpoint, area, name }])) as {
    [K in keyof E]: E[K] & { readonly area: A; readonly name: K };
  };
}
