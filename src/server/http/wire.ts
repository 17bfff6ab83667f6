/** What a row becomes in a JSON response: its moments (Date) as ISO strings. */
export type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/**
 * Holds a server row type against the API type `src/shared` declares for it, at compile time: a column added to one
 * and not the other fails the typecheck. Use as `const _check: Matches<Wire<Row>, ApiType> = true`.
 */
export type Matches<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
