/** How node-postgres turns a JavaScript value into the text it sends for a parameter. */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
