import { badRequest } from './errors.js';

/** Keyset paging: a cursor is the sort key of the last row seen, base64url-encoded JSON. */
export function encodeCursor(values: (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, length: number): (string | number | null)[] | null {
  if (!cursor) return null;
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length) return values;
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

/** Fetch limit + 1 rows; this keeps `limit` and says whether there is a next page. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => (string | number | null)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
